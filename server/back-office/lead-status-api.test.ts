import { createHash, createHmac, randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LeadCard, StageEntry } from '../../common/back-office/screens-api'
import { loggedInAdmin, type AdminClient } from '../test-support/admin-client'
import { startForwardTarget, type ForwardTarget } from '../test-support/forward-target'
import { validLead, waitFor } from '../test-support/lead-fixtures'
import { startMetaGraphStandIn, type MetaGraphStandIn } from '../test-support/meta-graph-stand-in'
import { databaseKinds } from '../test-support/test-databases'
import { roomyRateLimits, startTestRelay, type TestRelay } from '../test-support/test-relay'
import { stageRefusals } from '../../common/pipeline/stage-copy'
import { parseStageEvents, defaultStageEvents } from '../delivery/meta-stage-event'

const token = 'EAAGstandInToken0123456789abcdef'
const pixelId = '123456789012345'
const userAgent = 'Mozilla/5.0 (Linux; Android 14) Mobile'
/** Computed here from the values typed, not with the relay's own code. */
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')

describe.each(databaseKinds())('lead stages on the %s database', { timeout: 30_000 }, (kind) => {
  let relay: TestRelay
  let target: ForwardTarget
  let meta: MetaGraphStandIn
  let advisor: AdminClient
  const key = randomBytes(32)

  beforeAll(async () => {
    target = await startForwardTarget()
    meta = await startMetaGraphStandIn()
    relay = await startTestRelay(
      kind,
      {
        leadForwardUrl: target.url,
        leadForwardSecret: key,
        meta: {
          accessToken: token,
          pixelId,
          graphUrl: meta.url,
          graphVersion: 'v25.0',
          testEventCode: undefined,
          stageEvents: parseStageEvents(defaultStageEvents)!,
        },
      },
      { backoff: { baseMs: 50, maxMs: 200 }, pollMs: 50, rateLimits: roomyRateLimits },
    )
    advisor = await loggedInAdmin(relay)
  }, 60_000)
  afterAll(async () => {
    await relay?.stop()
    await target?.close()
    await meta?.close()
  })

  async function newLead(overrides: Record<string, unknown> = {}) {
    const body = validLead({
      telephone: `06${String(Math.random()).slice(2, 10)}`,
      ...overrides,
    })
    const response = await relay.app.inject({
      method: 'POST',
      url: '/api/leads',
      remoteAddress: '2a01:cb00:1234:5678::42',
      headers: { 'content-type': 'application/json', 'user-agent': userAgent },
      payload: JSON.stringify(body),
    })
    expect(response.statusCode).toBe(202)
    const [row] = await relay.db.query<{ id: string; received_at: Date }>(
      'SELECT id, received_at FROM leads WHERE email = lower(trim($1))',
      [body.email],
    )
    return { id: row!.id, receivedAt: row!.received_at, body }
  }

  const setStatus = (id: string, body: unknown, origin?: string | null) =>
    advisor.request('POST', `/admin/api/leads/${id}/status`, {
      body,
      ...(origin === undefined ? {} : { origin }),
    })

  const webhookBodies = (leadId: string) =>
    target.received.filter(
      (delivery) =>
        delivery.body.type === 'lead.status_changed' && delivery.body.lead_id === leadId,
    )

  it('moves a lead along, audited, kept in its history with the note, the card answered', async () => {
    const { id } = await newLead()
    const first = await setStatus(id, { status: 'en_cours', note: '  A rappeler lundi  ' })
    expect(first.statusCode).toBe(201)
    const answer = first.json<{ lead: LeadCard; stages: StageEntry[] }>()
    expect(answer.lead).toMatchObject({ id, status: 'en_cours', statusLabel: 'En cours' })
    expect(answer.lead.statusChangedAt).not.toBeNull()
    expect(answer.stages).toEqual([
      expect.objectContaining({
        status: 'en_cours',
        previousStatus: 'nouveau',
        note: 'A rappeler lundi',
        motif: null,
        annualPremiumEur: null,
        by: advisor.email,
      }),
    ])
    const lost = await setStatus(id, { status: 'perdu', motif: 'deja_couvert' })
    expect(lost.statusCode).toBe(201)

    const card = await advisor.request('GET', `/admin/api/leads/${id}`)
    const history = card.json<{ stages: StageEntry[] }>().stages
    expect(history.map((stage) => [stage.status, stage.previousStatus, stage.motifLabel])).toEqual([
      ['perdu', 'en_cours', 'Déjà couvert'],
      ['en_cours', 'nouveau', null],
    ])
    const [lead] = await relay.db.query<{ status: string }>(
      'SELECT status FROM leads WHERE id = $1',
      [id],
    )
    expect(lead!.status).toBe('perdu')
    const audit = await relay.db.query<{ action: string; user_email: string; details: unknown }>(
      `SELECT action, user_email, details FROM admin_audit
         WHERE action = 'demande.etape_changee' AND details ->> 'lead' = $1 ORDER BY id`,
      [id],
    )
    expect(audit.map((row) => row.details)).toEqual([
      { lead: id, etape: 'en_cours', precedente: 'nouveau', motif: null, prime_annuelle: null },
      {
        lead: id,
        etape: 'perdu',
        precedente: 'en_cours',
        motif: 'deja_couvert',
        prime_annuelle: null,
      },
    ])
    // The note may name the person: the audit never keeps it.
    expect(JSON.stringify(audit)).not.toContain('lundi')
  })

  it('refuses bad input (400) and changes that make no sense (409), in French, storing nothing', async () => {
    const { id } = await newLead()
    const bad = [
      { status: 'gagne' },
      {},
      { status: 'perdu' },
      { status: 'perdu', motif: 'trop_cher' },
      { status: 'en_cours', motif: 'autre' },
      { status: 'devis_envoye', prime_annuelle: 900 },
      { status: 'signe', prime_annuelle: -5 },
      { status: 'signe', prime_annuelle: '1200' },
      { status: 'signe', prime_annuelle: 5_000_000 },
      { status: 'en_cours', note: 'x'.repeat(1001) },
      { status: 'en_cours', note: 'a\u0000b' },
      { status: 'en_cours', note: 42 },
    ]
    for (const body of bad) {
      const response = await setStatus(id, body)
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
      expect(Object.values(stageRefusals)).toContain(response.json<{ error: string }>().error)
    }
    const notJson = await relay.app.inject({
      method: 'POST',
      url: `/admin/api/leads/${id}/status`,
      headers: {
        host: 'courtier.example',
        origin: 'http://courtier.example',
        cookie: advisor.cookie,
        'content-type': 'application/json',
      },
      payload: '{"status":',
    })
    expect(notJson.statusCode).toBe(400)

    expect((await setStatus(id, { status: 'nouveau' })).statusCode).toBe(409)
    expect((await setStatus(id, { status: 'rendez_vous' })).statusCode).toBe(201)
    const same = await setStatus(id, { status: 'rendez_vous' })
    expect(same.statusCode).toBe(409)
    expect(same.json()).toEqual({
      error: 'La demande est déjà à l’étape «\u00a0Rendez-vous\u00a0»\u00a0: rien à changer.',
      reason: 'same',
    })
    const unknown = await setStatus('0198f3a0-0000-7000-8000-00000000abcd', {
      status: 'en_cours',
    })
    expect(unknown.statusCode).toBe(404)
    // Another site's page, and no session: refused before anything is stored.
    expect((await setStatus(id, { status: 'signe' }, 'https://evil.example')).statusCode).toBe(403)
    const anonymous = await advisor.request('POST', `/admin/api/leads/${id}/status`, {
      body: { status: 'signe' },
      cookie: null,
    })
    expect(anonymous.statusCode).toBe(401)
    const changes = await relay.db.query(
      'SELECT status FROM lead_status_changes WHERE lead_id = $1',
      [id],
    )
    expect(changes).toEqual([{ status: 'rendez_vous' }])
  })

  it('tells the webhook of each change, signed per Standard Webhooks with an id of its own', async () => {
    const { id } = await newLead()
    await setStatus(id, { status: 'en_cours' })
    await setStatus(id, { status: 'signe', prime_annuelle: 1234.567 })
    await waitFor(() => webhookBodies(id).length === 2, { what: 'two stage events' })
    const changes = await relay.db.query<{ id: string; at: Date }>(
      'SELECT id::text AS id, at FROM lead_status_changes WHERE lead_id = $1 ORDER BY id',
      [id],
    )
    const events = webhookBodies(id).sort((a, b) =>
      String(a.body.at).localeCompare(String(b.body.at)),
    )
    expect(events.map((event) => event.body)).toEqual([
      {
        type: 'lead.status_changed',
        lead_id: id,
        status: 'en_cours',
        previous_status: 'nouveau',
        motif: null,
        at: changes[0]!.at.toISOString(),
        prime_annuelle: null,
      },
      {
        type: 'lead.status_changed',
        lead_id: id,
        status: 'signe',
        previous_status: 'en_cours',
        motif: null,
        at: changes[1]!.at.toISOString(),
        prime_annuelle: 1234.57,
      },
    ])
    const leadDelivery = target.received.find((delivery) => delivery.idempotencyKey === id)
    for (const { headers, raw } of events) {
      // Verified the way the specification tells a receiver to, independently of the relay.
      const expected = createHmac('sha256', key)
        .update(`${headers['webhook-id']}.${headers['webhook-timestamp']}.${raw}`)
        .digest('base64')
      expect(headers['webhook-signature']).toBe(`v1,${expected}`)
      expect(headers['webhook-id']).toBe(headers['idempotency-key'])
      expect(headers['webhook-id']).not.toBe(leadDelivery?.headers['webhook-id'])
    }
    expect(new Set(events.map((event) => event.headers['webhook-id'])).size).toBe(2)
  })

  it('sends each mapped stage to Meta for a lead with ad consent: hashes, external_id, one event_id per stage, Purchase with its value', async () => {
    const { id, body } = await newLead({
      prenom: 'Zoé',
      nom: 'Le Gall',
      email: `Zoe.${randomBytes(3).toString('hex')}@Exemple.FR`,
      telephone: '06 98 76 54 32',
      consentement_publicite: true,
      fbclid: 'IwAR2x_Y-z',
    })
    const email = String(body.email).trim().toLowerCase()
    const leadEvent = () =>
      meta.requests
        .flatMap((request) => request.body.data as MetaEvent[])
        .find((event) => event.event_name === 'Lead' && event.user_data.em === sha256(email))
    await waitFor(() => leadEvent() !== undefined, { what: 'the Lead event' })
    await setStatus(id, { status: 'en_cours' })
    await setStatus(id, { status: 'rendez_vous', note: 'Mardi 14 h' })
    await setStatus(id, { status: 'signe', prime_annuelle: 864 })
    await waitFor(() => stageEventsOf(id).length === 3, { what: 'three stage events' })

    const changes = await relay.db.query<{ status: string; at: Date }>(
      'SELECT status, at FROM lead_status_changes WHERE lead_id = $1 ORDER BY id',
      [id],
    )
    // The lead's own event's user data, which already has the hashed details.
    const leadUserData = leadEvent()!.user_data
    const events = stageEventsOf(id)
    expect(events.map((event) => event.event_name)).toEqual(['Contact', 'Schedule', 'Purchase'])
    events.forEach((event, index) => {
      expect(event).toStrictEqual({
        event_name: ['Contact', 'Schedule', 'Purchase'][index],
        event_time: Math.floor(changes[index]!.at.getTime() / 1000),
        event_id: `${id}-${changes[index]!.status}`,
        action_source: 'system_generated',
        user_data: {
          ...leadUserData,
          ph: sha256('33698765432'),
          external_id: sha256(id),
        },
        custom_data: {
          event_source: 'crm',
          lead_event_source: 'assurance-emprunteur-leads',
          ...(index === 2 ? { value: 864, currency: 'EUR' } : {}),
        },
      })
    })
    expect(new Set(events.map((event) => event.event_id)).size).toBe(3)
  })

  it('keeps a person’s stage on the request that holds it when a new request comes: no event twice', async () => {
    const first = await newLead({ consentement_publicite: true })
    expect((await setStatus(first.id, { status: 'rendez_vous' })).statusCode).toBe(201)
    await waitFor(() => stageEventsOf(first.id).length === 1, { what: 'the Schedule event' })
    const second = await newLead({
      consentement_publicite: true,
      telephone: first.body.telephone,
    })
    const card = await advisor.request('GET', `/admin/api/leads/${second.id}`)
    expect(card.json<{ lead: LeadCard }>().lead).toMatchObject({
      id: second.id,
      status: 'rendez_vous',
      statusLabel: 'Rendez-vous',
    })
    // The card's id is the new request's: the change is written on the one holding the stage.
    const sent = await setStatus(second.id, { status: 'devis_envoye' })
    expect(sent.statusCode).toBe(201)
    expect(sent.json<{ lead: LeadCard; stages: StageEntry[] }>()).toMatchObject({
      lead: { id: second.id, status: 'devis_envoye' },
      stages: [
        { status: 'devis_envoye', previousStatus: 'rendez_vous' },
        { status: 'rendez_vous', previousStatus: 'nouveau' },
      ],
    })
    const changes = await relay.db.query<{ lead_id: string; status: string }>(
      `SELECT lead_id, status FROM lead_status_changes
         WHERE lead_id = ANY($1::uuid[]) ORDER BY id`,
      [[first.id, second.id]],
    )
    expect(changes).toEqual([
      { lead_id: first.id, status: 'rendez_vous' },
      { lead_id: first.id, status: 'devis_envoye' },
    ])
    await waitFor(() => stageEventsOf(first.id).length === 2, { what: 'the SubmitApplication' })
    await waitFor(() => webhookBodies(first.id).length === 2, { what: 'the webhook events' })
    expect(stageEventsOf(first.id).map((event) => [event.event_name, event.event_id])).toEqual([
      ['Schedule', `${first.id}-rendez_vous`],
      ['SubmitApplication', `${first.id}-devis_envoye`],
    ])
    expect(stageEventsOf(second.id)).toEqual([])
    expect(webhookBodies(second.id)).toEqual([])
  })

  it('sends nothing to Meta without ad consent, nor for a stage without a mapped event', async () => {
    const withoutConsent = await newLead({ consentement_publicite: false })
    await setStatus(withoutConsent.id, { status: 'en_cours' })
    const consented = await newLead({ consentement_publicite: true })
    await setStatus(consented.id, { status: 'perdu', motif: 'injoignable' })
    // The webhook hears of both changes; by then Meta's deliveries would be queued too.
    await waitFor(
      () =>
        webhookBodies(withoutConsent.id).length === 1 && webhookBodies(consented.id).length === 1,
      { what: 'the webhook events' },
    )
    const queued = await relay.db.query<{ lead_id: string; event: string }>(
      `SELECT lead_id, event FROM lead_deliveries
         WHERE destination = 'meta' AND lead_id = ANY($1::uuid[])`,
      [[withoutConsent.id, consented.id]],
    )
    expect(queued).toEqual([{ lead_id: consented.id, event: 'lead' }])
    expect(stageEventsOf(withoutConsent.id)).toEqual([])
    expect(stageEventsOf(consented.id)).toEqual([])
  })

  it('exports the stage, the reason, the premium, the note and the history in the CSV', async () => {
    const { id } = await newLead()
    await setStatus(id, { status: 'devis_envoye', note: 'Devis MAAF, "garanties" ok' })
    await setStatus(id, { status: 'signe', prime_annuelle: 1200.5 })
    const csv = await advisor.request('GET', '/admin/api/export.csv')
    expect(csv.statusCode).toBe(200)
    const [header, ...lines] = csv.body.trim().split('\r\n')
    const columns = JSON.parse(`[${header!}]`) as string[]
    const line = lines.find((text) => text.startsWith(`"${id}"`))!
    const cells = Object.fromEntries(
      columns.map((column, index) => [column, parseCsvLine(line)[index]]),
    )
    const changes = await relay.db.query<{ at: Date }>(
      'SELECT at FROM lead_status_changes WHERE lead_id = $1 ORDER BY id',
      [id],
    )
    expect(cells).toMatchObject({
      statut: 'signe',
      statut_modifie_le: changes[1]!.at.toISOString(),
      motif_perte: '',
      prime_annuelle: '1200.50',
      note_statut: '',
      historique_statuts: `${changes[0]!.at.toISOString()} devis_envoye par ${advisor.email} : Devis MAAF, "garanties" ok | ${changes[1]!.at.toISOString()} signe 1200.50 EUR par ${advisor.email}`,
    })
  })

  it('keeps Google’s click ids from the landing address, in the webhook payload and the CSV', async () => {
    const { id } = await newLead({
      page_url:
        'https://assurance.example/?utm_campaign=printemps&gclid=Cj0KCQiA_gclid-123&wbraid=WbR4id',
    })
    const sentAsKey = await newLead({ gbraid: 'GbR4id-sent' })
    const rows = await relay.db.query<Record<string, string | null>>(
      'SELECT id, gclid, gbraid, wbraid FROM leads WHERE id = ANY($1::uuid[]) ORDER BY gclid',
      [[id, sentAsKey.id]],
    )
    expect(rows).toEqual([
      { id, gclid: 'Cj0KCQiA_gclid-123', gbraid: null, wbraid: 'WbR4id' },
      { id: sentAsKey.id, gclid: null, gbraid: 'GbR4id-sent', wbraid: null },
    ])
    await waitFor(() => target.received.some((delivery) => delivery.idempotencyKey === id), {
      what: 'the lead at the webhook',
    })
    const payload = target.received.find((delivery) => delivery.idempotencyKey === id)!.body
    expect(payload).toMatchObject({ gclid: 'Cj0KCQiA_gclid-123', wbraid: 'WbR4id' })
    expect(payload).not.toHaveProperty('gbraid')
    const csv = await advisor.request('GET', '/admin/api/export.csv')
    const [header, ...lines] = csv.body.trim().split('\r\n')
    const columns = JSON.parse(`[${header!}]`) as string[]
    const cells = parseCsvLine(lines.find((text) => text.startsWith(`"${id}"`))!)
    expect(cells[columns.indexOf('gclid')]).toBe('Cj0KCQiA_gclid-123')
    expect(cells[columns.indexOf('wbraid')]).toBe('WbR4id')
  })

  /** The stage events of a lead, as Meta's stand-in received them, oldest first. */
  function stageEventsOf(leadId: string): MetaEvent[] {
    return meta.requests
      .flatMap((request) => request.body.data as MetaEvent[])
      .filter((event) => event.user_data.external_id === sha256(leadId))
  }
})

interface MetaEvent {
  event_name: string
  event_id?: string
  user_data: Record<string, string>
}

/** One CSV line of quoted cells, as export-csv.ts writes them. */
function parseCsvLine(line: string): string[] {
  return [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((match) => match[1]!.replaceAll('""', '"'))
}
