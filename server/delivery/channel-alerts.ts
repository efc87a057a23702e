/**
 * A failing channel is seen on another one: when a destination has a parked delivery, or one
 * pending longer than 15 minutes (what makes /healthz say `degraded`), the broker is told once
 * through another channel that works (the alert email when the webhook, Meta, ntfy or push fails;
 * ntfy or push when the email does), and once more when it recovers. The state is the database's
 * (`channel_alerts`, migration 23): a change is announced only by the instance whose statement
 * made it, so instances sharing one PostgreSQL tell the broker once between them. A notice no
 * channel took undoes the change, to be tried again at the next check.
 */
import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../storage/database'
import { channelAlertCopy as copy } from './channel-alert-copy'
import { deliveryBacklog, stalePendingSeconds } from './deliveries'
import type { BrokerNotice, Destination } from './destination'
import { startPeriodicCheck, type PeriodicCheck } from './periodic-check'

/** Where a failing destination's notice goes, in order: never through the same mail server. */
function channelsFor(destination: string): string[] {
  return destination.startsWith('email_')
    ? ['ntfy', 'push']
    : ['email_courtier', 'ntfy', 'push'].filter((name) => name !== destination)
}

export interface ChannelAlertOptions {
  db: Database
  log: FastifyBaseLogger
  /** The active destinations: those watched, and those that carry notices (`tellBroker`). */
  destinations: readonly Destination[]
  /** The back-office's address, in each notice. */
  adminUrl: string
  /** Tests shorten it; 15 minutes otherwise, as /healthz. */
  staleSeconds?: number
}

/** Destinations failing now: a parked delivery, or one pending too long. */
async function failingDestinations(
  db: Database,
  names: readonly string[],
  staleSeconds: number,
): Promise<Set<string>> {
  const backlog = await deliveryBacklog(db)
  return new Set(
    names.filter((name) => {
      const entry = backlog[name]
      return entry !== undefined && (entry.parked > 0 || entry.oldestPendingSeconds > staleSeconds)
    }),
  )
}

/** Records the change if this call makes it; true when it did (and so must announce it). */
async function recordChange(db: Database, destination: string, failing: boolean): Promise<boolean> {
  const changed = failing
    ? await db.query(
        `INSERT INTO channel_alerts AS a (destination, failing) VALUES ($1, true)
         ON CONFLICT (destination) DO UPDATE SET failing = true, changed_at = now()
         WHERE NOT a.failing RETURNING 1`,
        [destination],
      )
    : await db.query(
        `UPDATE channel_alerts SET failing = false, changed_at = now()
         WHERE destination = $1 AND failing RETURNING 1`,
        [destination],
      )
  return changed.length > 0
}

/** One check of every destination; resolves once each change found is announced (or undone). */
export async function checkChannels(options: ChannelAlertOptions): Promise<void> {
  const { db, log } = options
  const byName = new Map(options.destinations.map((destination) => [destination.name, destination]))
  const failing = await failingDestinations(
    db,
    [...byName.keys()],
    options.staleSeconds ?? stalePendingSeconds,
  )
  const known = await db.query<{ destination: string; failing: boolean }>(
    'SELECT destination, failing FROM channel_alerts',
  )
  const wasFailing = new Set(known.filter((row) => row.failing).map((row) => row.destination))
  for (const name of byName.keys()) {
    const now = failing.has(name)
    if (now === wasFailing.has(name) || !(await recordChange(db, name, now))) continue
    const notice: BrokerNotice = {
      title: now ? copy.failingTitle(name) : copy.recoveredTitle(name),
      body: now ? copy.failingBody(name) : copy.recoveredBody(name),
      url: options.adminUrl,
      tag: `canal-${name.replaceAll('_', '-')}`,
    }
    let toldBy: string | undefined
    for (const channel of channelsFor(name).filter((other) => !failing.has(other))) {
      const tell = byName.get(channel)?.tellBroker
      if (!tell) continue
      const outcome = await tell(notice)
      if (outcome.ok) {
        toldBy = channel
        break
      }
      log.warn({ destination: name, channel, reason: outcome.reason }, 'channel alert not sent')
    }
    if (toldBy) {
      log.warn(
        { destination: name, channel: toldBy },
        now ? 'channel failing: the broker was told' : 'channel recovered: the broker was told',
      )
    } else {
      // Tried again at the next check, when another channel may work.
      await recordChange(db, name, !now)
      log.error(
        { destination: name },
        'channel alert: no other working channel could tell the broker (set LEAD_ALERT_TO, NTFY_URL or subscribe a device)',
      )
    }
  }
}

/** Checks every `everyMs`, one check at a time. */
export function startChannelAlerts(
  options: ChannelAlertOptions & { everyMs: number },
): PeriodicCheck {
  const check = () =>
    checkChannels(options).catch((error: unknown) =>
      options.log.error({ err: error }, 'channel alert check failed'),
    )
  return startPeriodicCheck(check, options.everyMs)
}
