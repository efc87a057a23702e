/**
 * The page-view event (SPEC §7): sent once on the landing page when the address carries a `uid`
 * (the ad click's id). `no-cors` means the answer is opaque and never read; failures are ignored.
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

export function sendPageView(endpoint: string, search: string, now: Date = new Date()): void {
  const payload = buildPageViewPayload(search, now)
  if (!payload) return
  fetch(endpoint, {
    method: 'POST',
    mode: 'no-cors',
    keepalive: true,
    body: JSON.stringify(payload),
  }).catch(() => {
    // Ignored on purpose: a lost page view must never disturb the visitor (SPEC §8).
  })
}
