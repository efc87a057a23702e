import { describe, expect, it } from 'vitest'
import { rateTableVersion } from '../estimate/insurance-rates'
import { leadFormCopy } from './lead-form-copy'
import {
  buildLeadPayload,
  leadPayloadKeys,
  leadSource,
  clickIdKeys,
  originKeys,
  simulationOf,
} from './lead-contract'
import { parseLeadPayload } from '../../server/api/parse-lead'
import { leadFieldNames, leadMessages } from './lead-schema'

const consentText = leadFormCopy.consentLabel

function validBody(): Record<string, unknown> {
  return {
    nom: 'Martin',
    prenom: 'Claire',
    email: 'claire.martin@example.fr',
    telephone: '0612345678',
    source: 'facebook_ads',
    page_url: 'https://www.example.fr/?uid=abc',
    timestamp: '2026-09-01T08:30:15.123Z',
    consentement: true,
    consentement_texte: consentText,
    consentement_publicite: false,
  }
}

function payloadOf(body: unknown): Record<string, unknown> & { simulation?: unknown } {
  const result = parseLeadPayload(body)
  if (!result.ok) throw new Error(`expected a valid payload, got ${JSON.stringify(result.errors)}`)
  return result.payload as unknown as Record<string, unknown>
}

function errorsOf(body: unknown): Record<string, string> {
  const result = parseLeadPayload(body)
  if (result.ok) throw new Error(`expected a rejection, got ${JSON.stringify(result.payload)}`)
  return result.errors as Record<string, string>
}

describe('parseLeadPayload: valid input', () => {
  it('accepts a valid payload and returns it unchanged', () => {
    expect(payloadOf(validBody())).toStrictEqual(validBody())
  })

  it('normalises values: trimmed fields, phone without spaces, trimmed consent text', () => {
    const payload = payloadOf({
      ...validBody(),
      nom: '  Lefèvre-Dupont ',
      prenom: " N'Diaye ",
      email: ' zoe@example.fr ',
      telephone: '06 12 34 56 78',
      consentement_texte: `  ${consentText}  `,
    })
    expect(payload).toStrictEqual({
      ...validBody(),
      nom: 'Lefèvre-Dupont',
      prenom: "N'Diaye",
      email: 'zoe@example.fr',
      telephone: '0612345678',
      consentement_texte: consentText,
    })
  })

  it('drops keys that are not part of the payload', () => {
    expect(payloadOf({ ...validBody(), admin: true, extra: 'x' })).toStrictEqual(validBody())
  })
})

describe('parseLeadPayload: bad fields', () => {
  it.each([
    ['nom', '   ', leadMessages.nomRequired],
    ['prenom', '', leadMessages.prenomRequired],
    ['email', '', leadMessages.emailRequired],
    ['email', 'x@y', leadMessages.emailFormat],
    ['telephone', '', leadMessages.telephoneRequired],
    ['telephone', '+33612345678', leadMessages.telephoneFormat],
    ['telephone', '06.12.34.56.78', leadMessages.telephoneFormat],
  ])('rejects %s = %j with the form message', (field, value, message) => {
    expect(errorsOf({ ...validBody(), [field]: value })).toStrictEqual({ [field]: message })
  })

  it.each(leadFieldNames)('reports a missing %s as required', (field) => {
    const body = Object.fromEntries(Object.entries(validBody()).filter(([key]) => key !== field))
    expect(errorsOf(body)).toStrictEqual({ [field]: leadMessages[`${field}Required` as const] })
  })

  it.each([
    ['consentement', false],
    ['consentement', 'true'],
    ['consentement', 1],
    ['consentement', undefined],
  ])('rejects %s = %j: only the boolean true counts', (field, value) => {
    expect(errorsOf({ ...validBody(), [field]: value })).toStrictEqual({
      consentement: leadMessages.consentRequired,
    })
  })

  it.each([['google_ads'], [''], [undefined], [1]])('rejects source = %j', (value) => {
    expect(Object.keys(errorsOf({ ...validBody(), source: value }))).toEqual(['source'])
  })

  it.each([[''], ['not a url'], ['/relative/path'], [undefined], [42]])(
    'rejects page_url = %j',
    (value) => {
      expect(Object.keys(errorsOf({ ...validBody(), page_url: value }))).toEqual(['page_url'])
    },
  )

  it('rejects a page_url longer than 2000 characters', () => {
    const pageUrl = `https://www.example.fr/?q=${'a'.repeat(2_000)}`
    expect(Object.keys(errorsOf({ ...validBody(), page_url: pageUrl }))).toEqual(['page_url'])
  })

  it.each([[''], ['hier'], ['not-a-date'], [undefined], [1_767_225_600_000]])(
    'rejects timestamp = %j',
    (value) => {
      expect(Object.keys(errorsOf({ ...validBody(), timestamp: value }))).toEqual(['timestamp'])
    },
  )

  it('rejects timestamps that Date.parse accepts but that are not ISO 8601 date-times (SPEC §3)', () => {
    const notIso = ['01/02/2026', 'Tue, 01 Sep 2026 08:30:15 GMT', 'September 1, 2026']
    const accepted = notIso.filter(
      (timestamp) => parseLeadPayload({ ...validBody(), timestamp }).ok,
    )
    expect(accepted).toEqual([])
  })

  it.each([
    ['empty', ''],
    ['blank', '   '],
    ['missing', undefined],
    ['not text', true],
    ['too long', 'x'.repeat(2_001)],
    ['another text', 'J’accepte d’être rappelé(e) par Courtier Exemple (ORIAS 00 000 000).'],
    ['the label cut short', leadFormCopy.consentLabel.slice(0, -1)],
    ['the label with more', `${leadFormCopy.consentLabel} Et tout le reste.`],
    ['the label in capitals', leadFormCopy.consentLabel.toUpperCase()],
  ])('rejects a consent text that is not the form’s label (%s)', (_label, value) => {
    expect(errorsOf({ ...validBody(), consentement_texte: value })).toEqual({
      consentement_texte: 'Expected the consent label the form shows, word for word',
    })
  })

  it('reports every bad field at once', () => {
    expect(Object.keys(errorsOf({})).sort()).toEqual(
      [
        'consentement',
        'consentement_texte',
        'email',
        'nom',
        'page_url',
        'prenom',
        'source',
        'telephone',
        'timestamp',
      ].sort(),
    )
  })
})

describe('parseLeadPayload: wrong shapes and types', () => {
  it.each([
    ['null', null],
    ['undefined', undefined],
    ['an array', [validBody()]],
    ['an empty array', []],
    ['a string', JSON.stringify(validBody())],
    ['a number', 42],
    ['a boolean', true],
  ])('rejects %s as body', (_label, body) => {
    expect(errorsOf(body)).toStrictEqual({ body: 'Expected a JSON object' })
  })

  it('treats numbers given instead of strings as missing values', () => {
    const errors = errorsOf({ ...validBody(), nom: 123, prenom: 4, telephone: 612345678 })
    expect(errors).toStrictEqual({
      nom: leadMessages.nomRequired,
      prenom: leadMessages.prenomRequired,
      telephone: leadMessages.telephoneRequired,
    })
  })

  it('treats objects and arrays given instead of strings as missing values', () => {
    const errors = errorsOf({ ...validBody(), email: { toString: () => 'x@y.z' }, nom: ['Martin'] })
    expect(errors).toStrictEqual({
      nom: leadMessages.nomRequired,
      email: leadMessages.emailRequired,
    })
  })
})

describe('parseLeadPayload: huge and hostile strings', () => {
  it('refuses a name carrying a message for the confirmation email, with the form’s message', () => {
    const prenom =
      'client. URGENT : votre contrat est suspendu, regularisez sur https://phish.example/login sous 24 h'
    const errors = errorsOf({ ...validBody(), prenom, nom: 'www.phish.example' })
    expect(errors).toStrictEqual({ nom: leadMessages.nomFormat, prenom: leadMessages.prenomFormat })
    expect(errors.prenom).toMatch(/^Le prénom ne peut contenir/)
  })

  it.each(['nom', 'prenom'] as const)('rejects a %s longer than 200 characters', (field) => {
    const errors = errorsOf({ ...validBody(), [field]: 'a'.repeat(201) })
    expect(Object.keys(errors)).toEqual([field])
    expect(errors[field]).toMatch(/200/)
  })

  it('accepts a name of exactly 200 characters', () => {
    expect(parseLeadPayload({ ...validBody(), nom: 'a'.repeat(200) }).ok).toBe(true)
  })

  it('rejects an email longer than 200 characters even when well formed', () => {
    const email = `${'a'.repeat(200)}@example.fr`
    expect(Object.keys(errorsOf({ ...validBody(), email }))).toEqual(['email'])
  })

  it('rejects a one-megabyte phone number without throwing', () => {
    const errors = errorsOf({ ...validBody(), telephone: '0'.repeat(1_000_000) })
    expect(Object.keys(errors)).toEqual(['telephone'])
  })

  it.each([
    '<script>alert(document.domain)</script>',
    "'; DROP TABLE leads; --",
    'Zoé 👩‍👩‍👧 🇫🇷',
    '\u202eevil\u202c',
    'Zoé\u200b',
    'Martin\\udead',
    '${process.exit()}',
    '{{constructor.constructor("return process")()}}',
  ])('accepts %j as a name without throwing and returns it as plain text', (value) => {
    expect(payloadOf({ ...validBody(), nom: value, prenom: value })).toStrictEqual({
      ...validBody(),
      nom: value.trim(),
      prenom: value.trim(),
    })
  })

  it.each([
    ['nom', { nom: 'Martin\u0000' }],
    ['prenom', { prenom: '\ud800' }],
    ['email', { email: 'zoe\udc00@example.fr' }],
    ['page_url', { page_url: 'https://www.example.fr/?uid=\u0000' }],
    ['utm_campaign', { utm_campaign: 'x\\\udc00' }],
    ['fbclid', { fbclid: '\ud83d' }],
    ['simulation.bareme', { simulation: { bareme: '\u0000' } }],
  ])('refuses text the database cannot store and names the field (%s)', (field, change) => {
    const errors = errorsOf({ ...validBody(), ...change })
    expect(errors[field]).toBe('Text must be valid Unicode without U+0000')
  })

  it.each(['<script>@x.fr', "'; DROP TABLE leads; --", '😀@😀.fr', '__proto__'])(
    'never throws on the email %j',
    (value) => {
      expect(() => parseLeadPayload({ ...validBody(), email: value })).not.toThrow()
    },
  )

  it('does not let a __proto__ key pollute the result', () => {
    const body = JSON.parse(`{"__proto__": {"polluted": true}, "nom": "Martin"}`) as unknown
    expect(() => parseLeadPayload(body)).not.toThrow()
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })
})

describe('parseLeadPayload: event id and anti-spam trap', () => {
  it('keeps a valid event_id shared with the pixel event', () => {
    expect(payloadOf({ ...validBody(), event_id: 'lead-1a2b_3C' })).toStrictEqual({
      ...validBody(),
      event_id: 'lead-1a2b_3C',
    })
  })

  it('keeps ad consent as sent, and counts a lead without the key as without consent', () => {
    expect(payloadOf({ ...validBody(), consentement_publicite: true }).consentement_publicite).toBe(
      true,
    )
    const { consentement_publicite: _, ...older } = validBody()
    expect(payloadOf(older)).toStrictEqual(validBody())
  })

  it.each([['true'], [1], [null], ['oui']])('rejects consentement_publicite = %j', (value) => {
    expect(Object.keys(errorsOf({ ...validBody(), consentement_publicite: value }))).toEqual([
      'consentement_publicite',
    ])
  })

  it.each([[''], ['<script>'], ['a b'], ['a'.repeat(101)], [42], [null]])(
    'rejects event_id = %j',
    (value) => {
      expect(Object.keys(errorsOf({ ...validBody(), event_id: value }))).toEqual(['event_id'])
    },
  )

  it('reports an untouched trap as not filled', () => {
    const result = parseLeadPayload(validBody())
    expect(result).toMatchObject({ ok: true, honeypotFilled: false })
  })

  it.each([[''], ['   '], [null]])('treats the trap value %j as not filled', (value) => {
    expect(parseLeadPayload({ ...validBody(), site_web: value })).toMatchObject({
      ok: true,
      honeypotFilled: false,
    })
  })

  it.each([['https://spam.example'], [1], [true]])(
    'flags the trap as filled for %j and never copies it into the payload',
    (value) => {
      const result = parseLeadPayload({ ...validBody(), site_web: value })
      expect(result).toMatchObject({ ok: true, honeypotFilled: true })
      expect(payloadOf({ ...validBody(), site_web: value })).toStrictEqual(validBody())
    },
  )
})

describe('buildLeadPayload', () => {
  const timestamp = '2026-09-01T08:30:15.123Z'
  const pageUrl = 'https://www.example.fr/?uid=abc123&utm_source=facebook#simulation-form'
  const fields = {
    nom: '  Lefèvre-Dupont ',
    prenom: ' Zoé ',
    email: ' zoe@example.fr ',
    telephone: ' 06 12 34 56 78 ',
  }

  it('builds exactly the SPEC fields plus the proof of consent when nothing else is given', () => {
    expect(buildLeadPayload(fields, { pageUrl, timestamp, consentText })).toStrictEqual({
      nom: 'Lefèvre-Dupont',
      prenom: 'Zoé',
      email: 'zoe@example.fr',
      telephone: '0612345678',
      source: 'facebook_ads',
      page_url: pageUrl,
      timestamp,
      consentement: true,
      consentement_texte: consentText,
      consentement_publicite: false,
    })
  })

  it('marks ad consent true only when the visitor accepted the pixel', () => {
    const build = (adConsent?: boolean) =>
      buildLeadPayload(fields, { pageUrl, timestamp, consentText, adConsent })
        .consentement_publicite
    expect([build(true), build(false), build()]).toEqual([true, false, false])
  })

  it('uses the fixed source label facebook_ads', () => {
    expect(leadSource).toBe('facebook_ads')
  })

  it('keeps the page address as given, query string included', () => {
    const url = 'http://localhost:3000/?uid=%C3%A9t%C3%A9&x=1'
    expect(buildLeadPayload(fields, { pageUrl: url, timestamp, consentText }).page_url).toBe(url)
  })

  it('adds the callback slot, the simulation, the event id and the origin only when given', () => {
    const simulation = simulationOf({
      amount: 200_000,
      yearsLeft: 20,
      age: 32,
      monthlyPremium: null,
      insured: 'seul',
    })
    const payload = buildLeadPayload(fields, {
      pageUrl,
      timestamp,
      consentText,
      callback: 'matin',
      simulation,
      eventId: 'evt-1',
      origin: Object.fromEntries(originKeys.map((key) => [key, `${key}-value`])),
      test: true,
    })
    expect(payload).toMatchObject({
      est_test: true,
      rappel_prefere: 'matin',
      simulation,
      event_id: 'evt-1',
      utm_source: 'utm_source-value',
      fbclid: 'fbclid-value',
    })
    expect(Object.keys(payload)).toEqual(leadPayloadKeys.filter((key) => key in payload))
    // Google's click ids are the relay's to add, from the page's address (parse-lead.ts).
    expect(Object.keys(payload)).toHaveLength(leadPayloadKeys.length - clickIdKeys.length)
    for (const key of clickIdKeys) expect(payload).not.toHaveProperty(key)
  })
})

describe('buildLeadPayload: where the lead came from', () => {
  const context = {
    pageUrl: 'https://www.example.fr/',
    timestamp: '2026-09-01T08:30:15.123Z',
    consentText,
  }
  const fields = { nom: 'Martin', prenom: 'Claire', email: 'c@example.fr', telephone: '0612345678' }
  const originOf = (payload: object) =>
    Object.fromEntries(
      Object.entries(payload).filter(([key]) => key.startsWith('utm_') || key === 'fbclid'),
    )

  it('keeps the origin keys present in the address as they are, and nothing else of it', () => {
    const search = new URLSearchParams(
      '?utm_source=Facebook&utm_campaign=%7B%7Bcampaign.id%7D%7D%20%C3%A9t%C3%A9&fbclid=IwAR0x_Y-z&uid=abc&utm_id=9&UTM_MEDIUM=paid',
    )
    const payload = buildLeadPayload(fields, { ...context, origin: Object.fromEntries(search) })
    expect(originOf(payload)).toStrictEqual({
      utm_source: 'Facebook',
      utm_campaign: '{{campaign.id}} été',
      fbclid: 'IwAR0x_Y-z',
    })
    expect(payload).not.toHaveProperty('uid')
    expect(payload).not.toHaveProperty('UTM_MEDIUM')
  })

  it('leaves out keys that are absent or empty', () => {
    const payload = buildLeadPayload(fields, {
      ...context,
      origin: Object.fromEntries(new URLSearchParams('?utm_source=&utm_medium=paid&fbclid')),
    })
    expect(originOf(payload)).toStrictEqual({ utm_medium: 'paid' })
    expect(originOf(buildLeadPayload(fields, context))).toStrictEqual({})
  })

  it('cuts a value longer than 500 characters, so the relay never refuses a visitor for it', () => {
    const payload = buildLeadPayload(fields, {
      ...context,
      origin: { utm_content: 'é'.repeat(600), utm_term: 'x'.repeat(500) },
    })
    expect(payload.utm_content).toBe('é'.repeat(500))
    expect(payload.utm_term).toBe('x'.repeat(500))
    expect(parseLeadPayload(payload).ok).toBe(true)
  })

  it('never sends what the relay refuses: half an emoji left by the cut, or U+0000', () => {
    const payload = buildLeadPayload(fields, {
      ...context,
      origin: { utm_content: `${'x'.repeat(499)}🚀🚀`, utm_term: 'a\0b', fbclid: '🚀'.repeat(250) },
    })
    expect(payload.utm_content).toBe('x'.repeat(499))
    expect(payload.utm_term).toBe('ab')
    expect(payload.fbclid).toBe('🚀'.repeat(250))
  })
})

describe('parseLeadPayload: where the lead came from', () => {
  it('keeps each origin key as it is, spaces and case included', () => {
    const origin = {
      utm_source: 'Facebook',
      utm_medium: ' Paid ',
      utm_campaign: '120210000000000001',
      utm_content: '{{ad.id}}',
      utm_term: 'Été 2026 / 35-50',
      fbclid: 'IwAR2F_abc-DEF',
    }
    expect(payloadOf({ ...validBody(), ...origin })).toStrictEqual({ ...validBody(), ...origin })
  })

  it('accepts exactly 500 characters', () => {
    expect(payloadOf({ ...validBody(), utm_term: 'a'.repeat(500) }).utm_term).toBe('a'.repeat(500))
  })

  it('leaves out an empty value', () => {
    expect(payloadOf({ ...validBody(), utm_source: '', fbclid: '' })).toStrictEqual(validBody())
  })

  it.each(
    originKeys.flatMap((key) => [
      [key, 'a'.repeat(501)],
      [key, 42],
      [key, { a: 1 }],
      [key, ['x']],
      [key, null],
      [key, true],
    ]),
  )('refuses %s = %j, naming the field', (key, value) => {
    expect(errorsOf({ ...validBody(), utm_source: 'facebook', [key]: value })).toStrictEqual({
      [key]: 'Expected text of at most 500 characters',
    })
  })

  it('names every bad origin field at once', () => {
    expect(
      Object.keys(errorsOf({ ...validBody(), utm_campaign: 'a'.repeat(501), fbclid: 7 })),
    ).toEqual(['utm_campaign', 'fbclid'])
  })
})

function simulationBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    montant_emprunte: 200_000,
    duree_restante_ans: 20,
    age: 32,
    cotisation_mensuelle: null,
    assures: 'seul',
    economie_min: 2_400,
    economie_max: 10_800,
    bareme: rateTableVersion,
    ...overrides,
  }
}

describe('parseLeadPayload: preferred callback time', () => {
  it.each(['des_que_possible', 'matin', 'apres_midi', 'soir'])('keeps %s', (slot) => {
    expect(payloadOf({ ...validBody(), rappel_prefere: slot })).toStrictEqual({
      ...validBody(),
      rappel_prefere: slot,
    })
  })

  it.each([[''], ['samedi'], ['MATIN'], [1], [null]])('rejects rappel_prefere = %j', (value) => {
    expect(Object.keys(errorsOf({ ...validBody(), rappel_prefere: value }))).toEqual([
      'rappel_prefere',
    ])
  })
})

describe('parseLeadPayload: simulation', () => {
  it("keeps a simulation whose figures are the table's own", () => {
    expect(payloadOf({ ...validBody(), simulation: simulationBody() })).toStrictEqual({
      ...validBody(),
      simulation: simulationBody(),
    })
  })

  it("stores the relay's own figures and table version when the sender's disagree", () => {
    const payload = payloadOf({
      ...validBody(),
      simulation: simulationBody({ economie_min: 50_000, economie_max: 99_999, bareme: 'v0' }),
    })
    expect(payload.simulation).toStrictEqual(simulationBody())
  })

  it('recomputes from the premium and who is insured (worked example 2)', () => {
    const simulation = simulationBody({
      montant_emprunte: 250_000,
      duree_restante_ans: 15,
      age: 45,
      cotisation_mensuelle: 190,
      assures: 'deux_100',
      economie_min: 0,
      economie_max: 0,
    })
    expect(payloadOf({ ...validBody(), simulation }).simulation).toMatchObject({
      economie_min: 4_200,
      economie_max: 22_200,
    })
  })

  it('keeps a simulation that gives no saving, with zero figures', () => {
    const simulation = simulationBody({ age: 28, cotisation_mensuelle: 5, economie_max: 300 })
    expect(payloadOf({ ...validBody(), simulation }).simulation).toMatchObject({
      economie_min: 0,
      economie_max: 0,
    })
  })

  it.each([
    ['montant_emprunte', 9_999],
    ['montant_emprunte', 2_000_001],
    ['montant_emprunte', 150_000.5],
    ['montant_emprunte', '200000'],
    ['montant_emprunte', null],
    ['duree_restante_ans', 0],
    ['duree_restante_ans', 36],
    ['age', 17],
    ['age', 86],
    ['cotisation_mensuelle', -1],
    ['cotisation_mensuelle', 5_001],
    ['cotisation_mensuelle', '90'],
    ['assures', 'trois'],
    ['economie_min', -100],
    ['economie_max', 'beaucoup'],
    ['bareme', ''],
    ['bareme', 'x'.repeat(41)],
  ])('refuses simulation.%s = %j, naming the field', (key, value) => {
    const errors = errorsOf({ ...validBody(), simulation: simulationBody({ [key]: value }) })
    expect(Object.keys(errors)).toEqual([`simulation.${key}`])
    expect(errors[`simulation.${key}`]).toMatch(/^Expected/)
  })

  it('refuses a missing simulation key, naming it', () => {
    const { age: _age, ...withoutAge } = simulationBody()
    expect(Object.keys(errorsOf({ ...validBody(), simulation: withoutAge }))).toEqual([
      'simulation.age',
    ])
  })

  it.each([[null], [[]], ['x'], [42]])('refuses simulation = %j', (value) => {
    expect(Object.keys(errorsOf({ ...validBody(), simulation: value }))).toEqual(['simulation'])
  })

  it('refuses a simulation from age 60 without the premium: no figure exists for it', () => {
    const errors = errorsOf({ ...validBody(), simulation: simulationBody({ age: 62 }) })
    expect(Object.keys(errors)).toEqual(['simulation.cotisation_mensuelle'])
  })

  it('accepts bounds exactly', () => {
    const edges = simulationBody({
      montant_emprunte: 2_000_000,
      duree_restante_ans: 35,
      age: 85,
      cotisation_mensuelle: 5_000,
    })
    expect(parseLeadPayload({ ...validBody(), simulation: edges }).ok).toBe(true)
    const low = simulationBody({
      montant_emprunte: 10_000,
      duree_restante_ans: 1,
      age: 18,
      cotisation_mensuelle: 0,
    })
    expect(parseLeadPayload({ ...validBody(), simulation: low }).ok).toBe(true)
  })
})
