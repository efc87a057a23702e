import { activityCounter } from '@/content/activity-counter'
import { nextActivityCount } from '@/features/activity/activity-count'

/** Marks the element showing the count; shared with the component that renders it. */
export const activityCountAttribute = 'data-activity-count'

/**
 * Makes the number tick (SPEC §4: every 30 s, up by 0, 1 or 2). Plain DOM code run by the
 * landing page's inline script: a number that changes needs no framework.
 */
export function startActivityCounter(root: ParentNode): void {
  const counter = root.querySelector(`[${activityCountAttribute}]`)
  if (!counter) return
  let count: number = activityCounter.start
  setInterval(() => {
    count = nextActivityCount(count)
    counter.textContent = String(count)
  }, activityCounter.tickMs)
}
