/**
 * Whether a first name is only a name, fit to greet someone with. The confirmation goes to the
 * address the visitor typed, which may be someone else's: a greeting that quoted anything else
 * would let a stranger write to a third party in the broker's name. Leads stored before names
 * were checked can hold anything, so the email asks again. Letters (accented or not, any script),
 * joined by one space, hyphen or apostrophe; at most three words and 30 characters.
 */
const nameShape = /^\p{L}\p{M}*(?:[ '’-]?\p{L}\p{M}*)*$/u
const maxLength = 30
const maxWords = 3

export function isPlainName(name: string): boolean {
  return name.length <= maxLength && nameShape.test(name) && name.split(' ').length <= maxWords
}
