/** Business constants of the activity-of-the-day counter (SPEC §4, §9). Not server data. */
export const activityCounter = {
  start: 31,
  tickMs: 30_000,
  maxIncrement: 2,
} as const
