/**
 * The phone number, in one place: what the form accepts and the lead stores (ten digits starting
 * with 0, SPEC §5), how people read it, how a phone dials it and how Meta matches it. Overseas
 * departments and territories keep French national numbers but have country calling codes of their
 * own (ARCEP's numbering plan): a Réunion mobile `0692 12 34 56` is dialled `+262 692 12 34 56`,
 * not `+33 692…`.
 */

/** As the lead stores it: `0612345678`. */
export const nationalPhonePattern = /^0\d{9}$/

/** A number as typed, spaces removed: what the form sends and the relay stores. */
export function normalizePhone(value: string): string {
  return value.replace(/\s/g, '')
}

export function isNationalPhone(value: string): boolean {
  return nationalPhonePattern.test(normalizePhone(value))
}

/**
 * Country calling codes of the overseas numbers, by the three digits after the leading 0
 * (ARCEP, plan national de numérotation): Réunion and Mayotte 262, Guadeloupe and its islands
 * 590, Guyane 594, Martinique 596, Saint-Pierre-et-Miquelon 508. Every other number is +33.
 */
const overseasCallingCodes: Readonly<Record<string, string>> = {
  '262': '262',
  '263': '262',
  '692': '262',
  '693': '262',
  '269': '262',
  '639': '262',
  '590': '590',
  '690': '590',
  '691': '590',
  '594': '594',
  '694': '594',
  '596': '596',
  '696': '596',
  '697': '596',
  '508': '508',
}

/** The country calling code of a national number: `0692…` → `262`, `0612…` → `33`. */
export function callingCode(national: string): string {
  return overseasCallingCodes[national.slice(1, 4)] ?? '33'
}

/**
 * Digits with the country code, as Meta matches them: `06 12 34 56 78` → `33612345678`,
 * `0692 12 34 56` → `262692123456`. A number already international (`+33…`, `0033…`) keeps its
 * code. `undefined` when nothing is left.
 */
export function internationalDigits(phone: string): string | undefined {
  const digits = phone.replace(/\D/g, '')
  if (phone.trim().startsWith('+')) return digits || undefined
  if (digits.startsWith('00')) return digits.slice(2) || undefined
  if (nationalPhonePattern.test(digits)) return `${callingCode(digits)}${digits.slice(1)}`
  return digits || undefined
}

/** A `tel:` address that dials from anywhere: `0692123456` → `tel:+262692123456`. */
export function telHref(phone: string): string {
  const digits = internationalDigits(phone)
  return digits ? `tel:+${digits}` : `tel:${normalizePhone(phone)}`
}

/**
 * A national number as people read it, in pairs joined by no-break spaces so that it never wraps:
 * `0612345678` → `06 12 34 56 78`. Anything that is not ten digits comes back as it was.
 */
export function displayPhone(phone: string): string {
  const digits = normalizePhone(phone)
  return nationalPhonePattern.test(digits) ? digits.replace(/(\d\d)(?=\d)/g, '$1\u00a0') : phone
}

/**
 * Digits typed as a phone number, whole or in part, in the stored form: spaces, dots, dashes and
 * brackets dropped, a French or overseas country code (`+33 6 12`, `00262 692`) turned back into
 * the leading 0 (`0612`, `0692`). `''` when the text is no number of at least two digits.
 */
export function nationalDigits(typed: string): string {
  const compact = typed.replace(/[\s.()-]/g, '')
  if (!/^(\+|00)?\d{2,}$/.test(compact)) return ''
  return compact.replace(/^(?:\+|00)(33|262|590|594|596|508)/, '0').replace(/^\+|^00/, '')
}
