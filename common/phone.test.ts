import { describe, expect, it } from 'vitest'
import {
  callingCode,
  displayPhone,
  internationalDigits,
  isNationalPhone,
  nationalDigits,
  normalizePhone,
  telHref,
} from './phone'

const nbsp = '\u00a0'

/** Each prefix of ARCEP's numbering plan with a code of its own, and a number of each. */
const overseas = [
  ['0262', '262', 'La Réunion, fixed'],
  ['0263', '262', 'La Réunion, fixed'],
  ['0692', '262', 'La Réunion, mobile'],
  ['0693', '262', 'La Réunion, mobile'],
  ['0269', '262', 'Mayotte, fixed'],
  ['0639', '262', 'Mayotte, mobile'],
  ['0590', '590', 'Guadeloupe, fixed'],
  ['0690', '590', 'Guadeloupe, mobile'],
  ['0691', '590', 'Guadeloupe, mobile'],
  ['0594', '594', 'Guyane, fixed'],
  ['0694', '594', 'Guyane, mobile'],
  ['0596', '596', 'Martinique, fixed'],
  ['0696', '596', 'Martinique, mobile'],
  ['0697', '596', 'Martinique, mobile'],
  ['0508', '508', 'Saint-Pierre-et-Miquelon'],
] as const

describe('a phone number', () => {
  it.each(overseas)('%s… dials +%s (%s), and reads in pairs', (prefix, code) => {
    const national = `${prefix}123456`
    expect(callingCode(national)).toBe(code)
    expect(telHref(national)).toBe(`tel:+${code}${national.slice(1)}`)
    expect(internationalDigits(national)).toBe(`${code}${national.slice(1)}`)
    expect(displayPhone(national)).toBe(
      [national.slice(0, 2), national.slice(2, 4), '12', '34', '56'].join(nbsp),
    )
  })

  it.each([
    ['0612345678', 'tel:+33612345678'],
    ['0145678901', 'tel:+33145678901'],
    ['06 12 34 56 78', 'tel:+33612345678'],
  ])('%s in metropolitan France dials %s', (phone, href) => {
    expect(telHref(phone)).toBe(href)
    expect(callingCode(normalizePhone(phone))).toBe('33')
  })

  it.each([
    ['0612345678', '33612345678'],
    ['06 12 34 56 78', '33612345678'],
    ['+33 6 12 34 56 78', '33612345678'],
    ['0033612345678', '33612345678'],
    ['+262 692 12 34 56', '262692123456'],
    ['', undefined],
  ])('%j has the international digits %j, as Meta matches them', (phone, digits) => {
    expect(internationalDigits(phone)).toBe(digits)
  })

  it('is accepted as ten digits starting with 0, spaces aside (SPEC §5)', () => {
    expect(isNationalPhone('06 12 34 56 78')).toBe(true)
    expect(isNationalPhone('0692123456')).toBe(true)
    for (const refused of ['+33612345678', '06.12.34.56.78', '612345678', '06123456789', '']) {
      expect(isNationalPhone(refused), refused).toBe(false)
    }
  })

  it('leaves anything but ten digits as it was when shown', () => {
    expect(displayPhone('+33 6 12')).toBe('+33 6 12')
  })

  it.each([
    ['+33 6 12', '0612'],
    ['0033 6 12 34', '061234'],
    ['+262 692', '0692'],
    ['06.12.34', '061234'],
    ['(06) 12-34', '061234'],
    ['Martin', ''],
    ['6', ''],
  ])('typed in a search as %j, reads as the stored digits %j', (typed, digits) => {
    expect(nationalDigits(typed)).toBe(digits)
  })
})
