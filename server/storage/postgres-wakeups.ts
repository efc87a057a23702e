/**
 * Several instances on one PostgreSQL: a delivery queued by one (a lead accepted, an escalation, a
 * replay) wakes every instance's delivery loop at once through `LISTEN`/`NOTIFY`, rather than at
 * its next poll. The poll stays, for what a lost notification would miss: a notification is sent
 * only on commit and is not queued for a listener that was disconnected at the time.
 *
 * One connection of its own listens (a pooled one would be handed to queries); when it drops, it
 * reconnects with a growing delay and wakes the loop once, for whatever it missed meanwhile.
 */
import type { FastifyBaseLogger } from 'fastify'
import pg from 'pg'
import type { Sql } from './database'

/** The channel every instance listens on; the payload is empty: a wake-up says nothing else. */
export const wakeupChannel = 'relay_deliveries'

export interface Wakeups {
  /** Tells every instance, this one included, that deliveries may be due. Never throws. */
  notify(): void
  close(): Promise<void>
}

export function listenForWakeups(
  url: string,
  db: Sql,
  {
    onWake,
    log,
    retryMs = { base: 500, max: 30_000 },
  }: {
    onWake: () => void
    log: FastifyBaseLogger
    retryMs?: { base: number; max: number }
  },
): Wakeups {
  let client: pg.Client | undefined
  let closed = false
  let failures = 0
  let retryTimer: NodeJS.Timeout | undefined

  const retry = () => {
    if (closed || retryTimer) return
    const delay = Math.min(retryMs.max, retryMs.base * 2 ** Math.min(failures, 16))
    failures += 1
    retryTimer = setTimeout(() => {
      retryTimer = undefined
      void connect()
    }, delay)
    retryTimer.unref()
  }

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: url, application_name: 'lead-relay-wakeups' })
    next.on('notification', () => onWake())
    // A connection cut (a restarted or failed-over server, a killed backend) ends the client,
    // with or without an error first.
    const lost = (error?: Error) => {
      if (client !== next) return
      client = undefined
      if (closed) return
      log.warn({ err: error }, 'delivery wake-up connection lost: reconnecting')
      next.end().catch(() => undefined)
      retry()
    }
    next.on('error', lost)
    next.on('end', () => lost())
    try {
      await next.connect()
      await next.query(`LISTEN ${wakeupChannel}`)
    } catch (error) {
      log.warn({ err: error }, 'delivery wake-ups unavailable for now: the poll delivers meanwhile')
      await next.end().catch(() => undefined)
      retry()
      return
    }
    if (closed) {
      await next.end().catch(() => undefined)
      return
    }
    client = next
    // Whatever was notified while no connection listened.
    if (failures > 0) onWake()
    failures = 0
  }

  void connect()

  return {
    notify() {
      db.query("SELECT pg_notify($1, '')", [wakeupChannel]).catch((error: unknown) =>
        log.debug({ err: error }, 'delivery wake-up not sent: the other instances will poll'),
      )
    },
    async close() {
      closed = true
      clearTimeout(retryTimer)
      await client?.end().catch(() => undefined)
      client = undefined
    },
  }
}
