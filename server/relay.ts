/**
 * The whole server behind `npm start`, wired together: database, delivery destinations, HTTP app,
 * delivery worker, page-view forwarding, the daily retention purge, the embedded database's
 * vacuum and the command socket.
 * `close()` (and SIGTERM through it) stops in order: no new requests, requests in flight
 * answered, the deliveries under way finished, then the database closed.
 */
import type { Agent } from 'node:https'
import type { FastifyInstance } from 'fastify'
import type { RelayServices } from './api/relay-services'
import { trackWrites } from './storage/write-health'
import { buildApp, type HttpTimeouts } from './app'
import { controlSocketPath, serveControlSocket } from './commands/control-socket'
import type { ServerConfig } from './config'
import { trustedProxyCheck } from './connection-guard'
import type { BackoffPolicy } from './delivery/backoff'
import { startDeliveryWorker } from './delivery/delivery-worker'
import { listenForWakeups } from './storage/postgres-wakeups'
import { createSharedRateLimiter, defaultRateLimits } from './api/rate-limiter'
import { buildDestinations } from './delivery/destinations'
import { createPageViewForwarder } from './delivery/page-view-forwarder'
import { startEscalationChecks } from './delivery/escalation'
import { startChannelAlerts } from './delivery/channel-alerts'
import { loadVapidKeys } from './delivery/vapid-keys'
import { purgeExpired } from './privacy/retention'
import { erasureLogIn } from './backup/erasure-log'
import { loadAppSecret } from './privacy/withdrawal-token'
import { createLogger } from './log-options'
import type { ActivityCounterMode } from '../common/site-config/site-config-schema'
import { siteConfig } from '../common/site-config/site-config'
import { adminScreens } from '../common/back-office/back-office-routes'
import type { Database } from './storage/database'
import { secureDataDir } from './storage/data-dir'
import { openDatabase } from './storage/open-database'
import { startEmbeddedVacuum } from './storage/embedded-vacuum'
import { watchUntrustedProxies } from './untrusted-proxy-watch'
import { startCallbackReminders } from './delivery/callback-reminders'
import { pushSender } from './delivery/push-destination'

const deliveriesPath = adminScreens.find((screen) => screen.id === 'deliveries')?.path ?? '/admin'

/** How often the embedded database is synced to disk and its journal emptied. */
const checkpointEveryMs = 5 * 60 * 1000
const dayMs = 24 * 60 * 60 * 1_000

export interface RelayOptions {
  logLevel?: string
  logStream?: { write(line: string): void }
  backoff?: BackoffPolicy
  pollMs?: number
  rateLimits?: RelayServices['rateLimits']
  /** The clock deciding when failing deliveries are parked and sessions end (tests move it). */
  now?: () => Date
  /** How often agreed callbacks are checked for their reminder (callback-reminders.ts). */
  reminderCheckMs?: number
  /** Tests shorten them; `httpTimeouts` otherwise. */
  timeouts?: HttpTimeouts
  /** The site's `activityCounter` (site.config.yaml) unless a test says otherwise. */
  activityCounter?: ActivityCounterMode
  /** Benchmarks only: `false` drops the embedded database's power-cut journal (open-database.ts). */
  leadJournal?: boolean
  /** How often unclaimed leads are looked for to escalate; tests shorten it. */
  escalationCheckMs?: number
  /** Tests only: the HTTPS agent that trusts their push service stand-in's certificate. */
  pushAgent?: Agent
  /** `false` leaves out the `push` destination (tests not about it count deliveries without it). */
  webPush?: boolean
  /** How often failing channels are looked for, and when a pending delivery counts as failing. */
  channelAlerts?: { everyMs?: number; staleSeconds?: number }
}

export interface Relay {
  app: FastifyInstance
  db: Database
  /** Listens on the configured port and host; resolves with the address. */
  listen(): Promise<string>
  close(): Promise<void>
}

export async function startRelay(config: ServerConfig, options: RelayOptions = {}): Promise<Relay> {
  const log = createLogger(options.logLevel ?? 'info', options.logStream)
  const madeOwnerOnly = await secureDataDir(config.dataDir)
  const secret = await loadAppSecret(config.appSecret, config.dataDir)
  const vapid = await loadVapidKeys(config.vapid, config.dataDir)
  const db = await openDatabase(config, {
    onIdleError: (error) => log.error({ err: error }, 'idle database connection failed'),
    leadJournal: options.leadJournal,
  })
  const siteUrl = config.publicUrl ?? siteConfig.siteUrl
  const push =
    options.webPush === false
      ? undefined
      : {
          db,
          keys: { publicKey: vapid.publicKey, privateKey: vapid.privateKey },
          keysGenerated: vapid.generated,
          // The broker's contact address from site.config.yaml: a real mailbox push services may write to.
          subject: config.vapidSubject ?? `mailto:${siteConfig.company.email}`,
          log,
          agent: options.pushAgent,
        }
  const destinations = buildDestinations(config, { siteUrl, appSecret: secret.secret }, push)
  if (madeOwnerOnly.length > 0) {
    log.warn(
      { dataDir: config.dataDir, count: madeOwnerOnly.length, paths: madeOwnerOnly.slice(0, 20) },
      'DATA_DIR had paths other users could reach: made owner-only (directories 0700, files 0600)',
    )
  }
  for (const line of destinations.report) log.info(`destination ${line}`)
  if (destinations.active.every((destination) => destination.name === 'push')) {
    log.warn(
      'no destination is configured: leads are stored, and reach only the advisors who turned on notifications on a device',
    )
  }
  if (db.kind === 'embedded' && !db.journal) {
    log.warn(
      'the journal of accepted leads is off (a benchmark setting): a power cut can lose leads already acknowledged',
    )
  } else if (db.kind === 'embedded') {
    log.warn(
      'the embedded database does not sync its own files to disk: each accepted lead is also synced to DATA_DIR/leads.journal before its answer and put back from there at start, but after a power cut the database itself may need repair; set DATABASE_URL (PostgreSQL with fsync on) where that matters',
    )
  }
  if (secret.generated) {
    log.warn(
      'APP_SECRET is not set: withdrawal links are signed with a secret kept in DATA_DIR; set APP_SECRET when running several instances',
    )
  }
  if (vapid.generated) {
    log.warn(
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not set: Web Push uses a key pair kept in DATA_DIR/vapid-keys.json; set both when running several instances, or each would push with keys the devices did not subscribe with',
    )
  }
  const worker = startDeliveryWorker({
    db,
    destinations: destinations.active,
    log,
    timeoutMs: config.forwardTimeoutMs,
    concurrency: config.deliveryConcurrency,
    backoff: options.backoff,
    pollMs: options.pollMs,
    now: options.now,
  })
  // Several instances on one PostgreSQL: each one's queued deliveries wake them all.
  const wakeups =
    db.kind === 'postgres' && config.databaseUrl
      ? listenForWakeups(config.databaseUrl, db, { onWake: () => worker.wake(), log })
      : undefined
  const wakeDeliveries = () => {
    worker.wake()
    wakeups?.notify()
  }
  const now = options.now ?? (() => new Date())
  const erasures = erasureLogIn(config.backupDir)
  const escalations =
    config.leadEscalateMinutes > 0 && destinations.plan.escalation.length > 0
      ? startEscalationChecks({
          db,
          log,
          minutes: config.leadEscalateMinutes,
          destinations: destinations.plan.escalation,
          everyMs: options.escalationCheckMs ?? 15_000,
          now,
          onEscalated: wakeDeliveries,
        })
      : undefined
  const reminders = push
    ? startCallbackReminders({
        db,
        log,
        everyMs: options.reminderCheckMs ?? 30_000,
        now,
        siteUrl,
        send: pushSender({ ...push, timeoutMs: config.forwardTimeoutMs }),
      })
    : undefined
  log.info(
    escalations
      ? `escalation: on, after ${config.leadEscalateMinutes} minute(s) of calling hours unclaimed and uncalled, to ${destinations.plan.escalation.join(', ')}`
      : config.leadEscalateMinutes > 0
        ? 'escalation: off, no destination takes it (LEAD_ALERT_TO or NTFY_URL)'
        : 'escalation: off, LEAD_ESCALATE_MINUTES=off',
  )
  const channelAlerts = startChannelAlerts({
    db,
    log,
    destinations: destinations.active,
    // The deliveries screen: what failed, and the replay button.
    adminUrl: `${config.publicUrl ?? siteConfig.siteUrl}${deliveriesPath}`,
    everyMs: options.channelAlerts?.everyMs ?? 60_000,
    staleSeconds: options.channelAlerts?.staleSeconds,
  })
  // PostgreSQL vacuums itself; PGlite does not.
  const vacuum = db.kind === 'embedded' ? startEmbeddedVacuum(db, log) : undefined
  const pageViews = config.pageViewForwardUrl
    ? createPageViewForwarder({
        url: config.pageViewForwardUrl,
        timeoutMs: config.forwardTimeoutMs,
        log,
      })
    : undefined
  // Several instances on PostgreSQL count a client's leads together.
  const sharedLeadLimiter =
    db.kind === 'postgres'
      ? createSharedRateLimiter(db, options.rateLimits?.leads ?? defaultRateLimits.leads, {
          scope: 'leads',
          secret: secret.secret,
        })
      : undefined
  const pruneLimits = () =>
    sharedLeadLimiter
      ?.prune()
      .catch((error: unknown) => log.warn({ err: error }, 'rate limit buckets not pruned'))
  const pruneTimer = sharedLeadLimiter ? setInterval(() => void pruneLimits(), 60_000) : undefined
  pruneTimer?.unref()
  const services: RelayServices = {
    db,
    onLeadStored: () => {
      wakeDeliveries()
      vacuum?.leadStored()
    },
    writes: trackWrites(),
    pageViews,
    deliveries: destinations.plan,
    appSecret: secret.secret,
    erasures,
    pushPublicKey: vapid.publicKey,
    activityCount: (options.activityCounter ?? siteConfig.activityCounter) === 'real',
    now: options.now,
    untrustedProxies: watchUntrustedProxies(trustedProxyCheck(config.trustProxy)),
    rateLimits: options.rateLimits,
    sharedLeadLimiter,
    healthToken: config.healthToken,
  }
  const app = await buildApp(config, services, { log, timeouts: options.timeouts }).catch(
    async (error: unknown) => {
      await channelAlerts.stop()
      await escalations?.stop()
      await wakeups?.close()
      await reminders?.stop()
      await worker.stop()
      await vacuum?.stop()
      await destinations.close()
      await pageViews?.drain()
      await db.close()
      throw error
    },
  )

  const purge = () =>
    purgeExpired(db, erasures).then(
      (deleted) => log.info({ deleted }, 'retention purge done'),
      (error: unknown) => log.error({ err: error }, 'retention purge failed'),
    )
  let purging = purge()
  const purgeTimer = setInterval(() => (purging = purge()), dayMs).unref()

  // The embedded database on disk for good, and its journal of accepted leads emptied.
  const checkpoint = () =>
    db
      .makeDurable?.()
      .catch((error: unknown) => log.error({ err: error }, 'embedded database checkpoint failed'))
  let checkpointing: Promise<void> | undefined
  const checkpointTimer = setInterval(() => {
    checkpointing ??= checkpoint()?.finally(() => (checkpointing = undefined))
  }, checkpointEveryMs).unref()

  // Without the socket the relay still works; only the lead and account commands must wait for a stop.
  const closeSocket =
    db.kind === 'embedded'
      ? await serveControlSocket(controlSocketPath(config.dataDir), db, { erasures }, log).catch(
          (error: unknown) => {
            log.warn(
              { err: error },
              'command socket unavailable: stop the server to run lead or account commands',
            )
            return undefined
          },
        )
      : undefined

  app.addHook('onClose', async () => {
    clearInterval(purgeTimer)
    clearInterval(pruneTimer)
    clearInterval(checkpointTimer)
    await purging
    await checkpointing
    await channelAlerts.stop()
    await escalations?.stop()
    await wakeups?.close()
    await reminders?.stop()
    await worker.stop()
    await vacuum?.stop()
    await destinations.close()
    await pageViews?.drain()
    await closeSocket?.()
    await db.close()
    log.info('relay stopped')
  })

  return {
    app,
    db,
    listen: () => app.listen({ port: config.port, host: config.host }),
    close: () => app.close(),
  }
}
