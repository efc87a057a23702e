/**
 * French typography for text a broker types with ordinary spaces: a no-break space before
 * `: ; ! ?` and `»`, after `«` and `n°`, between the digit groups of a number and before `€` or
 * `%`, so that a line never starts with a colon or splits an amount.
 */
export function withFrenchSpacing(text: string): string {
  return text
    .replace(/[ \u202f]+([:;!?»])/g, '\u00a0$1')
    .replace(/«[ \u202f]+/g, '«\u00a0')
    .replace(/(?<!\p{L})n°[ \u202f]*(?=\S)/gu, 'n°\u00a0')
    .replace(/(\d)[ \u202f]+(?=\d{3}(?!\d))/g, '$1\u00a0')
    .replace(/(\d)[ \u202f]+(?=[€%])/g, '$1\u00a0')
}
