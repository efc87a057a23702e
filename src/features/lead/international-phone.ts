/** A French number as the lead stores it, `0612345678`, to `+33612345678` for a `tel:` link. */
export function internationalPhone(telephone: string): string {
  return `+33${telephone.replace(/\D/g, '').replace(/^0/, '')}`
}
