/**
 * `npm run bench:alert`: how soon an advisor hears of a lead. Runs the server as `npm start` does
 * (its build, in a process of its own) with two advisors' phones subscribed to a Web Push service
 * stand-in over HTTPS on loopback (trusted through NODE_EXTRA_CA_CERTS, as a broker's own CA would
 * be) and the alert email going to an SMTP stand-in, then posts leads one at a time, each after
 * the previous one's alerts have all arrived, and prints, from the visitor's 202 to the arrival
 * at the stand-in: the push to every phone (median, p99, max), and beside it the alert email,
 * which the broker had before push. Target on this machine: push median ≤ 1 s, max ≤ 3 s.
 *
 * The embedded database, as `npm start` runs by default; PostgreSQL too when TEST_DATABASE_URL
 * is set (the npm script sets it through scripts/with-postgres.ts). BENCH_ALERT_LEADS sets the
 * leads measured (default 60, at least 50 for the figures to mean anything; fewer are allowed
 * for a quick look). Prints; exits non-zero only when an alert never arrives, or, with
 * `--strict` on a machine known to be quiet, when the target is missed.
 */
import { rm } from 'node:fs/promises'
import { performance } from 'node:perf_hooks'
import webPush from 'web-push'
import { saveAccount } from '../server/accounts/admin-accounts'
import type { LeadNotification } from '../server/delivery/lead-notification'
import { quickPasswordHash } from '../server/test-support/admin-fixtures'
import { createFakeSite, createTempDir } from '../server/test-support/fake-site'
import { validLead, waitFor } from '../server/test-support/lead-fixtures'
import {
  decryptPush,
  newDeviceKeys,
  startPushServiceStandIn,
  type DeviceKeys,
  type PushServiceStandIn,
} from '../server/test-support/push-service-stand-in'
import { postLeadTo, startRelayProcess } from '../server/test-support/relay-process'
import { startSmtpStandIn, type SmtpStandIn } from '../server/test-support/smtp-stand-in'
import { createPostgresDatabase, postgresUrl } from '../server/test-support/test-databases'
import { openDatabase } from '../server/storage/open-database'
import { saveSubscription } from '../server/storage/push-subscriptions'
import { percentile } from './bench/lead-load'
import { ensureServerBuild } from './bench/server-build'
import { countSetting, fromEnv } from './bench/settings'

const measured = fromEnv(countSetting, 'BENCH_ALERT_LEADS', 60, 1)
/** Leads posted first and not counted: the server's first requests pay for its warming up. */
const warmup = 5
const strict = process.argv.includes('--strict')
const target = { medianMs: 1_000, maxMs: 3_000 }
/** Past this an alert counts as lost, and the run fails. */
const patienceMs = 30_000
const alertTo = 'alertes@courtier.example'
const advisors = ['conseil-1@courtier.example', 'conseil-2@courtier.example']

type Engine = 'embedded' | 'postgres'
const engineNames: Record<Engine, string> = {
  embedded: 'embedded database (PGlite)',
  postgres: 'PostgreSQL',
}

interface Device {
  name: string
  keys: DeviceKeys
}

/** A first name per lead, letters only (the form refuses digits in a name): Alerta, Alertb… */
function firstName(index: number): string {
  let letters = ''
  for (let rest = index; ; rest = Math.floor(rest / 26) - 1) {
    letters = String.fromCharCode(97 + (rest % 26)) + letters
    if (rest < 26) break
  }
  return `Alerte${letters}`
}

/** A phone number per lead, so that no lead is taken for a repeat of the one before. */
function phone(index: number): string {
  const digits = String(index).padStart(8, '0')
  return `06 ${digits.slice(0, 2)} ${digits.slice(2, 4)} ${digits.slice(4, 6)} ${digits.slice(6)}`
}

/** Two advisors, each with a phone subscribed, written before the server opens the database. */
async function subscribeAdvisors(
  database: { dataDir: string; databaseUrl: string | undefined },
  pushService: PushServiceStandIn,
): Promise<Device[]> {
  const db = await openDatabase(database)
  const devices: Device[] = []
  try {
    for (const [index, email] of advisors.entries()) {
      await saveAccount(db, email, quickPasswordHash('un mot de passe de banc d’essai'))
      const [user] = await db.query<{ id: string }>('SELECT id FROM admin_users WHERE email = $1', [
        email,
      ])
      if (!user) throw new Error(`The account ${email} was not saved`)
      const device = { name: `phone-${index + 1}`, keys: newDeviceKeys() }
      await saveSubscription(
        db,
        user.id,
        { endpoint: pushService.endpoint(device.name), ...device.keys.json },
        'Banc d’essai',
      )
      devices.push(device)
    }
  } finally {
    await db.close()
  }
  return devices
}

interface Timings {
  /** Per lead, from the 202 to the last phone's push arriving. */
  push: number[]
  /** Per lead, from the 202 to the alert email arriving. */
  email: number[]
  lost: string[]
}

async function measureEngine(
  engine: Engine,
  pushService: PushServiceStandIn,
  smtp: SmtpStandIn,
): Promise<Timings> {
  const dataDir = await createTempDir('alert-bench-')
  // The site itself is a stand-in whose privacy policy names every recipient: the sample
  // configuration's names no email provider, and the server refuses to send email then.
  const distDir = await createFakeSite()
  const postgres = engine === 'postgres' ? await createPostgresDatabase() : undefined
  const vapid = webPush.generateVAPIDKeys()
  const devices = await subscribeAdvisors({ dataDir, databaseUrl: postgres?.url }, pushService)
  const relay = await startRelayProcess(
    {
      DIST_DIR: distDir,
      DATA_DIR: dataDir,
      DATABASE_URL: postgres?.url ?? '',
      PUBLIC_URL: 'https://assurance.example',
      APP_SECRET: 'banc-d-essai-secret-d-au-moins-trente-deux-caracteres',
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      VAPID_SUBJECT: 'mailto:technique@courtier.example',
      NODE_EXTRA_CA_CERTS: pushService.caFile,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'relais@courtier.example',
      LEAD_ALERT_TO: alertTo,
      // Set, though blank, so that a developer's .env cannot add a destination to the run.
      LEAD_FORWARD_URL: '',
      META_CAPI_TOKEN: '',
      NTFY_URL: '',
      LOG_LEVEL: 'warn',
    },
    { built: true },
  )
  const timings: Timings = { push: [], email: [], lost: [] }
  try {
    for (let index = 0; index < warmup + measured; index += 1) {
      const prenom = firstName(index)
      const pushesBefore = pushService.received.length
      const mailsBefore = smtp.received.length
      const response = await postLeadTo(
        relay.url,
        validLead({ prenom, telephone: phone(index) }),
        `198.18.${Math.floor(index / 250)}.${(index % 250) + 1}`,
      )
      const accepted = performance.now()
      if (response.status !== 202) {
        throw new Error(`Lead ${index} answered ${response.status}: ${await response.text()}`)
      }
      const pushes = () =>
        pushService.received.slice(pushesBefore).filter((push) => {
          const device = devices.find((candidate) => push.path === `/push/${candidate.name}`)
          if (!device) return false
          const notice = JSON.parse(decryptPush(push.body, device.keys).toString()) as {
            title: LeadNotification['title']
          }
          return notice.title.includes(prenom)
        })
      const alert = () =>
        smtp.received
          .slice(mailsBefore)
          .find((mail) => mail.to.includes(alertTo) && (mail.parsed.subject ?? '').includes(prenom))
      try {
        await waitFor(() => pushes().length >= devices.length && alert() !== undefined, {
          timeoutMs: patienceMs,
          what: `the alerts of lead ${index}`,
        })
      } catch {
        timings.lost.push(
          `lead ${index}: ${pushes().length}/${devices.length} pushes, email ${alert() ? 'arrived' : 'missing'}`,
        )
        continue
      }
      const email = alert()
      if (index < warmup || !email) continue
      timings.push.push(Math.max(...pushes().map((push) => push.receivedAt)) - accepted)
      timings.email.push(email.receivedAt - accepted)
    }
  } finally {
    relay.child.kill('SIGTERM')
    await relay.exited
    await postgres?.drop()
    await rm(dataDir, { recursive: true, force: true })
    await rm(distDir, { recursive: true, force: true })
  }
  return timings
}

function figures(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b)
  const ms = (value: number) => `${Math.round(value)} ms`.padStart(8)
  return `median ${ms(percentile(sorted, 0.5))}   p99 ${ms(percentile(sorted, 0.99))}   max ${ms(sorted.at(-1) ?? NaN)}`
}

async function main(): Promise<void> {
  ensureServerBuild()
  const engines: Engine[] = postgresUrl ? ['embedded', 'postgres'] : ['embedded']
  if (!postgresUrl) {
    console.warn('TEST_DATABASE_URL is not set: PostgreSQL skipped (npm run bench:alert sets it).')
  }
  const pushService = await startPushServiceStandIn()
  const smtp = await startSmtpStandIn()
  const problems: string[] = []
  try {
    console.log(
      `Alerts of ${measured} leads posted one at a time (after ${warmup} not counted), ` +
        `${advisors.length} phones subscribed; from the visitor's 202 to the arrival:`,
    )
    for (const engine of engines) {
      const timings = await measureEngine(engine, pushService, smtp)
      console.log(`\n${engineNames[engine]}`)
      console.log(`  push to every phone   ${figures(timings.push)}`)
      console.log(`  alert email           ${figures(timings.email)}`)
      for (const lost of timings.lost) problems.push(`${engineNames[engine]}: ${lost}`)
      const sorted = [...timings.push].sort((a, b) => a - b)
      const median = percentile(sorted, 0.5)
      const max = sorted.at(-1) ?? NaN
      const met = median <= target.medianMs && max <= target.maxMs
      console.log(
        `  target (push median ≤ ${target.medianMs} ms, max ≤ ${target.maxMs} ms): ${met ? 'met' : 'missed'}`,
      )
      if (!met && strict) problems.push(`${engineNames[engine]}: push target missed`)
    }
  } finally {
    await pushService.stop()
    await smtp.stop()
  }
  if (problems.length > 0) {
    console.error(`\n${problems.join('\n')}`)
    process.exitCode = 1
  }
}

await main()
