/**
 * Server configuration, read from the environment once at start. Every bad value is reported with
 * its variable's name, and the server refuses to start rather than run half-configured.
 */
import { statSync } from 'node:fs'
import { isIP } from 'node:net'
import path from 'node:path'
import {
  isVapidPair,
  isVapidPrivateKey,
  isVapidPublicKey,
  type VapidKeys,
} from './delivery/vapid-keys'
import {
  defaultStageEvents,
  parseStageEvents,
  sendableStages,
  type StageEventNames,
} from './delivery/meta-stage-event'

export type TrustProxy = boolean | string

export interface ServerConfig {
  port: number
  host: string
  distDir: string
  dataDir: string
  /** Where `npm run backup` writes, and the erasure log restores re-apply (server/backup/). */
  backupDir: string
  /** How many backups `npm run backup` keeps in `backupDir`, the newest. */
  backupKeep: number
  /** PostgreSQL connection string; `undefined` means the embedded database under `dataDir`. */
  databaseUrl: string | undefined
  leadForwardUrl: string | undefined
  pageViewForwardUrl: string | undefined
  /** Which proxies may set `X-Forwarded-For`/`-Proto`: the client address is consent proof. */
  trustProxy: TrustProxy
  /** Longest wait for the forward target before an attempt counts as failed. */
  forwardTimeoutMs: number
  /** Standard Webhooks signing key (`whsec_…`), decoded; `undefined` = unsigned webhooks. */
  leadForwardSecret: Buffer | undefined
  /** One fixed header for receivers that can only check a key (`Name: value`). */
  leadForwardHeader: { name: string; value: string } | undefined
  /** Deliveries in flight at once, all destinations together. */
  deliveryConcurrency: number
  /** `undefined` = no email at all. */
  smtp: SmtpConfig | undefined
  /** Signs the consent-withdrawal links; `undefined` = one generated and kept in DATA_DIR. */
  appSecret: string | undefined
  /** The site's public address, for links in emails; `undefined` = the site configuration's. */
  publicUrl: string | undefined
  /** Meta's Conversions API; `undefined` when `META_CAPI_TOKEN` is not set. */
  meta: MetaConfig | undefined
  /** ntfy's topic (`NTFY_URL`) and access token; `undefined` when `NTFY_URL` is not set. */
  ntfy: { url: string; token: string | undefined } | undefined
  /** Staffed minutes before an unclaimed, uncalled lead is escalated; 0 = never. */
  leadEscalateMinutes: number
  /** The back-office's own build (scripts/build-admin.ts), served at /admin. */
  adminDistDir: string
  /** A back-office session ends after this long without a request. */
  adminSessionIdleMinutes: number
  /** A back-office session ends this many days after its login, however busy. */
  adminSessionMaxDays: number
  /** The Web Push key pair; `undefined` = one generated and kept in DATA_DIR. */
  vapid: VapidKeys | undefined
  /** `mailto:` or `https:` contact for push services; `undefined` = the site's company email. */
  vapidSubject: string | undefined
  /** `/healthz` shows its details only with `Authorization: Bearer <it>`; `undefined` = to anyone. */
  healthToken: string | undefined
  /**
   * Browser tests only (`TEST_CLOCK_START`): the relay's clock starts at this moment and runs on
   * from there, so that a test of the calling hours does not depend on when it runs.
   */
  testClockStart?: Date | undefined
}

export interface MetaConfig {
  /** Sent in the request body only: never in a URL, a log line or an error message. */
  accessToken: string
  pixelId: string
  /** Without a trailing slash, e.g. `https://graph.facebook.com`. */
  graphUrl: string
  graphVersion: string
  /** Events Manager's test code: events then show under "Test events" only. */
  testEventCode: string | undefined
  /** The event each stage is sent as (`META_STAGE_EVENTS`); a stage absent is not sent. */
  stageEvents: StageEventNames
}

export interface SmtpConfig {
  url: string
  from: string
  /** Broker addresses receiving an alert per lead; empty = no alert. */
  alertTo: string[]
  /** The visitor's confirmation email (on unless `LEAD_CONFIRMATION=off`). */
  confirmation: boolean
}

export class ConfigError extends Error {
  override name = 'ConfigError'
}

export function blank(value: string | undefined): value is undefined {
  return value === undefined || value.trim() === ''
}

/**
 * A setting that counts something, written in digits only, within its bounds; without `max`, any
 * number from `min` up (the benchmarks read their counts with it too).
 */
export function parseWholeNumber(name: string, value: string, min: number, max = Infinity): number {
  const number = Number(value.trim())
  if (!/^\d+$/.test(value.trim()) || number < min || number > max) {
    const range = max === Infinity ? `of at least ${min}` : `from ${min} to ${max}`
    throw new ConfigError(`${name} must be a whole number ${range}, got "${value}".`)
  }
  return number
}

function parsePort(value: string | undefined): number {
  return blank(value) ? 3000 : parseWholeNumber('PORT', value, 0, 65535)
}

function parseHost(value: string | undefined): string {
  if (blank(value)) return '0.0.0.0'
  const host = value.trim()
  if (
    isIP(host) === 0 &&
    !/^[a-z\d]([a-z\d-]*[a-z\d])?(\.[a-z\d]([a-z\d-]*[a-z\d])?)*$/i.test(host)
  ) {
    throw new ConfigError(`HOST must be an IP address or a host name, got "${value}".`)
  }
  return host
}

function parseUrl(name: string, value: string | undefined): string | undefined {
  if (blank(value)) return undefined
  let url: URL
  try {
    url = new URL(value.trim())
  } catch {
    // The value is not shown: a webhook's path often holds its key.
    throw new ConfigError(`${name} must be an absolute http(s) URL (the value is not shown).`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`${name} must use http or https, got "${url.protocol}".`)
  }
  return url.toString()
}

/** The URL with its password masked, so that an error message never prints a secret. */
function withoutPassword(value: string): string {
  return value.replace(/^([a-z]+:\/\/[^:/@]*:)[^@]*@/i, '$1***@')
}

function parseDatabaseUrl(value: string | undefined): string | undefined {
  if (blank(value)) return undefined
  const shown = withoutPassword(value.trim())
  let url: URL
  try {
    url = new URL(value.trim())
  } catch {
    throw new ConfigError(
      `DATABASE_URL must be a URL such as postgres://user:password@host:5432/db, got "${shown}".`,
    )
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new ConfigError(
      `DATABASE_URL must start with postgres:// or postgresql://, got "${url.protocol}//".`,
    )
  }
  if (!url.hostname && !url.searchParams.get('host')) {
    throw new ConfigError(`DATABASE_URL must name a host, got "${shown}".`)
  }
  return value.trim()
}

/** A directory setting, relative to the working directory: it may not exist yet, but not be a file. */
function parseDirectory(name: string, value: string | undefined, cwd: string, fallback: string) {
  const dir = path.resolve(cwd, blank(value) ? fallback : value.trim())
  const stats = statSync(dir, { throwIfNoEntry: false })
  if (stats && !stats.isDirectory()) {
    throw new ConfigError(`${name} must be a directory, but "${dir}" is a file.`)
  }
  return dir
}

function parseTrustProxy(value: string | undefined): TrustProxy {
  if (blank(value)) return 'loopback'
  const text = value.trim().toLowerCase()
  if (text === 'true') return true
  if (text === 'false') return false
  const entries = text.split(',').map((entry) => entry.trim())
  const valid = entries.every(
    (entry) =>
      ['loopback', 'linklocal', 'uniquelocal'].includes(entry) ||
      isIP(entry.replace(/\/\d{1,3}$/, '')) !== 0,
  )
  if (!valid) {
    throw new ConfigError(
      `TRUST_PROXY must be true, false, or a comma-separated list of addresses, ranges or "loopback", got "${value}".`,
    )
  }
  return entries.join(',')
}

/** An address as an SMTP server takes it: no spaces, one `@`, a dot in the domain. */
const emailAddress = /^[^\s@<>,;]+@[^\s@<>,;.]+(\.[^\s@<>,;.]+)+$/

/** `whsec_` then base64 of at least 24 random bytes (Standard Webhooks). */
function parseWebhookSecret(value: string | undefined): Buffer | undefined {
  if (blank(value)) return undefined
  const match = /^whsec_([A-Za-z0-9+/]+={0,2})$/.exec(value.trim())
  const key = match?.[1] ? Buffer.from(match[1], 'base64') : undefined
  if (!key || key.length < 24) {
    throw new ConfigError(
      'LEAD_FORWARD_SECRET must be "whsec_" followed by the base64 of at least 24 random bytes (the value is not shown).',
    )
  }
  return key
}

function parseHeader(value: string | undefined): ServerConfig['leadForwardHeader'] {
  if (blank(value)) return undefined
  const match = /^([!#$%&'*+.^\w`|~-]+):\s*(\S.*)$/.exec(value.trim())
  if (!match?.[1] || !match[2] || /[\r\n]/.test(match[2])) {
    throw new ConfigError('LEAD_FORWARD_HEADER must read "Name: value" (the value is not shown).')
  }
  return { name: match[1], value: match[2] }
}

function parseSmtp(env: NodeJS.ProcessEnv, errors: string[]): SmtpConfig | undefined {
  const alertTo = blank(env.LEAD_ALERT_TO)
    ? []
    : env.LEAD_ALERT_TO.split(',').map((address) => address.trim())
  const confirmation = (env.LEAD_CONFIRMATION ?? '').trim().toLowerCase()
  if (!['', 'on', 'off'].includes(confirmation)) {
    errors.push(`LEAD_CONFIRMATION must be "on" or "off", got "${env.LEAD_CONFIRMATION}".`)
  }
  const badAddresses = alertTo.filter((address) => !emailAddress.test(address))
  if (badAddresses.length > 0) {
    errors.push(
      `LEAD_ALERT_TO must be one or more email addresses separated by commas, got "${env.LEAD_ALERT_TO}".`,
    )
  }
  if (blank(env.SMTP_URL)) {
    if (alertTo.length > 0)
      errors.push('LEAD_ALERT_TO is set but SMTP_URL is not: no email can leave.')
    return undefined
  }
  // Never shown: it holds the SMTP password, and a malformed one may not mask it.
  let url: URL | undefined
  try {
    url = new URL(env.SMTP_URL.trim())
  } catch {
    errors.push(
      'SMTP_URL must be a URL such as smtp://user:password@host:587 (the value is not shown).',
    )
  }
  if (url && (!['smtp:', 'smtps:'].includes(url.protocol) || !url.hostname)) {
    errors.push(
      'SMTP_URL must start with smtp:// or smtps:// and name a host (the value is not shown).',
    )
  }
  const from = env.MAIL_FROM?.trim() ?? ''
  const fromAddress = /<([^>]+)>\s*$/.exec(from)?.[1] ?? from
  if (!from) errors.push('MAIL_FROM must be set when SMTP_URL is: the address emails come from.')
  else if (!emailAddress.test(fromAddress)) {
    errors.push(`MAIL_FROM must be an address or "Name <address>", got "${from}".`)
  }
  return { url: env.SMTP_URL.trim(), from, alertTo, confirmation: confirmation !== 'off' }
}

/** Meta's settings, checked only once a token turns the Conversions API on. */
function parseMeta(env: NodeJS.ProcessEnv, errors: string[]): MetaConfig | undefined {
  const pixelId = (blank(env.META_PIXEL_ID) ? env.VITE_META_PIXEL_ID : env.META_PIXEL_ID)?.trim()
  const pixelName = blank(env.META_PIXEL_ID) ? 'VITE_META_PIXEL_ID' : 'META_PIXEL_ID'
  if (pixelId && !/^\d{5,20}$/.test(pixelId)) {
    errors.push(`${pixelName} must be the pixel's numeric id, got "${pixelId}".`)
  }
  const stageEvents = parseStageEvents(
    blank(env.META_STAGE_EVENTS) ? defaultStageEvents : env.META_STAGE_EVENTS,
  )
  if (!stageEvents) {
    errors.push(
      `META_STAGE_EVENTS must be stage:EventName pairs separated by commas, each stage once (stages: ${sendableStages.join(', ')}; event names of letters, digits and _), or off; got "${env.META_STAGE_EVENTS}".`,
    )
  }
  if (blank(env.META_CAPI_TOKEN)) return undefined
  const accessToken = env.META_CAPI_TOKEN.trim()
  if (/\s/.test(accessToken)) {
    errors.push(
      'META_CAPI_TOKEN must be one access token, without spaces (the value is not shown).',
    )
  }
  if (!pixelId) {
    errors.push(
      'META_CAPI_TOKEN is set but META_PIXEL_ID (or VITE_META_PIXEL_ID) is not: the Conversions API needs the pixel id.',
    )
  }
  let graphUrl = 'https://graph.facebook.com'
  try {
    graphUrl = parseUrl('META_GRAPH_URL', env.META_GRAPH_URL)?.replace(/\/+$/, '') ?? graphUrl
  } catch (error) {
    errors.push((error as Error).message)
  }
  const graphVersion = blank(env.META_GRAPH_VERSION) ? 'v25.0' : env.META_GRAPH_VERSION.trim()
  if (!/^v\d{1,3}\.\d{1,3}$/.test(graphVersion)) {
    errors.push(`META_GRAPH_VERSION must read like v25.0, got "${env.META_GRAPH_VERSION}".`)
  }
  const testEventCode = blank(env.META_TEST_EVENT_CODE)
    ? undefined
    : env.META_TEST_EVENT_CODE.trim()
  if (testEventCode !== undefined && !/^[\w-]{1,100}$/.test(testEventCode)) {
    errors.push(
      `META_TEST_EVENT_CODE must be the code shown in Events Manager (letters and digits), got "${testEventCode}".`,
    )
  }
  return {
    accessToken,
    pixelId: pixelId ?? '',
    graphUrl,
    graphVersion,
    testEventCode,
    stageEvents: stageEvents ?? {},
  }
}

function parseNtfy(env: NodeJS.ProcessEnv): ServerConfig['ntfy'] {
  const url = parseUrl('NTFY_URL', env.NTFY_URL)
  if (!url) {
    if (!blank(env.NTFY_TOKEN)) {
      throw new ConfigError('NTFY_TOKEN is set but NTFY_URL is not: no notification can leave.')
    }
    return undefined
  }
  if (new URL(url).pathname.replace(/\/+$/, '') === '') {
    throw new ConfigError(
      'NTFY_URL must name a topic, such as https://ntfy.sh/<your-topic> (the value is not shown).',
    )
  }
  const token = blank(env.NTFY_TOKEN) ? undefined : env.NTFY_TOKEN.trim()
  // It goes into a header: a line break there would let it write a header of its own.
  if (token && !/^[\x21-\x7e]+$/.test(token)) {
    throw new ConfigError(
      'NTFY_TOKEN must be one word of printable ASCII, such as tk_… (the value is not shown).',
    )
  }
  return { url, token }
}

/** Escalation after 5 staffed minutes unless told otherwise; `off` or 0 turns it off. */
function parseEscalateMinutes(value: string | undefined): number {
  if (blank(value)) return 5
  if (value.trim().toLowerCase() === 'off') return 0
  return parseWholeNumber('LEAD_ESCALATE_MINUTES', value, 0, 24 * 60)
}

/** 12 hours at most; a fraction of a minute is allowed so that a test can see a session expire. */
function parseIdleMinutes(value: string | undefined): number {
  if (blank(value)) return maxAdminIdleMinutes
  const minutes = Number(value.trim())
  if (!/^\d+(\.\d+)?$/.test(value.trim()) || minutes < 0.05 || minutes > maxAdminIdleMinutes) {
    throw new ConfigError(
      `ADMIN_SESSION_IDLE_MINUTES must be a number of minutes from 0.05 to ${maxAdminIdleMinutes}, got "${value}".`,
    )
  }
  return minutes
}

export const maxAdminIdleMinutes = 12 * 60

const vapidKeysHint = 'as `npx web-push generate-vapid-keys` prints it'

/** Both keys or neither: a public key without its private half signs nothing. */
function parseVapid(env: NodeJS.ProcessEnv, errors: string[]): VapidKeys | undefined {
  const publicKey = env.VAPID_PUBLIC_KEY?.trim() ?? ''
  const privateKey = env.VAPID_PRIVATE_KEY?.trim() ?? ''
  if (!publicKey && !privateKey) return undefined
  if (!publicKey || !privateKey) {
    errors.push(
      `${publicKey ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'} must be set with ${publicKey ? 'VAPID_PUBLIC_KEY' : 'VAPID_PRIVATE_KEY'}: set both (from one run of \`npx web-push generate-vapid-keys\`) or neither.`,
    )
    return undefined
  }
  const publicOk = isVapidPublicKey(publicKey)
  const privateOk = isVapidPrivateKey(privateKey)
  if (!publicOk) {
    errors.push(
      `VAPID_PUBLIC_KEY must be an uncompressed P-256 public key in base64url (65 bytes, ${vapidKeysHint}), got "${publicKey}".`,
    )
  }
  if (!privateOk) {
    errors.push(
      `VAPID_PRIVATE_KEY must be a P-256 private key in base64url (32 bytes, ${vapidKeysHint}) (the value is not shown).`,
    )
  }
  if (publicOk && privateOk && !isVapidPair({ publicKey, privateKey })) {
    errors.push(
      'VAPID_PRIVATE_KEY is not the private key of VAPID_PUBLIC_KEY: copy both from one run of `npx web-push generate-vapid-keys`.',
    )
  }
  return { publicKey, privateKey }
}

/** RFC 8292 §2.1: a way for the push service to reach the sender, `mailto:` or `https:`. */
function parseVapidSubject(value: string | undefined): string | undefined {
  if (blank(value)) return undefined
  const subject = value.trim()
  const mailto = /^mailto:(.+)$/.exec(subject)?.[1]
  let https = false
  try {
    const url = new URL(subject)
    https = url.protocol === 'https:' && url.hostname !== '' && !/\s/.test(subject)
  } catch {
    // not a URL: only a mailto: can still pass
  }
  if (mailto ? !emailAddress.test(mailto) : !https) {
    throw new ConfigError(
      `VAPID_SUBJECT must be a mailto: address or an https: URL, such as mailto:contact@cabinet.fr, got "${value}".`,
    )
  }
  return subject
}

function parseTestClockStart(env: NodeJS.ProcessEnv): Date | undefined {
  const value = env.TEST_CLOCK_START
  if (blank(value)) return undefined
  const at = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?Z$/.test(value.trim())
    ? new Date(value.trim())
    : undefined
  if (!at || Number.isNaN(at.getTime())) {
    throw new ConfigError(
      `TEST_CLOCK_START must be a UTC moment such as 2026-12-02T14:00:00Z, got "${value}".`,
    )
  }
  if (env.NODE_ENV === 'production') {
    throw new ConfigError('TEST_CLOCK_START is for browser tests only: unset it in production.')
  }
  return at
}

/** It goes into a header: printable ASCII, one word, long enough not to be guessed. */
function parseHealthToken(value: string | undefined): string | undefined {
  if (blank(value)) return undefined
  const token = value.trim()
  if (!/^[\x21-\x7e]{24,200}$/.test(token)) {
    throw new ConfigError(
      'HEALTH_TOKEN must be 24 to 200 printable characters without spaces, such as `openssl rand -hex 24` prints (the value is not shown).',
    )
  }
  return token
}

/**
 * What an instance sharing a PostgreSQL database with others must be given rather than make for
 * itself: a secret or key pair generated into one instance's DATA_DIR is unknown to the others
 * (a withdrawal link signed by one refused by the next; a device subscribed with one instance's
 * key refusing another's pushes).
 */
function sharedInstanceErrors(env: NodeJS.ProcessEnv): string[] {
  if (blank(env.DATABASE_URL)) return []
  const errors: string[] = []
  if (blank(env.APP_SECRET)) {
    errors.push(
      'APP_SECRET must be set when DATABASE_URL is set: every instance signs withdrawal links with it, and one generated by an instance is unknown to the others (make one with `openssl rand -base64 48`).',
    )
  }
  if (blank(env.VAPID_PUBLIC_KEY) && blank(env.VAPID_PRIVATE_KEY)) {
    errors.push(
      "VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set when DATABASE_URL is set: the advisors' devices subscribe with one key pair, which every instance must push with (make one with `npx web-push generate-vapid-keys`).",
    )
  }
  return errors
}

/**
 * The server's settings from the environment, every mistake reported at once. `serving`: for
 * the server itself, which also refuses to make per-instance secrets with DATABASE_URL; commands
 * (export, erasure, accounts) do not need them.
 */
export function loadConfig(
  env: NodeJS.ProcessEnv,
  cwd: string = process.cwd(),
  { serving = false }: { serving?: boolean } = {},
): ServerConfig {
  const errors: string[] = []
  const attempt = <T>(read: () => T): T | undefined => {
    try {
      return read()
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error
      errors.push(error.message)
      return undefined
    }
  }
  const config = {
    port: attempt(() => parsePort(env.PORT)),
    host: attempt(() => parseHost(env.HOST)),
    distDir: path.resolve(cwd, blank(env.DIST_DIR) ? 'dist' : env.DIST_DIR.trim()),
    adminDistDir: path.resolve(
      cwd,
      blank(env.ADMIN_DIST_DIR) ? 'dist-admin' : env.ADMIN_DIST_DIR.trim(),
    ),
    adminSessionIdleMinutes: attempt(() => parseIdleMinutes(env.ADMIN_SESSION_IDLE_MINUTES)),
    adminSessionMaxDays: attempt(() =>
      blank(env.ADMIN_SESSION_MAX_DAYS)
        ? 7
        : parseWholeNumber('ADMIN_SESSION_MAX_DAYS', env.ADMIN_SESSION_MAX_DAYS, 1, 30),
    ),
    dataDir: attempt(() => parseDirectory('DATA_DIR', env.DATA_DIR, cwd, '.data')),
    backupDir: attempt(() => parseDirectory('BACKUP_DIR', env.BACKUP_DIR, cwd, '.backups')),
    backupKeep: attempt(() =>
      blank(env.BACKUP_KEEP) ? 14 : parseWholeNumber('BACKUP_KEEP', env.BACKUP_KEEP, 1, 1000),
    ),
    databaseUrl: attempt(() => parseDatabaseUrl(env.DATABASE_URL)),
    leadForwardUrl: attempt(() => parseUrl('LEAD_FORWARD_URL', env.LEAD_FORWARD_URL)),
    pageViewForwardUrl: attempt(() => parseUrl('PAGE_VIEW_FORWARD_URL', env.PAGE_VIEW_FORWARD_URL)),
    trustProxy: attempt(() => parseTrustProxy(env.TRUST_PROXY)),
    forwardTimeoutMs: attempt(() =>
      blank(env.FORWARD_TIMEOUT_MS)
        ? 10_000
        : parseWholeNumber('FORWARD_TIMEOUT_MS', env.FORWARD_TIMEOUT_MS, 100, 120_000),
    ),
    leadForwardSecret: attempt(() => parseWebhookSecret(env.LEAD_FORWARD_SECRET)),
    leadForwardHeader: attempt(() => parseHeader(env.LEAD_FORWARD_HEADER)),
    deliveryConcurrency: attempt(() =>
      blank(env.DELIVERY_CONCURRENCY)
        ? 16
        : parseWholeNumber('DELIVERY_CONCURRENCY', env.DELIVERY_CONCURRENCY, 1, 256),
    ),
    smtp: parseSmtp(env, errors),
    meta: parseMeta(env, errors),
    ntfy: attempt(() => parseNtfy(env)),
    leadEscalateMinutes: attempt(() => parseEscalateMinutes(env.LEAD_ESCALATE_MINUTES)),
    publicUrl: attempt(() => parseUrl('PUBLIC_URL', env.PUBLIC_URL)?.replace(/\/+$/, '')),
    vapid: parseVapid(env, errors),
    vapidSubject: attempt(() => parseVapidSubject(env.VAPID_SUBJECT)),
    healthToken: attempt(() => parseHealthToken(env.HEALTH_TOKEN)),
    appSecret: attempt(() => {
      if (blank(env.APP_SECRET)) return undefined
      if (env.APP_SECRET.trim().length < 32) {
        throw new ConfigError('APP_SECRET must be at least 32 characters (the value is not shown).')
      }
      return env.APP_SECRET.trim()
    }),
  }
  // Absent unless set: a production configuration never holds it.
  const testClockStart = attempt(() => parseTestClockStart(env))
  if (serving) errors.push(...sharedInstanceErrors(env))
  if (errors.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n${errors.map((line) => `  - ${line}`).join('\n')}`,
    )
  }
  return (testClockStart ? { ...config, testClockStart } : config) as ServerConfig
}
