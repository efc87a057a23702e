/**
 * The day's real number of requests, for a site configured with `activityCounter: real`: served by
 * the relay from its funnel counts (a sum for the day, no cookie, nothing about any visitor) and
 * read once by the landing page's loader.
 */
export const activityPath = '/api/activity'

export interface ActivityReport {
  /** The calendar day in Paris, `YYYY-MM-DD`. */
  day: string
  /** Requests (leads) received that day. */
  requests: number
}
