import { useEffect, useState } from 'react'
import { activityCounter } from '@/content/landing'
import { nextActivityCount } from '@/features/activity/activity-count'

/**
 * The "activity of the day" number. Its box is wide enough for three digits and uses tabular
 * figures, so a tick never moves the text around it.
 */
export function ActivityCounter() {
  const [count, setCount] = useState<number>(activityCounter.start)

  useEffect(() => {
    const timer = setInterval(
      () => setCount((current) => nextActivityCount(current)),
      activityCounter.tickMs,
    )
    return () => clearInterval(timer)
  }, [])

  return (
    <strong
      data-testid="activity-count"
      className="inline-block min-w-[3ch] text-center text-2xl tabular-nums text-brand-700"
    >
      {count}
    </strong>
  )
}
