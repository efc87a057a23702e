import { describe, expect, it } from 'vitest'
import { rateTableVersion } from '../../common/estimate/insurance-rates'
import { leadFormCopy } from '../../common/lead/lead-form-copy'
import { originKeys } from '../../common/lead/lead-contract'
import { validLead } from '../test-support/lead-fixtures'
import { databaseKinds } from '../test-support/test-databases'
import { useTestRelay } from '../test-support/test-relay'

const json = { 'content-type': 'application/json' }

describe.each(databaseKinds())('relay API on the %s database', (kind) => {
  const relay = useTestRelay(kind)

  const postLead = (body: unknown, headers: Record<string, string> = json) =>
    relay().app.inject({
      method: 'POST',
      url: '/api/leads',
      headers,
      payload: typeof body === 'string' ? body : JSON.stringify(body),
      remoteAddress: '203.0.113.7',
    })

  async function storedLeads(email: string) {
    return relay().db.query<{
      payload: Record<string, unknown>
      consent_text: string
      client_ip: string
      user_agent: string
      received_at: Date
    }>(
      'SELECT payload, consent_text, client_ip, user_agent, received_at FROM leads WHERE email = $1',
      [email.toLowerCase()],
    )
  }

  it('stores a valid lead with its consent proof before answering 202, and queues its delivery', async () => {
    const lead = validLead({ event_id: 'evt_123' })
    const response = await postLead(lead, { ...json, 'user-agent': 'Mozilla/5.0 (Test)' })
    expect(response.statusCode).toBe(202)
    expect(response.json()).toEqual({ status: 'accepted' })
    const [row] = await storedLeads(lead.email as string)
    expect(row).toMatchObject({
      consent_text: lead.consentement_texte,
      client_ip: '203.0.113.7',
      user_agent: 'Mozilla/5.0 (Test)',
    })
    expect(row!.payload).toMatchObject({
      email: lead.email,
      telephone: '0612345678',
      consentement: true,
      event_id: 'evt_123',
    })
    expect(Date.now() - row!.received_at.getTime()).toBeLessThan(60_000)
    const deliveries = await relay().db.query<{ destination: string; state: string }>(
      `SELECT d.destination, d.state FROM lead_deliveries d JOIN leads l ON l.id = d.lead_id
       WHERE l.email = $1`,
      [(lead.email as string).toLowerCase()],
    )
    expect(deliveries).toEqual([{ destination: 'webhook', state: 'pending' }])
  })

  it('answers 400 with the form’s field errors for invalid fields, consent included', async () => {
    const response = await postLead(
      validLead({ nom: ' ', email: 'pas-un-email', telephone: '12345', consentement: false }),
    )
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      error: 'Invalid lead',
      fields: {
        nom: 'Le nom est obligatoire',
        email: "Format d'email invalide",
        telephone: 'Format invalide (10 chiffres commençant par 0)',
        consentement: 'Cochez la case pour accepter d’être rappelé(e)',
      },
    })
  })

  it.each([
    ['broken JSON', '{"nom": "Martin",'],
    ['an empty body', ''],
    ['a JSON array', '[1, 2]'],
    ['a JSON string', '"lead"'],
    ['null', 'null'],
    ['a prototype-poisoning key', '{"__proto__": {"admin": true}}'],
  ])('answers 400 with a body error for %s', async (_name, body) => {
    const response = await postLead(body)
    expect(response.statusCode).toBe(400)
    expect(response.json().fields.body).toEqual(expect.any(String))
  })

  it('stores the callback time and the estimate with the relay’s own figures', async () => {
    const simulation = {
      montant_emprunte: 200_000,
      duree_restante_ans: 20,
      age: 32,
      cotisation_mensuelle: null,
      assures: 'seul',
      economie_min: 9_000,
      economie_max: 90_000,
      bareme: 'ancien',
    }
    const lead = validLead({ rappel_prefere: 'matin', simulation })
    expect((await postLead(lead)).statusCode).toBe(202)
    const [row] = await storedLeads(lead.email as string)
    expect(row!.payload).toMatchObject({
      rappel_prefere: 'matin',
      simulation: {
        ...simulation,
        economie_min: 2_400,
        economie_max: 10_800,
        bareme: rateTableVersion,
      },
    })
  })

  it('answers 400 naming the simulation field out of bounds, and stores nothing', async () => {
    const lead = validLead({
      simulation: {
        montant_emprunte: 5_000,
        duree_restante_ans: 20,
        age: 32,
        cotisation_mensuelle: null,
        assures: 'seul',
        economie_min: 0,
        economie_max: 0,
        bareme: rateTableVersion,
      },
    })
    const response = await postLead(lead)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      error: 'Invalid lead',
      fields: { 'simulation.montant_emprunte': 'Expected a whole number from 10000 to 2000000' },
    })
    expect(await storedLeads(lead.email as string)).toHaveLength(0)
  })

  it('stores where the lead came from in its own columns and keeps it in the payload', async () => {
    const origin = {
      utm_source: 'facebook',
      utm_medium: 'paid',
      utm_campaign: '120210000000000001',
      utm_content: 'Été 🚀 "A/B", v2',
      utm_term: 'x'.repeat(500),
      fbclid: 'IwAR2F_abc-DEF',
      gclid: 'Cj0KCQiA-sent_as_a_key',
      gbraid: '0AAAAA-gbraid',
      wbraid: 'CkQKCQiA-wbraid',
    }
    const lead = validLead(origin)
    expect((await postLead(lead)).statusCode).toBe(202)
    const [row] = await relay().db.query<Record<string, unknown>>(
      `SELECT ${originKeys.join(', ')}, payload FROM leads WHERE email = $1`,
      [lead.email],
    )
    const { payload, ...columns } = row!
    expect(columns).toStrictEqual(origin)
    expect(payload).toMatchObject(origin)
  })

  it('leaves the origin columns empty for a lead whose address had none', async () => {
    const lead = validLead({ utm_source: 'facebook' })
    expect((await postLead(lead)).statusCode).toBe(202)
    const [row] = await relay().db.query<Record<string, unknown>>(
      `SELECT ${originKeys.join(', ')} FROM leads WHERE email = $1`,
      [lead.email],
    )
    expect(row).toStrictEqual({
      utm_source: 'facebook',
      utm_medium: null,
      utm_campaign: null,
      utm_content: null,
      utm_term: null,
      fbclid: null,
      gclid: null,
      gbraid: null,
      wbraid: null,
    })
  })

  it.each([
    ['utm_campaign', '501 characters', 'x'.repeat(501)],
    ['fbclid', 'a number', 12345],
    ['utm_source', 'an array', ['facebook']],
    ['utm_term', 'null', null],
  ])('answers 400 naming %s given %s, and stores nothing', async (key, _given, value) => {
    const lead = validLead({ utm_source: 'facebook', [key]: value })
    const response = await postLead(lead)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      error: 'Invalid lead',
      fields: { [key]: 'Expected text of at most 500 characters' },
    })
    expect(await storedLeads(lead.email as string)).toHaveLength(0)
  })

  /** The body of `lead` with `raw` spliced in, as written, in place of the field's value. */
  function bodyWith(lead: Record<string, unknown>, field: string, raw: string): string {
    const body = JSON.stringify({ ...lead, [field]: 'RAW' })
    return body.replace('"RAW"', `"${raw}"`)
  }

  it.each([
    ['nom', String.raw`Nul\u0000`],
    ['nom', String.raw`Demi\ud800`],
    // Both halves escaped, but the first escape is text: the value ends in a lone low half.
    ['nom', String.raw`x\\ud800\udc00`],
    ['prenom', String.raw`\\\udfff`],
    ['email', String.raw`zoe\\ud83d\ude00@example.fr`],
    ['page_url', String.raw`https://assurance.example/\\ud800\udc00`],
    ['utm_campaign', String.raw`x\\ud800\udc00`],
    ['fbclid', String.raw`\u0000`],
  ])(
    'refuses %s holding text the database cannot store (%s) with a 400 naming it',
    async (field, raw) => {
      const lead = validLead()
      const response = await postLead(bodyWith(lead, field, raw))
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({
        error: 'Invalid lead',
        fields: { [field]: 'Text must be valid Unicode without U+0000' },
      })
      expect(await storedLeads(lead.email as string)).toHaveLength(0)
    },
  )

  it('refuses such text inside the simulation, naming the nested field', async () => {
    const lead = validLead({
      simulation: {
        montant_emprunte: 250_000,
        duree_restante_ans: 15,
        age: 45,
        cotisation_mensuelle: 190,
        assures: 'seul',
        economie_min: 0,
        economie_max: 0,
        bareme: 'RAW',
      },
    })
    const body = JSON.stringify(lead).replace('"RAW"', String.raw`"x\\ud800\udc00"`)
    const response = await postLead(body)
    expect(response.statusCode).toBe(400)
    expect(response.json().fields['simulation.bareme']).toBe(
      'Text must be valid Unicode without U+0000',
    )
  })

  it('keeps text that only looks like an escape once parsed, and emoji', async () => {
    const lead = validLead({ prenom: 'Zoé 👩‍🚀' })
    const raw = String.raw`Martin\\ud800 \\u0000`
    const response = await postLead(bodyWith(lead, 'utm_content', raw))
    expect(response.statusCode).toBe(202)
    const [row] = await storedLeads(lead.email as string)
    expect(row!.payload.utm_content).toBe(String.raw`Martin\ud800 \u0000`)
    expect(row!.payload.prenom).toBe('Zoé 👩‍🚀')
  })

  it('refuses a consent text other than the label the form shows', async () => {
    const lead = validLead({
      consentement_texte: 'J’accepte d’être rappelé(e) par Courtier Exemple (ORIAS 00 000 000).',
    })
    const response = await postLead(lead)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      error: 'Invalid lead',
      fields: {
        consentement_texte: 'Expected the consent label the form shows, word for word',
      },
    })
    expect(await storedLeads(lead.email as string)).toHaveLength(0)
    const padded = validLead({ consentement_texte: ` ${leadFormCopy.consentLabel}\n` })
    expect((await postLead(padded)).statusCode).toBe(202)
    const [row] = await storedLeads(padded.email as string)
    expect(row!.consent_text).toBe(leadFormCopy.consentLabel)
  })

  it('refuses names made only of invisible characters with the form’s messages', async () => {
    const lead = validLead({ nom: '\u200b\u200d\ufeff', prenom: '\u202e\u00ad\u0301 ' })
    const response = await postLead(lead)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      error: 'Invalid lead',
      fields: { nom: 'Le nom est obligatoire', prenom: 'Le prénom est obligatoire' },
    })
  })

  it('refuses a name carrying a message for someone else, with the form’s messages, storing nothing', async () => {
    const lead = validLead({
      nom: 'Martin\nwww.phish.example',
      prenom:
        'client. URGENT : votre contrat est suspendu, regularisez sur https://phish.example/login sous 24 h',
    })
    const response = await postLead(lead)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      error: 'Invalid lead',
      fields: {
        nom: 'Le nom ne peut contenir ni chiffres, ni «\u00a0@\u00a0», ni adresse web',
        prenom: 'Le prénom ne peut contenir ni chiffres, ni «\u00a0@\u00a0», ni adresse web',
      },
    })
    expect(await storedLeads(lead.email as string)).toHaveLength(0)
    const plain = validLead({ nom: 'Le Gall', prenom: "Marie Ève d'Artagnan" })
    expect((await postLead(plain)).statusCode).toBe(202)
  })

  it('answers 413 to a body over the limit', async () => {
    const response = await postLead(validLead({ nom: 'x'.repeat(20_000) }))
    expect(response.statusCode).toBe(413)
  })

  it('answers 415 to a lead that is not sent as JSON', async () => {
    const response = await postLead(JSON.stringify(validLead()), { 'content-type': 'text/plain' })
    expect(response.statusCode).toBe(415)
  })

  it('answers 404 in JSON to an unknown API path and 404 to GET on the lead route', async () => {
    const unknown = await relay().app.inject({ method: 'POST', url: '/api/unknown', payload: {} })
    expect(unknown.statusCode).toBe(404)
    const get = await relay().app.inject({ method: 'GET', url: '/api/leads' })
    expect(get.statusCode).toBe(404)
    expect(get.body).not.toContain('exemple.fr')
  })

  it('acknowledges and drops a lead whose honeypot field is filled', async () => {
    const lead = validLead({ site_web: 'https://spam.example' })
    const response = await postLead(lead)
    expect(response.statusCode).toBe(202)
    expect(await storedLeads(lead.email as string)).toHaveLength(0)
  })

  it('acknowledges the same email and phone within 10 minutes without a second lead', async () => {
    const lead = validLead()
    expect((await postLead(lead)).statusCode).toBe(202)
    const again = { ...lead, email: (lead.email as string).toUpperCase(), telephone: '0612345678' }
    expect((await postLead(again)).statusCode).toBe(202)
    expect(await storedLeads(lead.email as string)).toHaveLength(1)
    // A different phone is a different request.
    expect((await postLead({ ...lead, telephone: '0700000000' })).statusCode).toBe(202)
    expect(await storedLeads(lead.email as string)).toHaveLength(2)
  })

  it('stores concurrent double submissions once', async () => {
    const lead = validLead()
    const answers = await Promise.all(Array.from({ length: 5 }, () => postLead(lead)))
    expect(answers.map((answer) => answer.statusCode)).toEqual([202, 202, 202, 202, 202])
    expect(await storedLeads(lead.email as string)).toHaveLength(1)
  })

  it('accepts a lead again once the 10 minutes have passed', async () => {
    const lead = validLead()
    await postLead(lead)
    await relay().db.query(
      "UPDATE leads SET received_at = received_at - interval '11 minutes' WHERE email = $1",
      [(lead.email as string).toLowerCase()],
    )
    await postLead(lead)
    expect(await storedLeads(lead.email as string)).toHaveLength(2)
  })

  it('takes page views as text/plain JSON, as a no-cors fetch sends them', async () => {
    const event = { event: 'page_view', uid: 'abc', clicked_at_iso8601: '2026-11-22T10:00:00Z' }
    const send = (payload: string, type: string) =>
      relay().app.inject({
        method: 'POST',
        url: '/api/page-views',
        headers: { 'content-type': type },
        payload,
      })
    expect((await send(JSON.stringify(event), 'text/plain;charset=UTF-8')).statusCode).toBe(202)
    expect((await send(JSON.stringify(event), 'application/json')).statusCode).toBe(202)
    const invalid = await send(JSON.stringify({ ...event, uid: '' }), 'text/plain')
    expect(invalid.statusCode).toBe(400)
    expect(invalid.json().fields).toHaveProperty('uid')
    expect((await send('{oops', 'text/plain')).statusCode).toBe(400)
    expect(
      (await send(JSON.stringify({ ...event, uid: 'x'.repeat(17_000) }), 'text/plain')).statusCode,
    ).toBe(413)
  })

  it('reports the database and the backlog per destination on /healthz', async () => {
    const response = await relay().app.inject({ method: 'GET', url: '/healthz' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    // No destination is configured in this suite: the leads wait, queued for the webhook.
    expect(response.json()).toMatchObject({
      status: 'degraded',
      reasons: ['no destination is configured'],
      database: kind,
      destinations: { webhook: { active: false, parked: 0 } },
      outbox: { pending: expect.any(Number), oldestSeconds: expect.any(Number) },
    })
    expect(response.json().destinations.webhook.pending).toBeGreaterThan(0)
    expect(response.json().outbox.pending).toBe(response.json().destinations.webhook.pending)
  })

  it('still serves the site with its security headers, and the not-found page with 404', async () => {
    const home = await relay().app.inject({ method: 'GET', url: '/' })
    expect(home.statusCode).toBe(200)
    expect(home.headers['content-security-policy']).toContain("frame-ancestors 'none'")
    const missing = await relay().app.inject({ method: 'GET', url: '/nulle-part' })
    expect(missing.statusCode).toBe(404)
    expect(missing.body).toContain('Oops! Page not found')
  })

  it.each([
    ['an address', '198.51.100.4', '198.51.100.4'],
    ['an IPv6 address', '2001:db8::4', '2001:db8::4'],
    ['text', 'unknown', '127.0.0.1'],
    ['markup', '<script>alert(1)</script>', '127.0.0.1'],
    ['an address and a port', '198.51.100.4:1234', '127.0.0.1'],
    ['a number', '3325256708', '127.0.0.1'],
    ['garbage after an address', '198.51.100.4, garbage', '127.0.0.1'],
    ['an address after garbage', 'garbage, 198.51.100.4', '198.51.100.4'],
  ])(
    'stores the address a trusted proxy forwards only when it is one (%s)',
    async (_label, forwarded, stored) => {
      const lead = validLead()
      const response = await relay().app.inject({
        method: 'POST',
        url: '/api/leads',
        headers: { ...json, 'x-forwarded-for': forwarded },
        payload: JSON.stringify(lead),
        remoteAddress: '127.0.0.1',
      })
      expect(response.statusCode).toBe(202)
      const [row] = await storedLeads(lead.email as string)
      expect(row!.client_ip).toBe(stored)
    },
  )

  it('sends HSTS only over HTTPS, believing X-Forwarded-Proto from a trusted proxy only', async () => {
    const get = (remoteAddress: string) =>
      relay().app.inject({
        method: 'GET',
        url: '/',
        headers: { 'x-forwarded-proto': 'https' },
        remoteAddress,
      })
    expect((await get('127.0.0.1')).headers['strict-transport-security']).toContain('max-age=')
    expect((await get('203.0.113.7')).headers['strict-transport-security']).toBeUndefined()
  })

  it('never writes contact details, consent text or client addresses to the logs', async () => {
    const lead = validLead({ nom: 'Zyxwvut', telephone: '0698765432' })
    await postLead(lead)
    await postLead({ ...lead, email: 'not-an-email' })
    const logs = relay().logLines.join('')
    expect(logs).toContain('lead stored')
    // One line per request, once answered, with its status and time: not two.
    const answered = relay()
      .logLines.map(
        (line) =>
          JSON.parse(line) as { msg: string; req?: { url: string }; res?: { statusCode: number } },
      )
      .filter((line) => line.req?.url === '/api/leads')
    expect(answered.map((line) => [line.msg, line.res?.statusCode]).slice(-2)).toEqual([
      ['request completed', 202],
      ['request completed', 400],
    ])
    for (const secret of [lead.email as string, '0698765432', 'Zyxwvut', '203.0.113.7', 'ORIAS']) {
      expect(logs).not.toContain(secret)
    }
  })
})

describe.each(databaseKinds())('rate limiting on the %s database', (kind) => {
  const relay = useTestRelay(kind, {})

  it('answers 429 with Retry-After to a burst of leads from one client, not to others', async () => {
    const post = (remoteAddress: string) =>
      relay().app.inject({
        method: 'POST',
        url: '/api/leads',
        headers: json,
        payload: JSON.stringify(validLead()),
        remoteAddress,
      })
    const statuses: number[] = []
    for (let index = 0; index < 12; index += 1)
      statuses.push((await post('198.51.100.1')).statusCode)
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(202))
    expect(statuses.slice(10)).toEqual([429, 429])
    const limited = await post('198.51.100.1')
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    expect(limited.headers.connection).toBe('close')
    expect((await post('198.51.100.2')).statusCode).toBe(202)
  })

  const postFrom = (remoteAddress: string, headers: Record<string, string> = {}) =>
    relay().app.inject({
      method: 'POST',
      url: '/api/leads',
      headers: { ...json, ...headers },
      payload: JSON.stringify(validLead()),
      remoteAddress,
    })

  it('counts an IPv6 /64 network as one client, and an IPv4-mapped address as its IPv4 one', async () => {
    const statuses: number[] = []
    for (let index = 1; index <= 11; index += 1) {
      statuses.push((await postFrom(`2001:db8:aa:1:${index.toString(16)}::1`)).statusCode)
    }
    expect(statuses).toEqual([...Array(10).fill(202), 429])
    expect((await postFrom('2001:db8:aa:1:ffff:ffff:ffff:ffff')).statusCode).toBe(429)
    expect((await postFrom('2001:db8:aa:2::1')).statusCode).toBe(202)

    for (let index = 0; index < 10; index += 1) {
      expect((await postFrom('198.51.100.20')).statusCode).toBe(202)
    }
    expect((await postFrom('::ffff:198.51.100.20')).statusCode).toBe(429)
    expect((await postFrom('198.51.100.21')).statusCode).toBe(202)
  })

  it('counts a trusted proxy’s unreadable X-Forwarded-For values as the proxy itself', async () => {
    const statuses: number[] = []
    for (let index = 0; index < 11; index += 1) {
      const forwarded = { 'x-forwarded-for': `client-${index}` }
      statuses.push((await postFrom('127.0.0.1', forwarded)).statusCode)
    }
    expect(statuses).toEqual([...Array(10).fill(202), 429])
    // A readable address behind the same proxy has a budget of its own.
    const readable = await postFrom('127.0.0.1', { 'x-forwarded-for': '198.51.100.30' })
    expect(readable.statusCode).toBe(202)
  })
})
