import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LeadCard } from '../../common/back-office/screens-api'
import { validLead } from '../test-support/lead-fixtures'
import { databaseKinds } from '../test-support/test-databases'
import { useTestRelay } from '../test-support/test-relay'
import { registerAdminScreensApi } from './screens-api'

const origin = 'http://admin.test'
const claire = 'claire@courtier.example'
const marc = 'marc@courtier.example'
/** 10:42 in Paris. */
const clock = new Date('2027-03-02T09:42:00Z')
let now = clock

describe.each(databaseKinds())('claiming a lead on the %s database', (kind) => {
  const relay = useTestRelay(kind)
  let app: FastifyInstance

  beforeAll(async () => {
    await relay().db.query('CREATE TABLE claim_audit (who text, action text, details jsonb)')
    app = Fastify()
    registerAdminScreensApi(app, {
      db: relay().db,
      erasures: relay().erasures,
      now: () => now,
      // The advisor is whoever the test says; the real session check is tested with the login.
      requireAdminApi: async (request, reply) => {
        const email = request.headers['x-test-advisor']
        if (typeof email !== 'string') return reply.code(401).send({ error: 'Session requise' })
        request.adminUser = { id: email, email }
      },
      requireSameOrigin: async (request, reply) => {
        if (request.headers.origin !== origin) return reply.code(403).send({ error: 'Origine' })
      },
      audit: async (sql, user, action, details) => {
        await sql.query('INSERT INTO claim_audit VALUES ($1, $2, $3)', [
          user.email,
          action,
          JSON.stringify(details ?? {}),
        ])
      },
    })
    await app.ready()
  })
  afterAll(() => app?.close())

  const claim = (id: string, advisor: string, from = origin) =>
    app.inject({
      method: 'POST',
      url: `/admin/api/leads/${id}/claim`,
      headers: { 'x-test-advisor': advisor, origin: from, 'content-type': 'application/json' },
      payload: '{}',
    })

  async function newLead(): Promise<string> {
    const lead = validLead({ telephone: `06${String(Math.random()).slice(2, 10)}` })
    const response = await relay().app.inject({
      method: 'POST',
      url: '/api/leads',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(lead),
    })
    expect(response.statusCode).toBe(202)
    const [row] = await relay().db.query<{ id: string }>('SELECT id FROM leads WHERE email = $1', [
      lead.email,
    ])
    return row!.id
  }

  it('records who took the lead, once, for every advisor to see; refuses another advisor', async () => {
    now = clock
    const id = await newLead()
    const first = await claim(id, claire)
    expect(first.statusCode).toBe(201)
    expect(first.json<{ lead: LeadCard }>().lead).toMatchObject({
      id,
      claimedBy: claire,
      claimedAt: clock.toISOString(),
    })
    // The same advisor again: nothing changes, nothing more is audited.
    const again = await claim(id, claire)
    expect(again.statusCode).toBe(200)
    expect(again.json<{ lead: LeadCard }>().lead.claimedBy).toBe(claire)

    const other = await claim(id, marc)
    expect(other.statusCode).toBe(409)
    expect(other.json<{ error: string }>().error).toBe(
      `Cette demande est déjà prise en charge par ${claire} (à 10\u00a0h\u00a042).`,
    )

    const seen = await app.inject({
      method: 'GET',
      url: `/admin/api/leads/${id}`,
      headers: { 'x-test-advisor': marc },
    })
    expect(seen.json<{ lead: LeadCard }>().lead.claimedBy).toBe(claire)
    const audit = await relay().db.query<{ who: string; details: unknown }>(
      "SELECT who, details FROM claim_audit WHERE action = 'demande.prise_en_charge' AND details ->> 'lead' = $1",
      [id],
    )
    expect(audit).toEqual([{ who: claire, details: { lead: id } }])
  })

  it('refuses a claim from another origin, and answers 404 for an unknown lead', async () => {
    const id = await newLead()
    expect((await claim(id, claire, 'https://evil.example')).statusCode).toBe(403)
    expect((await claim('00000000-0000-4000-8000-000000000000', claire)).statusCode).toBe(404)
  })

  it('lists the leads nobody has taken before the newer ones already taken', async () => {
    // The leads' own time: the list ranks the last 30 days.
    now = new Date()
    const older = await newLead()
    const newer = await newLead()
    await relay().db.query(
      "UPDATE leads SET received_at = now() - interval '2 minutes' WHERE id = $1",
      [older],
    )
    expect((await claim(newer, marc)).statusCode).toBe(201)
    const list = await app.inject({
      method: 'GET',
      url: '/admin/api/leads?tri=urgence',
      headers: { 'x-test-advisor': marc },
    })
    const ids = list.json<{ leads: LeadCard[] }>().leads.map((lead) => lead.id)
    expect(ids.indexOf(older)).toBeGreaterThanOrEqual(0)
    expect(ids.indexOf(older)).toBeLessThan(ids.indexOf(newer))
  })
})
