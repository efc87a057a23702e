import { describe, expect, it } from 'vitest'
import { metaCookiesOf, normalizeEmail, normalizeName } from './meta-event'

describe("Meta's normalised forms", () => {
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
