/**
 * The contact card of the number the broker's advisors call from: the build writes it as a
 * static file and the relay attaches it to the visitor's confirmation email, so a visitor who
 * saved it sees the broker's name when the phone rings (most people never answer an unknown
 * number: ARCEP/IFOP 2024, docs/research). One builder for both, so both carry the same bytes.
 *
 * vCard 3.0 (RFC 2426) rather than 4.0: the contacts apps of Android and iOS import 3.0 without
 * fail, 4.0 not everywhere. Lines end in CRLF and are folded at 75 octets (RFC 2426 §2.6, never
 * inside a UTF-8 character); text values escape `\`, `,`, `;` and line breaks (§5).
 */
import { internationalDigits } from '../phone.ts'
import type { SiteConfig } from './site-config-schema.ts'

/** Where the card is published; a stable address, since emails and saved pages link to it. */
export const callerVcardPath = '/contact.vcf'

export const vcardContentType = 'text/vcard; charset=utf-8'

/**
 * How the relay and the static hosts (`_headers`) serve it: as a contact, not as text, and shown
 * rather than saved where the browser can (iOS Safari offers to create the contact at once;
 * Android hands the file to the contacts app either way), under a name that says what it is.
 */
export const callerVcardHeaders = {
  'Content-Type': vcardContentType,
  'Content-Disposition': `inline; filename="${callerVcardPath.slice(1)}"`,
} as const

const maxLineOctets = 75

const utf8Octets = (char: string) => {
  const code = char.codePointAt(0) ?? 0
  return code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4
}

/** A text value as RFC 2426 §5 wants it; no-break spaces become plain ones, for contact search. */
export function escapeVcardText(value: string): string {
  return value
    .replace(/[\u00a0\u202f]/g, ' ')
    .replace(/\\/g, '\\\\')
    .replace(/[,;]/g, (char) => `\\${char}`)
    .replace(/\r\n|\r|\n/g, '\\n')
}

/** Splits a content line into lines of at most 75 octets, continuations starting with a space. */
export function foldVcardLine(line: string): string {
  const parts: string[] = []
  let current = ''
  let octets = 0
  for (const char of line) {
    const size = utf8Octets(char)
    // A continuation line starts with the space that folding adds, which counts in its 75.
    const limit = parts.length === 0 ? maxLineOctets : maxLineOctets - 1
    if (octets + size > limit) {
      parts.push(current)
      current = ''
      octets = 0
    }
    current += char
    octets += size
  }
  parts.push(current)
  return parts.join('\r\n ')
}

/** The card's text, from the checked site configuration. */
export function callerVcard(config: SiteConfig): string {
  const digits = internationalDigits(config.callerPhone)
  const note = `Le numéro depuis lequel nos conseillers vous rappellent. ${config.company.legalName}, courtier en assurance, ORIAS n° ${config.company.orias}.`
  const lines = [
    'BEGIN:VCARD',
    'VERSION:3.0',
    // No person's name: the card is the company's, which Apple's Contacts shows as one with this.
    'N:;;;;',
    `FN:${escapeVcardText(config.brandName)}`,
    `ORG:${escapeVcardText(config.company.legalName)}`,
    'X-ABShowAs:COMPANY',
    `TEL;TYPE=WORK,VOICE:+${digits ?? ''}`,
    `EMAIL;TYPE=INTERNET,WORK:${config.company.email}`,
    `URL:${config.siteUrl}`,
    `NOTE:${escapeVcardText(note)}`,
    'END:VCARD',
  ]
  return `${lines.map(foldVcardLine).join('\r\n')}\r\n`
}
