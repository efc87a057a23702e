import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashEmail, readErasureLog } from '../backup/erasure-log'
import { exportLeadsCsv } from '../privacy/export-csv'
import { signWithdrawalToken } from '../privacy/withdrawal-token'
import { filesContaining } from '../test-support/files-containing'
import { postLeadBody } from '../test-support/post-lead'
import { screensApiRoutes } from '../test-support/admin-screens-routes'
import { databaseKinds } from '../test-support/test-databases'
import { useTestRelay } from '../test-support/test-relay'
import { screensApp, testBroker, testOrigin } from '../test-support/admin-screens-app'
import { findLeads } from '../storage/leads-to-call'
import { nextWindowMoment } from '../../common/calls/call-planner'
import { type LeadCard } from '../../common/back-office/screens-api'

const origin = testOrigin
const broker = testBroker

/** A tag no other test uses, in letters only: the lead contract refuses digits in a name. */
function uniqueLetters(): string {
  return randomUUID()
    .slice(0, 8)
    .replace(/\d/g, (digit) => String.fromCharCode(103 + Number(digit)))
}

describe.each(databaseKinds())('the back-office screens API on the %s database', (kind) => {
  const relay = useTestRelay(kind)
  let app: FastifyInstance

  beforeAll(async () => {
    app = await screensApp(relay().db, () => clock ?? new Date(), relay().erasures)
  })
  afterAll(() => app?.close())

  // Calls are recorded inside the legal hours, 6 minutes apart (call-requests.ts refuses closer).
  let clock: Date | undefined
  let lastCall = new Date(0)
  const session = { 'x-test-session': 'ok' }
  const get = (url: string) => app.inject({ method: 'GET', url, headers: session })
  const post = (url: string, payload: unknown) =>
    app.inject({
      method: 'POST',
      url,
      headers: { ...session, origin, 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    })

  /** A lead of a person of its own: the rules take one phone number for one person. */
  async function newLead(overrides: Record<string, unknown> = {}): Promise<string> {
    const lead = await postLeadBody(relay().app, overrides)
    const [row] = await relay().db.query<{ id: string }>(
      'SELECT id FROM leads WHERE email = $1 ORDER BY received_at DESC LIMIT 1',
      [lead.email],
    )
    return row!.id
  }

  const listed = async (query: string): Promise<LeadCard[]> => {
    const response = await get(`/admin/api/leads?${query}`)
    expect(response.statusCode).toBe(200)
    return response.json<{ leads: LeadCard[] }>().leads
  }
  const call = async (id: string, outcome: string) => {
    clock = nextWindowMoment(new Date(Math.max(Date.now(), lastCall.getTime() + 6 * 60_000)))
    lastCall = clock
    try {
      return await post(`/admin/api/leads/${id}/calls`, { outcome })
    } finally {
      clock = undefined
    }
  }
  const audited = (action: string) =>
    relay().db.query<{ who: string; details: Record<string, unknown> }>(
      'SELECT who, details FROM test_audit WHERE action = $1 ORDER BY at',
      [action],
    )

  it('answers 401 on every route without a session, and 403 to a write from elsewhere', async () => {
    const routes = screensApiRoutes(randomUUID())
    for (const [method, url] of routes) {
      const response = await app.inject({ method, url, headers: { origin } })
      expect(response.statusCode, `${method} ${url}`).toBe(401)
    }
    for (const [method, url] of routes.filter(([method]) => method === 'POST')) {
      const response = await app.inject({ method, url, headers: session, payload: {} })
      expect(response.statusCode, `${method} ${url}`).toBe(403)
    }
  })

  it('searches by name, email or phone, ignoring case and accents; SQL typed in is only text', async () => {
    const tag = uniqueLetters()
    const id = await newLead({
      prenom: 'Éloïse',
      nom: `Lefèvre${tag}`,
      telephone: '07 98 76 54 32',
    })
    for (const search of [`eloise lefevre${tag}`, `LEFÈVRE${tag} éloïse`, `lefevre${tag}`]) {
      expect((await listed(`q=${encodeURIComponent(search)}`)).map((lead) => lead.id)).toEqual([id])
    }
    const phones = (await listed(`q=${encodeURIComponent('+33 7 98 76 54')}`)).map((l) => l.id)
    expect(phones).toContain(id)
    expect((await listed('q=07.98.76')).map((lead) => lead.id)).toContain(id)
    for (const search of [
      "'; DROP TABLE leads; --",
      "%' OR '1'='1",
      'x") OR 1=1 --',
      '%',
      '_',
      '\\',
    ]) {
      const response = await get(`/admin/api/leads?q=${encodeURIComponent(search)}`)
      expect(response.statusCode, search).toBe(200)
      expect(response.json<{ total: number }>().total, search).toBe(0)
    }
    expect(await relay().db.query('SELECT 1 FROM leads LIMIT 1')).toHaveLength(1)
    expect((await get('/admin/api/leads?q=%00')).statusCode).toBe(400)
    expect((await get('/admin/api/leads?etat=inconnu')).statusCode).toBe(400)
  })

  it('gives HTML in a name back as the text it is, in JSON', async () => {
    const nom = `<img src=x onerror="alert(document.domain)">${uniqueLetters()}`
    const id = await newLead({ nom, prenom: '<script>alert("x")</script>' })
    const response = await get(`/admin/api/leads/${id}`)
    expect(response.headers['content-type']).toMatch(/^application\/json/)
    const { lead } = response.json<{ lead: LeadCard }>()
    expect(lead.nom).toBe(nom)
    expect(lead.prenom).toBe('<script>alert("x")</script>')
  })

  it('shows a lead with its origin, estimate, preferred time and standing', async () => {
    const id = await newLead({
      utm_source: 'facebook',
      utm_campaign: 'printemps',
      utm_content: 'video-a',
      rappel_prefere: 'soir',
    })
    const { lead, calls, deliveries } = (await get(`/admin/api/leads/${id}`)).json<{
      lead: LeadCard
      calls: unknown[]
      deliveries: { destination: string; state: string; stateLabel: string }[]
    }>()
    expect(lead).toMatchObject({
      nom: 'Martin',
      prenom: 'Élodie',
      origin: { utm_source: 'facebook', utm_campaign: 'printemps', utm_content: 'video-a' },
      callback: { slot: 'soir', label: expect.stringMatching(/17\u00a0h – 20\u00a0h/) },
      simulation: null,
      standing: { state: 'nouveau', stateLabel: 'Jamais appelé', attemptsLeft: 4, reason: null },
    })
    const deadline = Date.parse(lead.standing.deadline) - Date.parse(lead.receivedAt)
    expect(deadline).toBe(30 * 86_400_000)
    expect(calls).toEqual([])
    expect(deliveries).toEqual([
      expect.objectContaining({ destination: 'webhook', state: 'pending', stateLabel: 'En cours' }),
    ])
    expect((await get(`/admin/api/leads/${randomUUID()}`)).statusCode).toBe(404)
    expect((await get('/admin/api/leads/pas-un-id')).statusCode).toBe(404)
  })

  it('records up to 4 calls in 30 days and refuses the fifth in French, audited', async () => {
    const id = await newLead()
    for (const outcome of ['tentative', 'tentative', 'joint', 'tentative']) {
      const response = await call(id, outcome)
      expect(response.statusCode).toBe(201)
    }
    const { lead } = (await get(`/admin/api/leads/${id}`)).json<{ lead: LeadCard }>()
    expect(lead.standing).toMatchObject({ state: 'clos', attemptsLeft: 0, calls: 4 })
    const fifth = await call(id, 'tentative')
    expect(fifth.statusCode).toBe(409)
    expect(fifth.json()).toEqual({
      reason: 'maximum_atteint',
      error: expect.stringMatching(
        /^Appel refusé\. 4 appels ou tentatives en 30 jours, le maximum \(Code de la consommation, art\. D223-9\)/,
      ),
    })
    const [{ count }] = (await relay().db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM lead_calls WHERE lead_id = $1',
      [id],
    )) as [{ count: number }]
    expect(count).toBe(4)
    const rows = (await audited('appel.enregistre')).filter((row) => row.details.lead === id)
    expect(rows).toHaveLength(4)
    expect(rows[0]).toMatchObject({
      who: broker.email,
      details: { lead: id, resultat: 'tentative' },
    })
    // The calls' history, newest first, with who called.
    const history = (await get(`/admin/api/leads/${id}`)).json<{ calls: unknown[] }>().calls
    expect(history).toHaveLength(4)
    expect(history[0]).toMatchObject({ outcome: 'tentative', by: broker.email })
  })

  it('counts the calls to the same person over all their requests', async () => {
    const email = `personne-${randomUUID().slice(0, 8)}@exemple.fr`
    const first = await newLead({ email })
    for (let index = 0; index < 3; index += 1) {
      expect((await call(first, 'tentative')).statusCode).toBe(201)
    }
    // The calls were recorded ahead, in the next legal window: put them, and the request, before
    // the second request comes.
    await relay().db.query(
      "UPDATE lead_calls SET at = now() - interval '1 hour' WHERE lead_id = $1",
      [first],
    )
    await relay().db.query(
      "UPDATE leads SET received_at = received_at - interval '2 hours' WHERE id = $1",
      [first],
    )
    const second = await newLead({ email, telephone: '07 11 22 33 44' })
    const { lead } = (await get(`/admin/api/leads/${second}`)).json<{ lead: LeadCard }>()
    expect(lead.standing).toMatchObject({ state: 'nouveau', attemptsLeft: 1 })
  })

  it('refuses every call once the request is more than 30 days old, or consent withdrawn', async () => {
    const old = await newLead()
    await relay().db.query(
      "UPDATE leads SET received_at = now() - interval '30 days 1 minute' WHERE id = $1",
      [old],
    )
    const { lead } = (await get(`/admin/api/leads/${old}`)).json<{ lead: LeadCard }>()
    expect(lead.standing).toMatchObject({ state: 'clos', reason: 'delai_depasse' })
    expect(lead.standing.reasonText).toMatch(/art\. R112-7/)
    const late = await call(old, 'joint')
    expect(late.statusCode).toBe(409)
    expect(late.json().error).toMatch(/^Appel refusé\. Demande de plus de 30 jours/)

    const withdrawn = await newLead()
    await relay().db.query('UPDATE leads SET consent_withdrawn_at = now() WHERE id = $1', [
      withdrawn,
    ])
    for (const outcome of ['tentative', 'ne_plus_appeler']) {
      const response = await call(withdrawn, outcome)
      expect(response.statusCode).toBe(409)
      expect(response.json().reason).toBe('consentement_retire')
    }
    expect((await call(withdrawn, 'rappeler_demain')).statusCode).toBe(400)
  })

  it('withdraws from a link the leads of its email only; one sharing only the phone stays callable, marked', async () => {
    const telephone = `06${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`
    // Someone made requests with their own address and another person's phone, then confirmed
    // the withdrawal link sent to their own address.
    const other = `autre-${randomUUID().slice(0, 8)}@exemple.fr`
    const person = await newLead({ telephone })
    const madeUp = await newLead({ email: other, telephone })
    const madeUpElsewhere = await newLead({ email: other })
    const token = signWithdrawalToken(relay().config.appSecret!, madeUp)
    const confirmed = await relay().app.inject({
      method: 'POST',
      url: '/retrait-consentement',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ jeton: token }).toString(),
    })
    expect(confirmed.statusCode).toBe(200)

    const cardOf = async (id: string) =>
      (await get(`/admin/api/leads/${id}`)).json<{ lead: LeadCard }>().lead
    // The three requests are one person (a phone, then an email, shared within 30 days): one
    // card, whichever request opens it, on the request whose consent stands.
    const marked = await cardOf(person)
    expect(marked).toMatchObject({
      id: person,
      consentWithdrawnAt: null,
      withdrawalToConfirmAt: expect.any(String),
      standing: { state: 'nouveau', reason: null, attemptsLeft: 4 },
    })
    expect(
      marked.requests.map((request) => [request.id, Boolean(request.consentWithdrawnAt)]),
    ).toEqual([
      [madeUpElsewhere, true],
      [madeUp, true],
      [person, false],
    ])
    for (const id of [madeUp, madeUpElsewhere]) expect(await cardOf(id)).toEqual(marked)
    expect(await listed(`q=${telephone}`)).toEqual([marked])
    // Its delivery goes on, and the advisor may call.
    const [delivery] = await relay().db.query<{ state: string }>(
      "SELECT state FROM lead_deliveries WHERE lead_id = $1 AND event = 'lead'",
      [person],
    )
    expect(delivery?.state).not.toBe('cancelled')
    expect((await call(person, 'tentative')).statusCode).toBe(201)
  })

  it('closes a lead at "Ne plus appeler", which is recorded once', async () => {
    const id = await newLead()
    expect((await call(id, 'ne_plus_appeler')).statusCode).toBe(201)
    const again = await call(id, 'ne_plus_appeler')
    expect(again.statusCode).toBe(409)
    expect(again.json().error).toBe(
      '«\u00a0Ne plus appeler\u00a0» est déjà enregistré. La personne a demandé à ne plus être appelée.',
    )
    expect((await call(id, 'tentative')).json().reason).toBe('ne_plus_appeler')
  })

  it('sorts by urgency, filters by campaign and state, and pages across old leads', async () => {
    const campaign = `urgence-${randomUUID().slice(0, 8)}`
    const lead = (extra: Record<string, unknown> = {}) =>
      newLead({ utm_campaign: campaign, ...extra })
    const old = await lead()
    const withdrawn = await lead()
    const called = await lead()
    const fresh = await lead()
    await relay().db.query(
      "UPDATE leads SET received_at = now() - interval '45 days' WHERE id = $1",
      [old],
    )
    await relay().db.query('UPDATE leads SET consent_withdrawn_at = now() WHERE id = $1', [
      withdrawn,
    ])
    expect((await call(called, 'tentative')).statusCode).toBe(201)

    const ids = async (query: string) => (await listed(query)).map((entry) => entry.id)
    expect(await ids(`campagne=${campaign}`)).toEqual([fresh, called, withdrawn, old])
    expect(await ids(`campagne=${campaign}&tri=recents`)).toEqual([fresh, called, withdrawn, old])
    expect(await ids(`campagne=${campaign}&etat=clos`)).toEqual([withdrawn, old])
    expect(await ids(`campagne=${campaign}&etat=a_rappeler`)).toEqual([called])
    expect(await ids(`campagne=${campaign}&etat=nouveau`)).toEqual([fresh])

    const paged: string[] = []
    for (let page = 1; page <= 5; page += 1) {
      const result = await findLeads(
        relay().db,
        { campaign },
        { order: 'urgence', page, pageSize: 1 },
        new Date(),
      )
      expect(result.total).toBe(4)
      paged.push(...result.leads.map((entry) => entry.id))
    }
    expect(paged).toEqual([fresh, called, withdrawn, old])

    const response = await get(`/admin/api/leads?campagne=${campaign}`)
    const page = response.json<{ campaigns: string[]; callingHours: { text: string } }>()
    expect(page.campaigns).toContain(campaign)
    expect(page.callingHours.text).toMatch(/10 h à 13 h et de 14 h à 20 h/)
  })

  it('lists deliveries, raises the banner, and replays a parked one, audited', async () => {
    const id = await newLead()
    await relay().db.query(
      `UPDATE lead_deliveries SET state = 'parked', last_error = 'HTTP 410', attempts = 3,
         next_attempt_at = now() + interval '1 day'
       WHERE lead_id = $1`,
      [id],
    )
    const status = (await get('/admin/api/status')).json<{ parked: number; alert: string }>()
    expect(status.parked).toBeGreaterThanOrEqual(1)
    expect(status.alert).toMatch(/en échec et mises? de côté/)
    const { deliveries } = (await get('/admin/api/deliveries')).json<{
      deliveries: { leadId: string; state: string; lastError: string; nom: string }[]
    }>()
    expect(deliveries[0]).toMatchObject({ state: 'parked' })
    expect(deliveries.find((entry) => entry.leadId === id)).toMatchObject({
      lastError: 'HTTP 410',
      nom: 'Martin',
    })

    const replay = { leadId: id, destination: 'webhook', event: 'lead' }
    const response = await post('/admin/api/deliveries/replay', replay)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ replayed: 1 })
    const [row] = await relay().db.query(
      'SELECT state, next_attempt_at <= now() AS due FROM lead_deliveries WHERE lead_id = $1',
      [id],
    )
    expect(row).toEqual({ state: 'pending', due: true })
    const twice = await post('/admin/api/deliveries/replay', replay)
    expect(twice.statusCode).toBe(409)
    expect(twice.json().error).toMatch(/rien à relancer/)
    expect((await audited('livraison.relancee')).map((entry) => entry.details)).toContainEqual({
      lead: id,
      destination: 'webhook',
      event: 'lead',
    })

    await relay().db.query(
      "UPDATE lead_deliveries SET created_at = now() - interval '11 minutes' WHERE lead_id = $1",
      [id],
    )
    await relay().db.query("UPDATE lead_deliveries SET state = 'delivered' WHERE state = 'parked'")
    const late = (await get('/admin/api/status')).json<{ alert: string }>()
    expect(late.alert).toMatch(/^La plus ancienne livraison en cours attend depuis 1\d min\.$/)
    await relay().db.query("UPDATE lead_deliveries SET state = 'delivered'")
    expect((await get('/admin/api/status')).json()).toEqual({
      parked: 0,
      pending: 0,
      oldestPendingSeconds: 0,
      alert: null,
    })
  })

  it('reports the funnel per campaign, per ad of one, and per day', async () => {
    const campaign = `funnel-${randomUUID().slice(0, 8)}`
    await relay().db.query(
      `INSERT INTO funnel_counts (day, utm_campaign, utm_content, step, count)
       SELECT (now() AT TIME ZONE 'Europe/Paris')::date - days, $1, ad, step, n
       FROM (VALUES (0, 'ad-1', 'view', 100), (0, 'ad-1', 'form_start', 10), (0, 'ad-1', 'lead', 4),
                    (2, 'ad-2', 'view', 50), (2, 'ad-2', 'estimate', 5), (2, 'ad-2', 'lead', 1),
                    (20, 'ad-2', 'view', 1000))
         AS counts (days, ad, step, n)`,
      [campaign],
    )
    const week = (await get('/admin/api/funnel?jours=7')).json()
    expect(week.rows).toContainEqual({
      name: campaign,
      label: null,
      views: 150,
      formStarts: 10,
      estimates: 5,
      leads: 5,
      reached: 0,
      appointments: 0,
      signed: 0,
      premiumsEur: 0,
      viewToLead: 0.0333,
      startToLead: 0.5,
      leadToReached: 0,
      reachedToAppointment: null,
      appointmentToSigned: null,
      leadToSigned: 0,
    })
    expect(week.perDay).toHaveLength(7)
    expect(week.perDay.at(-1).leads).toBeGreaterThanOrEqual(4)
    const ads = (await get(`/admin/api/funnel?jours=30&campagne=${campaign}`)).json()
    expect(ads.campaign).toBe(campaign)
    expect(ads.rows.map((row: { name: string }) => row.name)).toEqual(['ad-1', 'ad-2'])
    expect(ads.total).toMatchObject({ views: 1150, leads: 5 })
    expect(ads.perDay).toHaveLength(30)
    expect(ads.perDay.filter((day: { views: number }) => day.views > 0)).toHaveLength(3)
    expect((await get('/admin/api/funnel?jours=8')).statusCode).toBe(400)
  })

  it('exports the filtered list as leads:export writes it, audited without the search', async () => {
    const email = `export-${randomUUID().slice(0, 8)}@exemple.fr`
    await newLead({ email, nom: 'Exporté' })
    await newLead({ email, nom: 'Exporté', telephone: '07 00 00 00 01' })
    const response = await get(`/admin/api/export.csv?q=${encodeURIComponent(email)}`)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="demandes-\d{4}-\d\d-\d\d\.csv"$/,
    )
    const expected = await exportLeadsCsv(relay().db, { email })
    expect(expected.split('\r\n')).toHaveLength(4)
    expect(response.body).toBe(expected)
    expect((await get('/admin/api/export.csv')).body).toBe(await exportLeadsCsv(relay().db))
    const rows = await audited('demandes.exportees')
    expect(rows.map((row) => row.details)).toEqual([
      { recherche: true, campagne: null, etat: null, demandes: 2 },
      { recherche: false, campagne: null, etat: null, demandes: 'toutes' },
    ])
  })

  it('names what erasing a person deletes, then erases it when the preview still holds', async () => {
    const email = `efface-${randomUUID().slice(0, 8)}@exemple.fr`
    const first = await newLead({ email, prenom: 'Zoé' })
    await newLead({ email, telephone: '07 00 00 00 02' })
    expect((await call(first, 'tentative')).statusCode).toBe(201)
    await relay().db.query("UPDATE lead_deliveries SET state = 'delivered' WHERE lead_id = $1", [
      first,
    ])
    const preview = await get(
      `/admin/api/erase-preview?email=${encodeURIComponent(email.toUpperCase())}`,
    )
    expect(preview.statusCode).toBe(200)
    expect(preview.json()).toMatchObject({
      email,
      leads: [expect.objectContaining({ id: first, prenom: 'Zoé' }), expect.anything()],
      calls: 1,
      deliveredTo: ['Webhook (CRM)'],
    })
    const stale = await post('/admin/api/erase', { email, leads: 1 })
    expect(stale.statusCode).toBe(409)
    expect(await relay().db.query('SELECT 1 FROM leads WHERE email = $1', [email])).toHaveLength(2)

    // The embedded database's files, the write-ahead log aside, once on disk (erasure-traces.test.ts).
    const traces = async () => {
      if (kind !== 'embedded') return []
      await relay().db.query('CHECKPOINT')
      return filesContaining(relay().config.dataDir, [email], ['pg_wal'])
    }
    if (kind === 'embedded') expect(await traces()).not.toEqual([])
    const erased = await post('/admin/api/erase', { email, leads: 2 })
    expect(erased.json()).toEqual({ erased: 2 })
    expect(await traces()).toEqual([])
    expect(await relay().db.query('SELECT 1 FROM leads WHERE email = $1', [email])).toEqual([])
    expect(await relay().db.query('SELECT 1 FROM contacts WHERE email = $1', [email])).toEqual([])
    expect(await relay().db.query('SELECT 1 FROM lead_calls WHERE lead_id = $1', [first])).toEqual(
      [],
    )
    const [audit] = await audited('personne.effacee')
    expect(audit?.details).toEqual({ demandes: 2, ids: expect.arrayContaining([first]) })
    // Logged, hashed, for a restore of an older backup to erase again (server/backup/erasure-log.ts).
    const logged = (await readErasureLog(relay().erasures.file)).find((entry) =>
      entry.leads.includes(first),
    )
    expect(logged).toMatchObject({ reason: 'erasure', emails: [hashEmail(email)] })
    expect(logged?.leads).toHaveLength(2)
    expect(JSON.stringify(await relay().db.query('SELECT * FROM test_audit'))).not.toContain(email)
    expect(
      (await post('/admin/api/erase', { email: 'pas une adresse', leads: 0 })).statusCode,
    ).toBe(400)
  })
})
