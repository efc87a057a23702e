/**
 * `npm run check`: after going live, proves that a lead really reaches every configured channel.
 * It asks the running server at its public address for its page, sends one test lead
 * (`est_test`, signed with the server's APP_SECRET: test-lead-token.ts), reads back the real
 * deliveries of that lead from the database (through the command socket with the embedded one),
 * erases it, then reads /healthz and the backups' dates. One line per check, with the next step
 * when it fails. Run on the server's machine with the server's environment, like leads:*.
 */
import { randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { latestBackup } from '../backup/backup-files'
import { leadFormCopy } from '../../common/lead/lead-form-copy'
import { buildLeadPayload } from '../../common/lead/lead-contract'
import { signTestLeadToken, testLeadTokenHeader } from '../api/test-lead-token'
import type { ServerConfig } from '../config'
import { policyCoverage, readPolicyRecord } from '../privacy/policy-coverage'
import type { TestDelivery, TestLeadReport } from '../storage/test-lead'

export type CheckStatus = 'pass' | 'fail' | 'off'

export interface CheckLine {
  status: CheckStatus
  label: string
  detail: string
  /** What to do about a failure. */
  next?: string
}

export interface CheckOptions {
  config: ServerConfig
  env: NodeJS.ProcessEnv
  /** The site's address: `--url`, else PUBLIC_URL. */
  url: string
  /** Runs a lead command on the server's database and returns what it printed (run-command.ts). */
  command: (args: string[]) => Promise<string>
  now?: () => Date
  /** Longest wait for the test lead's first attempt at every destination. */
  deliveryTimeoutMs?: number
}

/** A nightly backup and some slack for a slow one. */
export const backupMaxAgeHours = 26

/** A site that takes longer than this to answer fails its line rather than hang the check. */
const requestTimeout = () => AbortSignal.timeout(20_000)

const marks: Record<CheckStatus, string> = { pass: '✅', fail: '❌', off: '⚪' }

export function formatLine(line: CheckLine): string {
  const next = line.status === 'fail' && line.next ? ` — next step: ${line.next}` : ''
  return `${marks[line.status]} ${line.label}: ${line.detail}${next}`
}

const pass = (label: string, detail: string): CheckLine => ({ status: 'pass', label, detail })
const off = (label: string, detail: string): CheckLine => ({ status: 'off', label, detail })
const fail = (label: string, detail: string, next: string): CheckLine => ({
  status: 'fail',
  label,
  detail,
  next,
})

function isLoopback(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
    hostname === '[::1]' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname)
  )
}

function describeError(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error))
}

async function checkSite(url: URL): Promise<CheckLine> {
  const label = 'Site'
  const https = url.protocol === 'https:'
  if (!https && !isLoopback(url.hostname)) {
    return fail(
      label,
      `${url.origin} is not HTTPS`,
      'give PUBLIC_URL (or --url) as https://…, behind Caddy (docs/production.md).',
    )
  }
  let response: Response
  try {
    response = await fetch(new URL('/', url), { redirect: 'manual', signal: requestTimeout() })
    await response.body?.cancel()
  } catch (error) {
    return fail(
      label,
      `${url.origin} does not answer (${describeError(error)})`,
      'check that the service runs (systemctl status assurance-leads) and that Caddy and DNS point at it.',
    )
  }
  if (response.status !== 200) {
    return fail(
      label,
      `${url.origin}/ answered HTTP ${response.status}`,
      'the home page must answer 200: check the build (npm run build) and the proxy.',
    )
  }
  const required = [
    'content-security-policy',
    'x-content-type-options',
    ...(https ? ['strict-transport-security'] : []),
  ]
  const missing = required.filter((name) => !response.headers.get(name))
  if (missing.length > 0) {
    return fail(
      label,
      `answers without ${missing.join(', ')}`,
      https
        ? 'the proxy must pass X-Forwarded-Proto and TRUST_PROXY must trust it (docs/production.md); rebuild if the CSP is missing.'
        : 'rebuild the site (npm run build): its _headers file holds them.',
    )
  }
  return pass(
    label,
    `${url.origin} answers${https ? ' over HTTPS' : ' (loopback)'} with its security headers`,
  )
}

async function checkPolicy(config: ServerConfig, env: NodeJS.ProcessEnv): Promise<CheckLine> {
  const label = 'Privacy policy'
  const coverage = policyCoverage(env, await readPolicyRecord(config.distDir), config.distDir)
  if (coverage.errors.length > 0) {
    return fail(
      label,
      coverage.errors.join(' '),
      'declare each recipient under privacy in site.config.yaml, then npm run build.',
    )
  }
  return pass(label, 'names every configured recipient')
}

/** The APP_SECRET the server signs with: the environment's, or the one it keeps in DATA_DIR. */
async function serverSecret(config: ServerConfig): Promise<string | undefined> {
  if (config.appSecret) return config.appSecret
  const kept = await readFile(path.join(config.dataDir, 'app-secret'), 'utf8').catch(() => '')
  return kept.trim().length >= 32 ? kept.trim() : undefined
}

/** The broker's own mailbox: the test lead's confirmation lands there, never at a stranger's. */
function testAddress(config: ServerConfig): string {
  const from = config.smtp?.from ?? ''
  return (
    (config.smtp?.alertTo[0] ?? /<([^>]+)>\s*$/.exec(from)?.[1] ?? from ?? '').trim() ||
    'verification@example.com'
  )
}

type Sent = { ok: true; id: string } | { ok: false; line: CheckLine }

async function sendTestLead(config: ServerConfig, url: URL, now: Date): Promise<Sent> {
  const label = 'Test lead stored'
  const secret = await serverSecret(config)
  if (!secret) {
    return {
      ok: false,
      line: fail(
        label,
        'no APP_SECRET here, nor DATA_DIR/app-secret',
        "run the check on the server's machine, in its directory, with its .env (as the leads:* commands).",
      ),
    }
  }
  const payload = buildLeadPayload(
    {
      nom: 'Vérification',
      prenom: 'Test',
      email: testAddress(config),
      // ARCEP keeps 06 39 98 xx xx for fiction: no one's phone.
      telephone: '06 39 98 00 00',
    },
    {
      pageUrl: new URL('/', url).toString(),
      timestamp: now.toISOString(),
      consentText: leadFormCopy.consentLabel,
      eventId: `check-${randomUUID()}`,
      adConsent: true,
      callback: 'des_que_possible',
      origin: { utm_source: 'npm-run-check' },
      test: true,
    },
  )
  let response: Response
  try {
    response = await fetch(new URL('/api/leads', url), {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        [testLeadTokenHeader]: signTestLeadToken(secret, now),
      },
      body: JSON.stringify(payload),
      signal: requestTimeout(),
    })
  } catch (error) {
    return {
      ok: false,
      line: fail(label, `POST /api/leads failed (${describeError(error)})`, 'see the Site line.'),
    }
  }
  const body = (await response.json().catch(() => ({}))) as { id?: unknown }
  if (response.status === 202 && typeof body.id === 'string') return { ok: true, id: body.id }
  const next =
    response.status === 403
      ? "the server's APP_SECRET differs from this one: run the check with the server's .env and DATA_DIR."
      : 'read the server log (journalctl -u assurance-leads) for the reason.'
  return {
    ok: false,
    line: fail(label, `POST /api/leads answered HTTP ${response.status}`, next),
  }
}

/** Settled: delivered, parked, or failed at least once (its first answer is the one to report). */
function settled(delivery: TestDelivery): boolean {
  return delivery.state !== 'pending' || delivery.lastError !== null
}

const replayHint = 'once fixed, npm run check again (and npm run leads:replay -- --parked).'

interface DestinationCheck {
  name: string
  label: string
  /** Why it is not checked, or undefined when it is configured. */
  off?: string
  passDetail: string
  failNext: string
}

function destinationChecks(config: ServerConfig, report: TestLeadReport): DestinationCheck[] {
  const smtpNext = `check SMTP_URL (host, port, password) and MAIL_FROM with your provider; ${replayHint}`
  const signed = config.leadForwardSecret
    ? 'signed (Standard Webhooks)'
    : config.leadForwardHeader
      ? `with ${config.leadForwardHeader.name}`
      : 'unsigned'
  return [
    {
      name: 'webhook',
      label: 'Webhook',
      off: config.leadForwardUrl ? undefined : 'not configured (LEAD_FORWARD_URL)',
      passDetail: `answered 2xx, ${signed}`,
      failNext: `check LEAD_FORWARD_URL and the automation's scenario (it must answer 2xx); ${replayHint}`,
    },
    {
      name: 'email_courtier',
      label: 'Alert email',
      off:
        config.smtp && config.smtp.alertTo.length > 0
          ? undefined
          : 'not configured (SMTP_URL, LEAD_ALERT_TO)',
      passDetail: `accepted by the SMTP server for ${config.smtp?.alertTo.length ?? 0} address(es)`,
      failNext: smtpNext,
    },
    {
      name: 'email_visiteur',
      label: 'Confirmation email',
      off: !config.smtp
        ? 'not configured (SMTP_URL)'
        : config.smtp.confirmation
          ? undefined
          : 'off (LEAD_CONFIRMATION=off)',
      passDetail: `accepted by the SMTP server (sent to ${testAddress(config)})`,
      failNext: smtpNext,
    },
    {
      name: 'push',
      label: 'Push',
      off:
        report.pushDevices === 0
          ? 'no advisor device subscribed (back-office › Notifications)'
          : undefined,
      passDetail: `each of ${report.pushDevices} device(s) answered`,
      failNext: `the device named in the error must turn notifications off and on again (back-office › Notifications); ${replayHint}`,
    },
    {
      name: 'ntfy',
      label: 'ntfy',
      off: config.ntfy ? undefined : 'not configured (NTFY_URL)',
      passDetail: 'answered 2xx',
      failNext: `check NTFY_URL and NTFY_TOKEN; ${replayHint}`,
    },
    {
      name: 'meta',
      label: 'Meta',
      off: !config.meta
        ? 'not configured (META_CAPI_TOKEN)'
        : config.meta.testEventCode
          ? undefined
          : 'not tried: the test lead goes to Meta only with META_TEST_EVENT_CODE set (Events Manager › Test events)',
      passDetail: `answered, as a test event (${config.meta?.testEventCode ?? ''})`,
      failNext: `check META_CAPI_TOKEN and META_PIXEL_ID in Events Manager; ${replayHint}`,
    },
  ]
}

function deliveryLines(config: ServerConfig, report: TestLeadReport): CheckLine[] {
  return destinationChecks(config, report).map((check) => {
    if (check.off) return off(check.label, check.off)
    const delivery = report.deliveries.find((row) => row.destination === check.name)
    if (!delivery) {
      return fail(
        check.label,
        'the server did not queue the test lead for it',
        'restart the server after changing .env (systemctl restart assurance-leads), then run the check again.',
      )
    }
    if (delivery.state === 'delivered') {
      if (check.name === 'webhook' && !config.leadForwardSecret && !config.leadForwardHeader) {
        return fail(
          check.label,
          'answered 2xx, but unsigned: anyone who learns the address can send it leads',
          'set LEAD_FORWARD_SECRET and check the signature in the automation (docs/operations.md).',
        )
      }
      return pass(check.label, check.passDetail)
    }
    if (delivery.state === 'pending' && delivery.lastError === null) {
      return fail(check.label, 'no answer in time', check.failNext)
    }
    return fail(check.label, delivery.lastError ?? delivery.state, check.failNext)
  })
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function readBack(
  options: CheckOptions,
  id: string,
  timeoutMs: number,
): Promise<TestLeadReport> {
  const deadline = Date.now() + timeoutMs
  const watched = new Set(
    destinationChecks(options.config, { stored: true, deliveries: [], pushDevices: 1 })
      .filter((check) => !check.off)
      .map((check) => check.name),
  )
  for (;;) {
    const report = JSON.parse(await options.command(['test-lead', '--lead', id])) as TestLeadReport
    const waiting = report.deliveries.filter(
      (delivery) => watched.has(delivery.destination) && !settled(delivery),
    )
    if (!report.stored || waiting.length === 0 || Date.now() >= deadline) return report
    await sleep(250)
  }
}

async function checkHealth(url: URL, token: string | undefined): Promise<CheckLine> {
  const label = '/healthz'
  try {
    const response = await fetch(new URL('/healthz', url), {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      signal: requestTimeout(),
    })
    const body = (await response.json().catch(() => ({}))) as {
      status?: string
      reasons?: string[]
      reason?: string
    }
    if (response.status === 200 && body.status === 'ok') return pass(label, 'ok')
    const why = body.reasons?.join('; ') ?? body.reason ?? `HTTP ${response.status}`
    return fail(
      label,
      `${body.status ?? 'no status'} (${why})`,
      'npm run --silent leads:deliveries shows what is stuck and its last error; fix it, then npm run leads:replay -- --parked.',
    )
  } catch (error) {
    return fail(label, `does not answer (${describeError(error)})`, 'see the Site line.')
  }
}

/** The newest backup in BACKUP_DIR (backup-files.ts), by the time its name carries. */
async function checkBackups(dir: string, now: Date): Promise<CheckLine> {
  const label = 'Backups'
  const newest = (await latestBackup(dir).catch(() => undefined))?.time
  const next = `npm run backup, and the nightly timer of docs/production.md.`
  if (!newest) return fail(label, `none in ${dir}`, next)
  const hours = (now.getTime() - newest.getTime()) / 3_600_000
  if (hours > backupMaxAgeHours) {
    return fail(label, `the newest in ${dir} is ${Math.floor(hours)} hours old`, next)
  }
  return pass(label, `the newest in ${dir} is from ${newest.toISOString()}`)
}

export async function goingLiveCheck(options: CheckOptions): Promise<CheckLine[]> {
  const { config, env } = options
  const now = options.now ?? (() => new Date())
  const url = new URL(options.url)
  const lines = [await checkSite(url), await checkPolicy(config, env)]
  const sent = await sendTestLead(config, url, now())
  if (!sent.ok) {
    lines.push(sent.line)
  } else {
    const timeoutMs =
      options.deliveryTimeoutMs ?? Math.min(config.forwardTimeoutMs * 2 + 15_000, 90_000)
    let erased = false
    try {
      const report = await readBack(options, sent.id, timeoutMs)
      lines.push(
        report.stored
          ? pass('Test lead stored', `lead ${sent.id}, kept out of the funnel's counts`)
          : fail(
              'Test lead stored',
              'accepted, but not found in this database',
              "run the check on the server's machine with its .env (DATA_DIR or DATABASE_URL).",
            ),
      )
      if (report.stored) lines.push(...deliveryLines(config, report))
    } finally {
      const answer = await options
        .command(['erase-test-lead', '--lead', sent.id])
        .catch((error: unknown) => describeError(error))
      erased = answer.includes('"erased":true')
      lines.push(
        erased
          ? pass('Test lead erased', 'with its deliveries')
          : fail(
              'Test lead erased',
              `not erased (${answer.trim()})`,
              // By its id: an erasure by email would take every request of the broker's address.
              `node dist-server/leads-cli.js erase-test-lead --lead ${sent.id} (in the app's directory, with its .env).`,
            ),
      )
    }
  }
  lines.push(await checkHealth(url, config.healthToken))
  lines.push(await checkBackups(config.backupDir, now()))
  return lines
}
