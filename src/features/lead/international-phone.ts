/** A French number as the lead stores it, `0612345678`, to `+33612345678` for a `tel:` link. */
export function internationalPhone(telephone: string): string {
  return `+33${telephone.replace(/\D/g, '').replace(/^0/, '')}`
}

/**
 * A French number as people read it, in pairs joined by no-break spaces so that it never wraps:
 * `0612345678` → `06 12 34 56 78`. Anything that is not ten digits comes back as it was.
 */
export function displayPhone(telephone: string): string {
  const digits = telephone.replace(/\s/g, '')
  return /^0\d{9}$/.test(digits) ? digits.replace(/(\d\d)(?=\d)/g, '$1\u00a0') : telephone
}
