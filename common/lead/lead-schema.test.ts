import { describe, expect, it } from 'vitest'
import {
  isLeadValid,
  leadFieldMaxLength,
  leadFieldNames,
  leadMessages,
  normalizeLead,
  validateConsent,
  validateField,
  validateLead,
  type LeadDraft,
} from './lead-schema'

const validDraft: LeadDraft = {
  nom: 'Martin',
  prenom: 'Claire',
  email: 'claire.martin@example.fr',
  telephone: '06 12 34 56 78',
  consentement: true,
}

describe('leadMessages', () => {
  it('uses the exact French messages of SPEC §5', () => {
    expect(leadMessages.nomRequired).toBe('Le nom est obligatoire')
    expect(leadMessages.prenomRequired).toBe('Le prénom est obligatoire')
    expect(leadMessages.emailRequired).toBe("L'email est obligatoire")
    expect(leadMessages.emailFormat).toBe("Format d'email invalide")
    expect(leadMessages.telephoneRequired).toBe('Le téléphone est obligatoire')
    expect(leadMessages.telephoneFormat).toBe('Format invalide (10 chiffres commençant par 0)')
  })

  it('has a non-empty French consent message', () => {
    expect(leadMessages.consentRequired).toMatch(/rappel/)
  })

  it('lists the four lead fields in form order', () => {
    expect(leadFieldNames).toEqual(['nom', 'prenom', 'email', 'telephone'])
  })
})

describe('validateField: nom and prenom', () => {
  it.each(['', ' ', '   ', '\t\n'])('rejects a blank nom %j with the SPEC message', (value) => {
    expect(validateField('nom', value)).toBe('Le nom est obligatoire')
  })

  it.each(['', '  '])('rejects a blank prenom %j with the SPEC message', (value) => {
    expect(validateField('prenom', value)).toBe('Le prénom est obligatoire')
  })

  it.each([
    ['zero-width spaces and joiners', '\u200b\u200c\u200d'],
    ['a word joiner and a byte order mark', ' \u2060\ufeff '],
    ['bidi marks', '\u200e\u200f'],
    ['bidi overrides and isolates', '\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069'],
    ['a soft hyphen', '\u00ad'],
    ['combining marks alone', '\u0301\u0308'],
    ['no-break and ideographic spaces', '\u00a0\u2009\u3000'],
    ['control characters', '\u0001\u007f'],
  ])('rejects a name made only of %s with the field’s own message', (_label, value) => {
    expect(validateField('nom', value)).toBe('Le nom est obligatoire')
    expect(validateField('prenom', value)).toBe('Le prénom est obligatoire')
  })

  it.each([
    "N'Diaye",
    'Lefèvre-Dupont',
    'Zoé',
    'Éloïse',
    'N’Goran',
    ' Martin ',
    'X',
    'Ze\u0301',
    '\u200bZoé',
    '李',
    '😀',
  ])('accepts the name %j (accents, apostrophes, hyphens, surrounding spaces)', (value) => {
    expect(validateField('nom', value)).toBeUndefined()
    expect(validateField('prenom', value)).toBeUndefined()
  })
})

describe('validateField: what a name never holds (issue 27)', () => {
  const phishing =
    'client. URGENT : votre contrat est suspendu, regularisez sur https://phish.example/login sous 24 h'

  it.each([
    ['the phishing text of issue 27', phishing],
    ['a web address', 'Zoé https://phish.example'],
    ['an address without its scheme', 'voir www.phish.example'],
    ['a scheme in capitals', 'HTTP://PHISH.EXAMPLE'],
    ['an email address', 'zoe@phish.example'],
    ['a lone @', 'Zoé @ Martin'],
    ['digits', 'Martin 24'],
    ['a single digit', 'Zo3'],
    ['full-width digits', 'Martin ２４'],
    ['a line feed', 'Zoé\nURGENT'],
    ['a carriage return', 'Zoé\rURGENT'],
    ['a tab', 'Zoé\tMartin'],
    ['a line separator', 'Zoé\u2028URGENT'],
    ['a paragraph separator', 'Zoé\u2029URGENT'],
  ])('refuses %s with the field’s own French message', (_label, value) => {
    expect(validateField('nom', value)).toBe(
      'Le nom ne peut contenir ni chiffres, ni «\u00a0@\u00a0», ni adresse web',
    )
    expect(validateField('prenom', value)).toBe(
      'Le prénom ne peut contenir ni chiffres, ni «\u00a0@\u00a0», ni adresse web',
    )
  })

  it.each([
    'Jean-Pierre',
    "O'Brien",
    'O’Brien',
    'Le Gall',
    'Zoé',
    "N'Diaye",
    "d'Artagnan",
    'Marie Ève',
    'Marie-Ève',
    'Saint-Exupéry',
    'St. John',
    'Müller',
    'Łukasz',
    'Ἀλέξανδρος',
    'Ольга',
  ])('keeps the plain name %j valid', (value) => {
    expect(validateField('nom', value)).toBeUndefined()
    expect(validateField('prenom', value)).toBeUndefined()
  })

  it('refuses a name only once the surrounding spaces are trimmed off', () => {
    expect(validateField('prenom', '\n Zoé \n')).toBeUndefined()
  })
})

describe('validateField: length', () => {
  it('holds each field to 200 characters, the number the form and the relay share', () => {
    expect(leadFieldMaxLength).toBe(200)
  })

  it.each([
    ['nom', 'a'.repeat(201)],
    ['prenom', 'é'.repeat(250)],
    ['email', `${'a'.repeat(200)}@example.fr`],
    ['telephone', `0612345678${' '.repeat(191)}0`],
  ] as const)('refuses a %s over the limit with the length message', (name, value) => {
    expect(validateField(name, value)).toBe('Trop long (200 caractères au plus)')
  })

  it('accepts 200 characters, and counts them once trimmed', () => {
    expect(validateField('nom', 'a'.repeat(200))).toBeUndefined()
    expect(validateField('nom', ` ${'a'.repeat(200)} `)).toBeUndefined()
  })
})

describe('validateField: email', () => {
  it.each(['', '   '])('rejects a blank email %j as required', (value) => {
    expect(validateField('email', value)).toBe("L'email est obligatoire")
  })

  it.each(['x@y.z', 'claire.martin@example.fr', 'a+tag@sous.domaine.fr', '  x@y.z  '])(
    'accepts %j (surrounding spaces are trimmed before the check)',
    (value) => {
      expect(validateField('email', value)).toBeUndefined()
    },
  )

  it.each([
    'x@y',
    'x@@y.z',
    'x@.y.z',
    'x@y.',
    'x@y..z',
    '@y.z',
    'x',
    'x.y.z',
    'x y@z.fr',
    'x@y .fr',
    'x@y.f r',
    'x@y@z.fr',
  ])('rejects %j with the format message', (value) => {
    expect(validateField('email', value)).toBe("Format d'email invalide")
  })
})

describe('validateField: telephone', () => {
  it.each(['', '   '])('rejects a blank phone %j as required', (value) => {
    expect(validateField('telephone', value)).toBe('Le téléphone est obligatoire')
  })

  it.each(['0612345678', '06 12 34 56 78', ' 0612345678 ', '0 6 1 2 3 4 5 6 7 8', '0100000000'])(
    'accepts %j (10 digits starting with 0 once spaces are removed)',
    (value) => {
      expect(validateField('telephone', value)).toBeUndefined()
    },
  )

  it.each([
    ['dots', '06.12.34.56.78'],
    ['dashes', '06-12-34-56-78'],
    ['+33', '+33612345678'],
    ['+33 with spaces', '+33 6 12 34 56 78'],
    ['9 digits', '061234567'],
    ['11 digits', '06123456789'],
    ['not starting with 0', '6123456789'],
    ['10 digits starting with 1', '1612345678'],
    ['letters', '06123456ab'],
    ['only letters', 'telephone'],
    ['parentheses', '(06)12345678'],
  ])('rejects a phone with %s (%j) with the format message', (_label, value) => {
    expect(validateField('telephone', value)).toBe('Format invalide (10 chiffres commençant par 0)')
  })
})

describe('validateConsent', () => {
  it('requires the box to be ticked', () => {
    expect(validateConsent(false)).toBe(leadMessages.consentRequired)
    expect(validateConsent(true)).toBeUndefined()
  })
})

describe('validateLead', () => {
  it('returns no error for a complete draft with consent', () => {
    expect(validateLead(validDraft)).toEqual({})
  })

  it('returns every message at once for an empty draft', () => {
    expect(
      validateLead({ nom: '', prenom: '', email: '', telephone: '', consentement: false }),
    ).toEqual({
      nom: leadMessages.nomRequired,
      prenom: leadMessages.prenomRequired,
      email: leadMessages.emailRequired,
      telephone: leadMessages.telephoneRequired,
      consentement: leadMessages.consentRequired,
    })
  })

  it('returns format messages together with the missing consent', () => {
    expect(
      validateLead({ ...validDraft, email: 'x@y', telephone: '+33612345678', consentement: false }),
    ).toEqual({
      email: leadMessages.emailFormat,
      telephone: leadMessages.telephoneFormat,
      consentement: leadMessages.consentRequired,
    })
  })

  it('reports only the faulty field when the rest is valid', () => {
    expect(validateLead({ ...validDraft, nom: '   ' })).toEqual({ nom: leadMessages.nomRequired })
  })
})

describe('isLeadValid', () => {
  it('is true for a complete draft with consent', () => {
    expect(isLeadValid(validDraft)).toBe(true)
  })

  it('is false without consent even when every field is valid', () => {
    expect(isLeadValid({ ...validDraft, consentement: false })).toBe(false)
  })

  it.each(leadFieldNames)('is false when %s is blank', (name) => {
    expect(isLeadValid({ ...validDraft, [name]: '  ' })).toBe(false)
  })
})

describe('normalizeLead', () => {
  it('trims every value and removes the spaces of the phone number', () => {
    expect(
      normalizeLead({
        nom: '  Lefèvre-Dupont ',
        prenom: ' Zoé',
        email: ' zoe@example.fr  ',
        telephone: ' 06 12 34 56 78 ',
      }),
    ).toEqual({
      nom: 'Lefèvre-Dupont',
      prenom: 'Zoé',
      email: 'zoe@example.fr',
      telephone: '0612345678',
    })
  })

  it('keeps inner spaces of names', () => {
    expect(
      normalizeLead({ nom: ' de la Tour ', prenom: 'Jean Marc', email: 'a@b.fr', telephone: '' }),
    ).toMatchObject({ nom: 'de la Tour', prenom: 'Jean Marc' })
  })
})
