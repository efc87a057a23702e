/**
 * A stored lead as the server event Meta's Conversions API takes: the same `Lead` and `event_id` as
 * the pixel's, so that Meta keeps one of the two, and the contact details hashed the way Meta
 * hashes its own users' to match them (SHA-256 of a normalised form, lower-case hex). Rules from
 * Meta's "Customer information parameters" and "Server event parameters" pages
 * (developers.facebook.com/docs/marketing-api/conversions-api/parameters).
 */
import { createHash } from 'node:crypto'
import type { LeadPayload } from '../../common/lead/lead-contract'
import { internationalDigits } from '../../common/phone'
import type { DeliveryJob } from './destination'

/** Meta refuses a request whose event happened more than 7 days before it is sent. */
export const metaMaxEventAgeMs = 7 * 24 * 60 * 60 * 1000

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex')
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase()
}

/** Lower-case letters only (accents kept, in their composed NFC form): `Jean-Pierre` → `jeanpierre`. */
export function normalizeName(name: string): string {
  return name
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}]/gu, '')
}

/** Meta's cookie values as the browser sent them, unchanged (Meta reads them case-sensitively). */
const metaCookieValue = /^fb\.\d{1,2}\.\d{1,20}\.[^\s;,"\\]{1,400}$/

/** Meta's `_fbp` and `_fbc` cookies from a `Cookie` header; a malformed value is left out. */
export function metaCookiesOf(header: string | undefined): {
  fbp: string | undefined
  fbc: string | undefined
} {
  const cookies = new Map<string, string>()
  for (const part of (header ?? '').split(';')) {
    const separator = part.indexOf('=')
    if (separator > 0)
      cookies.set(part.slice(0, separator).trim(), part.slice(separator + 1).trim())
  }
  const valid = (value: string | undefined) =>
    value !== undefined && metaCookieValue.test(value) ? value : undefined
  return { fbp: valid(cookies.get('_fbp')), fbc: valid(cookies.get('_fbc')) }
}

export interface MetaUserData {
  em?: string
  ph?: string
  fn?: string
  ln?: string
  country?: string
  client_ip_address?: string
  client_user_agent?: string
  fbp?: string
  fbc?: string
}

export interface MetaServerEvent {
  event_name: 'Lead'
  event_time: number
  event_id?: string
  action_source: 'website'
  event_source_url: string
  user_data: MetaUserData
}

/** A hashed value, or nothing for an empty one: the hash of "" would match nobody. */
function hashed(value: string | undefined): string | undefined {
  return value ? sha256Hex(value) : undefined
}

/**
 * The click id as Meta's pixel would have stored it: `fb.1.{click time in ms}.{fbclid}`, the
 * click time being the lead's reception (the closest the relay knows), the fbclid unchanged.
 */
export function fbcFromClickId(fbclid: string, receivedAt: Date): string {
  return `fb.1.${receivedAt.getTime()}.${fbclid}`
}

/** The visitor's details as Meta matches them: hashed contact details, browser, Meta's cookies. */
export function metaUserData(job: DeliveryJob): MetaUserData {
  const payload: LeadPayload = job.payload
  const { visitor } = job
  const fbc =
    visitor.fbc ?? (payload.fbclid ? fbcFromClickId(payload.fbclid, job.receivedAt) : undefined)
  const userData: MetaUserData = {
    em: hashed(normalizeEmail(payload.email)),
    ph: hashed(internationalDigits(payload.telephone)),
    fn: hashed(normalizeName(payload.prenom)),
    ln: hashed(normalizeName(payload.nom)),
    country: hashed('fr'),
    client_ip_address: visitor.ip || undefined,
    client_user_agent: visitor.userAgent || undefined,
    fbp: visitor.fbp ?? undefined,
    fbc,
  }
  return Object.fromEntries(
    Object.entries(userData).filter(([, value]) => value !== undefined),
  ) as MetaUserData
}

export function metaServerEvent(job: DeliveryJob): MetaServerEvent {
  const { payload } = job
  return {
    event_name: 'Lead',
    event_time: Math.floor(job.receivedAt.getTime() / 1000),
    ...(payload.event_id ? { event_id: payload.event_id } : {}),
    action_source: 'website',
    event_source_url: payload.page_url,
    user_data: metaUserData(job),
  }
}
