import type { PageViewPayload } from '../../common/page-view-contract'

const maxUidLength = 200

/** Checks a page-view event (SPEC §3) and keeps only its three fields, or returns the field errors. */
export function parsePageView(
  body: unknown,
): { ok: true; payload: PageViewPayload } | { ok: false; errors: Record<string, string> } {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    return { ok: false, errors: { body: 'Expected a JSON object' } }
  }
  const input = body as Record<string, unknown>
  const errors: Record<string, string> = {}
  if (input.event !== 'page_view') errors.event = 'Expected "page_view"'
  const { uid, clicked_at_iso8601: clickedAt } = input
  if (typeof uid !== 'string' || uid.trim() === '' || uid.length > maxUidLength) {
    errors.uid = `Expected a non-empty string of at most ${maxUidLength} characters`
  }
  if (
    typeof clickedAt !== 'string' ||
    clickedAt.length > 40 ||
    Number.isNaN(Date.parse(clickedAt))
  ) {
    errors.clicked_at_iso8601 = 'Expected an ISO date-time'
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors }
  return {
    ok: true,
    payload: { event: 'page_view', uid: uid as string, clicked_at_iso8601: clickedAt as string },
  }
}
