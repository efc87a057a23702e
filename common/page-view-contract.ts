/**
 * The page-view event's wire format (SPEC §7): what the landing page sends once when the address
 * carries a `uid` (the ad click's id), and what the relay checks and forwards.
 */
export interface PageViewPayload {
  event: 'page_view'
  uid: string
  clicked_at_iso8601: string
}

export function buildPageViewPayload(search: string, now: Date): PageViewPayload | undefined {
  const uid = new URLSearchParams(search).get('uid')
  if (!uid) return undefined
  return { event: 'page_view', uid, clicked_at_iso8601: now.toISOString() }
}
