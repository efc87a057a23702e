import { activityCounter } from '@/content/activity-counter'
import { activityCountAttribute } from '@/features/activity/start-activity-counter'

/**
 * The "activity of the day" number, rendered at its start value and made to tick by
 * `startActivityCounter`; or, with a `source`, left empty until the relay's real count arrives.
 * Its box is wide enough for three digits and uses tabular figures, so a change never moves the
 * text around it.
 */
export function ActivityCounter({ source }: { source?: string }) {
  return (
    <strong
      {...{ [activityCountAttribute]: source ?? '' }}
      data-testid="activity-count"
      className="inline-block min-w-[3ch] text-center text-2xl text-brand-700 tabular-nums"
    >
      {source ? null : activityCounter.start}
    </strong>
  )
}
