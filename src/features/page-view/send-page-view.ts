import { buildPageViewPayload } from '../../../common/page-view-contract'

/**
 * Sends the page-view event (SPEC §7) once, when the address carries a `uid`. `no-cors` means the
 * answer is opaque and never read; failures are ignored.
 */
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
