import { describe, expect, it } from 'vitest'
import { buildPageViewPayload } from './page-view-contract'

const now = new Date('2026-09-01T08:30:15.123Z')

describe('buildPageViewPayload', () => {
  it('builds the SPEC §3 event when the address carries a uid', () => {
    expect(buildPageViewPayload('?uid=abc123', now)).toStrictEqual({
      event: 'page_view',
      uid: 'abc123',
      clicked_at_iso8601: '2026-09-01T08:30:15.123Z',
    })
  })

  it('reads the uid among other query parameters', () => {
    expect(buildPageViewPayload('?utm_source=facebook&uid=xyz&fbclid=IwAR0', now)?.uid).toBe('xyz')
  })

  it('accepts the search string without its leading question mark', () => {
    expect(buildPageViewPayload('uid=abc', now)?.uid).toBe('abc')
  })

  it('decodes an encoded uid', () => {
    expect(buildPageViewPayload('?uid=a%20b%2Bc%C3%A9%26d', now)?.uid).toBe('a b+cé&d')
    expect(buildPageViewPayload('?uid=a+b', now)?.uid).toBe('a b')
  })

  it('keeps the first uid when the parameter is repeated', () => {
    expect(buildPageViewPayload('?uid=first&uid=second', now)?.uid).toBe('first')
  })

  it.each(['', '?', '?utm_source=facebook', '?UID=abc', '?user_id=abc', '?uid', '?uid='])(
    'returns undefined when there is no non-empty uid in %j',
    (search) => {
      expect(buildPageViewPayload(search, now)).toBeUndefined()
    },
  )

  it('writes the click time as an ISO date-time', () => {
    const payload = buildPageViewPayload('?uid=1', new Date(Date.UTC(2026, 11, 31, 23, 59, 59)))
    expect(payload?.clicked_at_iso8601).toBe('2026-12-31T23:59:59.000Z')
  })
})
