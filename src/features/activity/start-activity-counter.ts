import { activityCounterMode } from '../../../common/site-config/activity-counter-mode'
import { activityCounter } from '@/content/activity-counter'
import { nextActivityCount } from '@/features/activity/activity-count'
import { activityPath, type ActivityReport } from '../../../common/activity-contract'

/** Marks the element showing the count; shared with the component that renders it. */
export const activityCountAttribute = 'data-activity-count'

/**
 * Makes the number tick (SPEC §4: every 30 s, up by 0, 1 or 2), or shows the day's real count
 * once (its block is rendered invisible until then, and stays so if the relay does not answer).
 * Plain DOM code run by the landing page's inline script: a number needs no framework.
 */
export function startActivityCounter(root: ParentNode): void {
  const counter = root.querySelector(`[${activityCountAttribute}]`)
  if (!counter) return
  if (activityCounterMode === 'real') {
    fetch(activityPath)
      .then((response) => response.json() as Promise<ActivityReport>)
      .then(({ requests }) => {
        if (!Number.isInteger(requests)) return
        counter.textContent = String(requests)
        counter.parentElement?.classList.remove('invisible')
      })
      .catch(() => {})
    return
  }
  let count: number = activityCounter.start
  setInterval(() => {
    count = nextActivityCount(count)
    counter.textContent = String(count)
  }, activityCounter.tickMs)
}
