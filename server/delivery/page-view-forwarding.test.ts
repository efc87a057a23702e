import { afterEach, describe, expect, it } from 'vitest'
import { startForwardTarget, type ForwardTarget } from '../test-support/forward-target'
import { waitFor } from '../test-support/lead-fixtures'
import { roomyRateLimits, startTestRelay, type TestRelay } from '../test-support/test-relay'

describe('page-view forwarding', () => {
  let relay: TestRelay | undefined
  let target: ForwardTarget | undefined
  afterEach(async () => {
    await relay?.stop()
    await target?.close()
  })

  const event = { event: 'page_view', uid: 'fb.1.abc', clicked_at_iso8601: '2026-11-22T10:00:00Z' }
  const send = (body: unknown) =>
    relay!.app.inject({
      method: 'POST',
      url: '/api/page-views',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify(body),
    })

  it('forwards the three fields of the event once, and nothing else', async () => {
    target = await startForwardTarget()
    relay = await startTestRelay(
      'embedded',
      { pageViewForwardUrl: target.url },
      { rateLimits: roomyRateLimits },
    )
    expect((await send({ ...event, extra: 'dropped' })).statusCode).toBe(202)
    await waitFor(() => target!.received.length === 1, { what: 'the page view' })
    expect(target.received[0]!.body).toEqual(event)
    expect(await relay.db.query("SELECT 1 FROM pg_tables WHERE tablename LIKE '%page%'")).toEqual(
      [],
    )
  }, 30_000)

  it('answers 202 at once even when the target hangs, and drops what it cannot send', async () => {
    target = await startForwardTarget()
    target.mode = 'hang'
    relay = await startTestRelay(
      'embedded',
      { pageViewForwardUrl: target.url, forwardTimeoutMs: 300 },
      { rateLimits: roomyRateLimits },
    )
    for (let index = 0; index < 20; index += 1) {
      const started = performance.now()
      expect((await send(event)).statusCode).toBe(202)
      expect(performance.now() - started).toBeLessThan(200)
    }
    await waitFor(() => relay!.logLines.join('').includes('page view dropped'), {
      what: 'page views beyond 16 in flight to be dropped',
    })
    await waitFor(() => relay!.logLines.join('').includes('no answer within 300 ms'), {
      what: 'the forward to time out',
    })
    expect(target.received.length).toBeGreaterThanOrEqual(16)
    expect(target.received.length).toBeLessThan(20)
  }, 30_000)
})
