import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { defaultRateLimits } from './rate-limiter'
import { countFunnelStep, maxOriginsPerDay, otherOrigin, parisDay } from '../storage/funnel-counts'
import { validLead } from '../test-support/lead-fixtures'
import { databaseKinds } from '../test-support/test-databases'
import { useTestRelay } from '../test-support/test-relay'

const beacon = { 'content-type': 'text/plain;charset=UTF-8' }

describe.each(databaseKinds())('funnel counts on the %s database', (kind) => {
  const relay = useTestRelay(kind)

  const report = (body: unknown, headers: Record<string, string> = beacon) =>
    relay().app.inject({
      method: 'POST',
      url: '/api/funnel',
      headers,
      payload: typeof body === 'string' ? body : JSON.stringify(body),
      remoteAddress: '203.0.113.20',
    })

  const postLead = (lead: Record<string, unknown>) =>
    relay().app.inject({
      method: 'POST',
      url: '/api/leads',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(lead),
    })

  async function countsOf(campaign: string) {
    const rows = await relay().db.query<{
      day: string
      utm_content: string
      step: string
      count: number
    }>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, utm_content, step, sum(count)::integer AS count
       FROM funnel_counts WHERE utm_campaign = $1
       GROUP BY day, utm_content, step ORDER BY utm_content, step`,
      [campaign],
    )
    return rows
  }

  const campaign = () => `c-${randomUUID()}`

  it('counts each step a page reports, per day, campaign and ad, answering 204', async () => {
    const name = campaign()
    for (const step of ['view', 'view', 'form_start', 'estimate', 'view']) {
      const response = await report({ step, utm_campaign: name, utm_content: 'ad-1' })
      expect(response.statusCode).toBe(204)
      expect(response.body).toBe('')
    }
    expect(
      (
        await report(
          { step: 'view', utm_campaign: name, utm_content: 'ad-2' },
          {
            'content-type': 'application/json',
          },
        )
      ).statusCode,
    ).toBe(204)
    const today = parisDay(new Date())
    expect(await countsOf(name)).toEqual([
      { day: today, utm_content: 'ad-1', step: 'estimate', count: 1 },
      { day: today, utm_content: 'ad-1', step: 'form_start', count: 1 },
      { day: today, utm_content: 'ad-1', step: 'view', count: 3 },
      { day: today, utm_content: 'ad-2', step: 'view', count: 1 },
    ])
  })

  it('stores a missing or empty campaign and ad as empty text', async () => {
    const before = await countsOf('')
    const viewsBefore = before.find((row) => row.step === 'view' && row.utm_content === '')
    expect((await report({ step: 'view' })).statusCode).toBe(204)
    expect((await report({ step: 'view', utm_campaign: '', utm_content: '' })).statusCode).toBe(204)
    const after = await countsOf('')
    const views = after.find((row) => row.step === 'view' && row.utm_content === '')
    expect(views!.count - (viewsBefore?.count ?? 0)).toBe(2)
  })

  it.each([
    [{ step: 'lead', utm_campaign: 'x', utm_content: 'y' }, 'step'],
    [{ step: 'purchase' }, 'step'],
    [{ step: 'VIEW' }, 'step'],
    [{ utm_campaign: 'x' }, 'step'],
    [{ step: 'view', utm_campaign: 42 }, 'utm_campaign'],
    [{ step: 'view', utm_content: ['a'] }, 'utm_content'],
    [{ step: 'view', utm_campaign: 'x'.repeat(201) }, 'utm_campaign'],
    [{ step: 'view', uid: 'abc' }, 'uid'],
    [{ step: 'view', timestamp: '2026-11-23T10:00:00Z' }, 'timestamp'],
    [['view'], 'body'],
    ['"view"', 'body'],
    ['null', 'body'],
  ])('refuses %j with 400 naming %s', async (body, field) => {
    const response = await report(body)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ error: expect.any(String) })
    expect(response.json().fields).toHaveProperty(field)
  })

  it('refuses broken JSON, U+0000, oversized bodies and other types, never a 5xx', async () => {
    expect((await report('{"step":')).statusCode).toBe(400)
    expect((await report('{"step":"view","utm_campaign":"a\\u0000b"}')).statusCode).toBe(400)
    expect((await report({ step: 'view', utm_campaign: 'x'.repeat(5_000) })).statusCode).toBe(413)
    const form = await report('step=view', { 'content-type': 'application/x-www-form-urlencoded' })
    expect(form.statusCode).toBe(415)
    expect((await report('', beacon)).statusCode).toBe(400)
  })

  it(`counts campaign × ad pairs past ${maxOriginsPerDay} a day under "${otherOrigin}"`, async () => {
    // A throwaway day far in the past stands for a day already full of invented campaigns.
    const day = '2001-01-01'
    await relay().db.query(
      `INSERT INTO funnel_counts (day, utm_campaign, utm_content, step, count)
       SELECT $1::date, 'flood-' || n, '', 'view', 1 FROM generate_series(1, $2::integer) AS n`,
      [day, maxOriginsPerDay],
    )
    const at = new Date('2001-01-01T12:00:00Z')
    await countFunnelStep(relay().db, 'view', { utm_campaign: 'flood-1', utm_content: '' }, at)
    await countFunnelStep(relay().db, 'view', { utm_campaign: 'late', utm_content: 'a' }, at)
    await countFunnelStep(relay().db, 'form_start', { utm_campaign: 'later', utm_content: '' }, at)
    const rows = await relay().db.query<{ utm_campaign: string; step: string; count: number }>(
      `SELECT utm_campaign, step, sum(count)::integer AS count FROM funnel_counts
       WHERE day = $1::date AND utm_campaign IN ('flood-1', 'late', 'later', $2)
       GROUP BY utm_campaign, step ORDER BY utm_campaign, step`,
      [day, otherOrigin],
    )
    expect(rows).toEqual([
      { utm_campaign: otherOrigin, step: 'form_start', count: 1 },
      { utm_campaign: otherOrigin, step: 'view', count: 1 },
      { utm_campaign: 'flood-1', step: 'view', count: 2 },
    ])
    const [{ pairs } = { pairs: 0 }] = await relay().db.query<{ pairs: number }>(
      `SELECT count(DISTINCT (utm_campaign, utm_content))::integer AS pairs FROM funnel_counts
       WHERE day = $1::date`,
      [day],
    )
    expect(pairs).toBe(maxOriginsPerDay + 1)
  })

  it('counts a stored lead under its campaign and ad, not a duplicate nor a trap-field robot', async () => {
    const name = campaign()
    const lead = validLead({ utm_campaign: name, utm_content: 'ad-9', utm_source: 'facebook' })
    expect((await postLead(lead)).statusCode).toBe(202)
    expect((await postLead(lead)).statusCode).toBe(202) // the same request again
    expect((await postLead(validLead({ utm_campaign: name, site_web: 'x' }))).statusCode).toBe(202)
    expect((await postLead(validLead({ utm_campaign: name }))).statusCode).toBe(202)
    const today = parisDay(new Date())
    expect(await countsOf(name)).toEqual([
      { day: today, utm_content: '', step: 'lead', count: 1 },
      { day: today, utm_content: 'ad-9', step: 'lead', count: 1 },
    ])
  })

  it('keeps nothing that could tell one visitor from another', async () => {
    const columns = await relay().db.query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'funnel_counts'
       ORDER BY ordinal_position`,
    )
    expect(columns.map((column) => column.column_name)).toEqual([
      'day',
      'utm_campaign',
      'utm_content',
      'step',
      'count',
      // The database connection that counted (migration 12), never the visitor.
      'shard',
    ])
  })
})

describe.each(databaseKinds())('funnel rate limiting on the %s database', (kind) => {
  // The default burst, with a refill too slow to matter however long a loaded machine takes over
  // the 62 requests (at the default 2 a second, one came back during a slow run).
  const relay = useTestRelay(kind, {
    rateLimits: {
      ...defaultRateLimits,
      funnel: { ...defaultRateLimits.funnel, perSecond: 1 / 3_600 },
    },
  })

  it('answers 429 past a burst of reports from one client, not to others', async () => {
    const send = (remoteAddress: string) =>
      relay().app.inject({
        method: 'POST',
        url: '/api/funnel',
        headers: beacon,
        payload: '{"step":"view"}',
        remoteAddress,
      })
    const statuses: number[] = []
    for (let index = 0; index < 62; index += 1)
      statuses.push((await send('198.51.100.30')).statusCode)
    expect(statuses.slice(0, 60)).toEqual(Array(60).fill(204))
    expect(statuses.slice(60)).toEqual([429, 429])
    expect((await send('198.51.100.31')).statusCode).toBe(204)
  })
})
