import { describe, expect, it } from 'vitest'
import { leadFieldNames, leadMessages } from '@/features/lead/lead-schema'
import { parseLeadPayload } from '@/features/lead/parse-lead-payload'

const consentText =
  'J’accepte d’être rappelé(e) par téléphone par Exemple Courtage SAS, courtier en assurance.'

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
  }
}

function payloadOf(body: unknown): Record<string, unknown> {
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

  it.each([[''], ['   '], [undefined], [true], ['x'.repeat(2_001)]])(
    'rejects consentement_texte = %j',
    (value) => {
      const shown = typeof value === 'string' && value.length > 20 ? 'a 2001-char string' : value
      expect(
        Object.keys(errorsOf({ ...validBody(), consentement_texte: value })),
        String(shown),
      ).toEqual(['consentement_texte'])
    },
  )

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
    '<script>alert(1)</script>',
    "'; DROP TABLE leads; --",
    'Zoé 👩‍👩‍👧 🇫🇷',
    '\u0000\u202e\uFEFF',
    '\uD800',
    '${process.exit()}',
    '{{constructor.constructor("return process")()}}',
  ])('accepts %j as a name without throwing and returns it as plain text', (value) => {
    expect(payloadOf({ ...validBody(), nom: value, prenom: value })).toStrictEqual({
      ...validBody(),
      nom: value.trim(),
      prenom: value.trim(),
    })
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
