import { describe, expect, it } from 'vitest'
import { metaCookiesOf, normalizeEmail, normalizeName, normalizePhone } from './meta-event'

describe("Meta's normalised forms", () => {
  it.each([
    ['0612345678', '33612345678'],
    ['06 12 34 56 78', '33612345678'],
    ['0145678901', '33145678901'],
    ['+33 6 12 34 56 78', '33612345678'],
    ['0033612345678', '33612345678'],
    ['0692123456', '262692123456'],
    ['0269612345', '262269612345'],
    ['0690123456', '590690123456'],
    ['0694123456', '594694123456'],
    ['0696123456', '596696123456'],
    ['0508412345', '508508412345'],
    ['', undefined],
  ])('phone %j → %j', (phone, expected) => {
    expect(normalizePhone(phone)).toBe(expected)
  })

  it.each([
    ['Jean-Pierre', 'jeanpierre'],
    ["D'Artagnan", 'dartagnan'],
    ['  Hélène  ', 'hélène'],
    // The same name typed with a decomposed accent gives the same bytes.
    ['He\u0301le\u0300ne', 'hélène'],
    ['Le Gall', 'legall'],
    ['Zoé 👩‍👩‍👧', 'zoé'],
  ])('name %j → %j', (name, expected) => {
    expect(normalizeName(name)).toBe(expected)
  })

  it('email: trimmed and lower-cased', () => {
    expect(normalizeEmail('  Claire.Martin@Exemple.FR ')).toBe('claire.martin@exemple.fr')
  })
})

describe('metaCookiesOf', () => {
  it("reads _fbp and _fbc unchanged, Meta's five-part form included", () => {
    expect(
      metaCookiesOf(
        'a=1; _fbp=fb.1.1657051589577.1088522659.AQEAAQMB; _fbc=fb.2.1657051589577.IwAR_x-Y',
      ),
    ).toEqual({ fbp: 'fb.1.1657051589577.1088522659.AQEAAQMB', fbc: 'fb.2.1657051589577.IwAR_x-Y' })
  })

  it.each([[undefined], [''], ['_fbp=; _fbc=x'], ['_fbp=fb.1.abc.1'], ['_fbc=fb.1.1.a b']])(
    'leaves out missing or malformed values: %j',
    (header) => {
      expect(metaCookiesOf(header)).toEqual({ fbp: undefined, fbc: undefined })
    },
  )
})
