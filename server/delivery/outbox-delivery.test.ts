import { afterEach, describe, expect, it } from 'vitest'
import { startForwardTarget, type ForwardTarget } from '../test-support/forward-target'
import { validLead, waitFor } from '../test-support/lead-fixtures'
import { databaseKinds } from '../test-support/test-databases'
import { roomyRateLimits, startTestRelay, type TestRelay } from '../test-support/test-relay'

const fastRetries = {
  backoff: { baseMs: 50, maxMs: 400 },
  pollMs: 50,
  rateLimits: roomyRateLimits,
}

describe.each(databaseKinds())('lead delivery from the outbox on the %s database', (kind) => {
  let relay: TestRelay | undefined
  let target: ForwardTarget | undefined

  afterEach(async () => {
    await relay?.stop()
    await target?.close()
  })

  async function start(timeoutMs: number, delayMs = 0) {
    target = await startForwardTarget({ delayMs })
    relay = await startTestRelay(
      kind,
      { leadForwardUrl: target.url, forwardTimeoutMs: timeoutMs },
      fastRetries,
    )
    return { relay, target }
  }

  const post = (relay: TestRelay, body: unknown) =>
    relay.app.inject({
      method: 'POST',
      url: '/api/leads',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    })

  const backlog = async (relay: TestRelay) =>
    (await relay.app.inject({ method: 'GET', url: '/healthz' })).json().outbox.pending as number

  it('keeps retrying through a failing then hanging target, and delivers once it recovers', async () => {
    const { relay, target } = await start(300)
    target.mode = 'fail'
    const lead = validLead()
    expect((await post(relay, lead)).statusCode).toBe(202)
    await waitFor(() => target.received.length >= 3, { what: 'three failed attempts' })

    target.mode = 'hang'
    const failures = target.received.length
    await waitFor(() => target.received.length >= failures + 2, { what: 'two timed-out attempts' })
    expect(await backlog(relay)).toBe(1)

    target.mode = 'ok'
    await waitFor(async () => (await backlog(relay)) === 0, { what: 'delivery' })

    const keys = new Set(target.received.map((delivery) => delivery.idempotencyKey))
    expect(keys.size).toBe(1)
    const [key] = [...keys]
    expect(target.deliveredCounts().get(key!)).toBe(1)
    expect(target.received.at(-1)!.body).toMatchObject({
      email: lead.email,
      telephone: '0612345678',
      consentement: true,
      consentement_texte: lead.consentement_texte,
    })
    expect(target.received.at(-1)!.body).not.toHaveProperty('site_web')
    const [row] = await relay.db.query<{ delivered_at: Date | null }>(
      'SELECT delivered_at FROM leads WHERE id = $1',
      [key],
    )
    expect(row!.delivered_at).toBeInstanceOf(Date)
    const logs = relay.logLines.join('')
    expect(logs).toContain('"reason":"HTTP 500"')
    expect(logs).toContain('no answer within 300 ms')
    expect(logs).not.toContain(lead.email as string)
  }, 30_000)

  it('delivers a batch of leads, each exactly once', async () => {
    const { relay, target } = await start(2_000)
    const leads = Array.from({ length: 25 }, () => validLead())
    for (const lead of leads) expect((await post(relay, lead)).statusCode).toBe(202)
    await waitFor(async () => (await backlog(relay)) === 0, { what: 'all deliveries' })
    const counts = target.deliveredCounts()
    expect(counts.size).toBe(25)
    expect([...counts.values()].every((count) => count === 1)).toBe(true)
    expect(target.overlapping).toEqual([])
  }, 30_000)

  it('finishes the delivery under way before closing', async () => {
    const { relay, target } = await start(5_000, 600)
    await post(relay, validLead())
    await waitFor(() => target.received.length === 1, { what: 'the delivery to start' })
    await relay.stop()
    expect(target.deliveredCounts().size).toBe(1)
    expect(relay.logLines.join('')).toContain('lead delivered')
  }, 30_000)
})
