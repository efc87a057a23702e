import { activityCounter } from '@/content/activity-counter'

/** The next value of the daily-activity counter: up by 0, 1 or 2 (SPEC §4). Not server data. */
export function nextActivityCount(current: number, random: () => number = Math.random): number {
  const step = Math.min(
    activityCounter.maxIncrement,
    Math.floor(random() * (activityCounter.maxIncrement + 1)),
  )
  return current + step
}
