import { createHmac, randomBytes } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import { replayDeliveries } from './deliveries'
import { startForwardTarget, type ForwardTarget } from '../test-support/forward-target'
import { validLead, waitFor } from '../test-support/lead-fixtures'
import { databaseKinds } from '../test-support/test-databases'
import { roomyRateLimits, startTestRelay, type TestRelay } from '../test-support/test-relay'

const fastRetries = {
  backoff: { baseMs: 50, maxMs: 400 },
  pollMs: 50,
  rateLimits: roomyRateLimits,
}

describe.each(databaseKinds())('lead delivery to the webhook on the %s database', (kind) => {
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
  }, 60_000)

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
    expect(relay.logLines.join('')).toContain('"msg":"delivered"')
  }, 30_000)
})

describe.each(databaseKinds())('delivery rules on the %s database', (kind) => {
  let relay: TestRelay | undefined
  let target: ForwardTarget | undefined

  afterEach(async () => {
    await relay?.stop()
    await target?.close()
  })

  const post = (body: unknown) =>
    relay!.app.inject({
      method: 'POST',
      url: '/api/leads',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    })
  const health = async () =>
    (await relay!.app.inject({ method: 'GET', url: '/healthz' })).json() as {
      status: string
      reasons?: string[]
      destinations: Record<string, { pending: number; parked: number; active: boolean }>
    }
  const deliveryState = async () =>
    (
      await relay!.db.query<{ state: string; last_error: string | null; attempts: number }>(
        'SELECT state, last_error, attempts FROM lead_deliveries WHERE destination = $1',
        ['webhook'],
      )
    )[0]

  it('parks a delivery the webhook refuses for good (HTTP 400), then replays it on demand', async () => {
    target = await startForwardTarget()
    target.mode = 'reject'
    relay = await startTestRelay(kind, { leadForwardUrl: target.url }, fastRetries)
    await post(validLead())
    await waitFor(async () => (await deliveryState())?.state === 'parked', { what: 'parking' })
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(target.received).toHaveLength(1)
    expect(await deliveryState()).toMatchObject({ state: 'parked', last_error: 'HTTP 400' })
    const parked = await health()
    expect(parked.status).toBe('degraded')
    expect(parked.reasons).toContain('a delivery is parked')
    expect(parked.destinations.webhook).toMatchObject({ pending: 0, parked: 1, active: true })

    target.mode = 'ok'
    expect(await replayDeliveries(relay.db, { parked: true, destination: 'webhook' })).toBe(1)
    await waitFor(async () => (await deliveryState())?.state === 'delivered', { what: 'replay' })
    expect((await health()).status).toBe('ok')
  }, 30_000)

  it('leaves a delivery under way alone when its lead is replayed, so it is never sent twice at once', async () => {
    target = await startForwardTarget({ delayMs: 1_500 })
    relay = await startTestRelay(
      kind,
      { leadForwardUrl: target.url, forwardTimeoutMs: 5_000 },
      fastRetries,
    )
    await post(validLead())
    await waitFor(() => target!.received.length === 1, { what: 'the delivery to start' })
    const leadId = target.received[0]!.idempotencyKey
    expect(await replayDeliveries(relay.db, { leadId })).toBe(0)
    await waitFor(async () => (await deliveryState())?.state === 'delivered', { what: 'delivery' })
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(target.received).toHaveLength(1)
    expect(target.overlapping).toEqual([])
  }, 30_000)

  it('retries a 429 (rate limited) instead of parking it, and delivers once the target accepts', async () => {
    target = await startForwardTarget()
    target.mode = 'busy'
    relay = await startTestRelay(kind, { leadForwardUrl: target.url }, fastRetries)
    await post(validLead())
    await waitFor(() => target!.received.length >= 3, { what: 'three refused attempts' })
    expect(await deliveryState()).toMatchObject({ state: 'pending', last_error: 'HTTP 429' })
    target.mode = 'ok'
    await waitFor(async () => (await deliveryState())?.state === 'delivered', { what: 'delivery' })
  }, 30_000)

  it('follows a 303 redirect as a browser does and counts the lead delivered once', async () => {
    target = await startForwardTarget()
    target.mode = 'redirect'
    relay = await startTestRelay(kind, { leadForwardUrl: target.url }, fastRetries)
    await post(validLead())
    await waitFor(async () => (await deliveryState())?.state === 'delivered', { what: 'delivery' })
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(target.received).toHaveLength(1)
    expect(target.redirectedGets).toBe(1)
  }, 30_000)

  it('parks after 72 hours of temporary failures, counted on the worker’s clock', async () => {
    target = await startForwardTarget()
    target.mode = 'fail'
    let offsetMs = 0
    relay = await startTestRelay(
      kind,
      { leadForwardUrl: target.url },
      { ...fastRetries, now: () => new Date(Date.now() + offsetMs) },
    )
    await post(validLead())
    await waitFor(() => target!.received.length >= 3, { what: 'three failures' })
    expect((await deliveryState())?.state).toBe('pending')
    offsetMs = 71 * 3_600_000
    const seen = target.received.length
    await waitFor(() => target!.received.length >= seen + 2, { what: 'more failures at 71 h' })
    expect((await deliveryState())?.state).toBe('pending')
    offsetMs = 72 * 3_600_000 + 1_000
    await waitFor(async () => (await deliveryState())?.state === 'parked', { what: 'parking' })
    expect((await deliveryState())?.last_error).toBe('HTTP 500')
  }, 30_000)

  it('signs every attempt per Standard Webhooks and adds the fixed header', async () => {
    target = await startForwardTarget()
    const key = randomBytes(32)
    relay = await startTestRelay(
      kind,
      {
        leadForwardUrl: target.url,
        leadForwardSecret: key,
        leadForwardHeader: { name: 'x-make-apikey', value: 'cle-de-test' },
      },
      fastRetries,
    )
    target.mode = 'fail'
    await post(validLead())
    await waitFor(() => target!.received.length >= 2, { what: 'two attempts' })
    target.mode = 'ok'
    await waitFor(async () => (await deliveryState())?.state === 'delivered', { what: 'delivery' })
    for (const delivery of target.received) {
      const { headers } = delivery
      // Verified the way the specification tells a receiver to, independently of the relay.
      const expected = createHmac('sha256', key)
        .update(`${headers['webhook-id']}.${headers['webhook-timestamp']}.${delivery.raw}`)
        .digest('base64')
      expect(headers['webhook-signature']).toBe(`v1,${expected}`)
      expect(headers['webhook-id']).toBe(headers['idempotency-key'])
      expect(Math.abs(Number(headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(30)
      expect(headers['x-make-apikey']).toBe('cle-de-test')
    }
    expect(new Set(target.received.map((delivery) => delivery.headers['webhook-id'])).size).toBe(1)
    expect(relay.logLines.join('')).not.toContain(key.toString('base64'))
  }, 30_000)

  it('claims continuously: a slow delivery does not hold the others', async () => {
    target = await startForwardTarget({ delayMs: 400 })
    relay = await startTestRelay(
      kind,
      { leadForwardUrl: target.url, deliveryConcurrency: 4, forwardTimeoutMs: 5_000 },
      fastRetries,
    )
    const started = Date.now()
    for (let index = 0; index < 8; index += 1) await post(validLead())
    await waitFor(async () => (await health()).destinations.webhook?.pending === 0, {
      what: 'all deliveries',
    })
    // Eight 400 ms deliveries four at a time: two rounds, not eight.
    expect(Date.now() - started).toBeLessThan(8 * 400)
    expect(target.overlapping).toEqual([])
  }, 30_000)

  it('says "degraded" when no destination is configured, and still stores the lead', async () => {
    relay = await startTestRelay(kind, {}, fastRetries)
    expect((await post(validLead())).statusCode).toBe(202)
    const state = await health()
    expect(state.status).toBe('degraded')
    expect(state.reasons).toContain('no destination is configured')
    expect(state.destinations.webhook).toMatchObject({ pending: 1, active: false })
    expect(relay.logLines.join('')).toContain(
      'destination webhook: off, LEAD_FORWARD_URL is not set',
    )
  }, 30_000)

  it('says "degraded" only past 15 minutes pending, and "ok" again once delivered', async () => {
    target = await startForwardTarget()
    target.mode = 'fail'
    relay = await startTestRelay(kind, { leadForwardUrl: target.url }, fastRetries)
    await post(validLead())
    expect((await health()).status).toBe('ok')
    await relay.db.query(
      "UPDATE lead_deliveries SET created_at = now() - interval '14 minutes 50 seconds'",
    )
    expect((await health()).status).toBe('ok')
    await relay.db.query("UPDATE lead_deliveries SET created_at = now() - interval '16 minutes'")
    const late = await health()
    expect(late.status).toBe('degraded')
    expect(late.reasons).toEqual(['a delivery has been pending for over 15 minutes'])
    expect(late.destinations.webhook).toMatchObject({ pending: 1, parked: 0 })

    target.mode = 'ok'
    await waitFor(async () => (await deliveryState())?.state === 'delivered', { what: 'delivery' })
    expect((await health()).status).toBe('ok')
  }, 30_000)
})
