/**
 * PGlite runs no autovacuum: the row versions left by updated and deleted rows (deliveries change
 * state, each lead updates its contact and funnel rows, leads are purged) would pile up and slow
 * every scan. The relay vacuums the embedded database itself, every so many stored leads and every
 * hour, one vacuum at a time. A vacuum holds the database (one statement at a time) for a few
 * hundred milliseconds once it holds tens of thousands of leads: rare enough to stay out of the
 * 99th percentile. The hourly one also refreshes the planner's statistics (no autovacuum, no
 * auto-analyze either).
 */
import { performance } from 'node:perf_hooks'
import type { Sql } from './database'

export const vacuumEveryLeads = 5_000
export const vacuumEveryMs = 60 * 60 * 1_000

/** What it needs of the relay's logger. */
export interface VacuumLog {
  info(fields: object, message: string): void
  error(fields: object, message: string): void
}

export interface EmbeddedVacuum {
  /** A lead was stored: vacuums once `everyLeads` were since the last one. */
  leadStored(): void
  /** Vacuums now (and analyzes), unless a vacuum is under way; resolves when it is done. */
  run(reason: string, options?: { analyze: boolean }): Promise<void>
  /** No more vacuums; waits for the one under way. */
  stop(): Promise<void>
}

export function startEmbeddedVacuum(
  db: Sql,
  log: VacuumLog,
  { everyLeads = vacuumEveryLeads, everyMs = vacuumEveryMs } = {},
): EmbeddedVacuum {
  let stored = 0
  let running: Promise<void> | undefined
  let stopped = false
  const run = (reason: string, { analyze = true } = {}): Promise<void> => {
    if (stopped) return Promise.resolve()
    running ??= (async () => {
      stored = 0
      const started = performance.now()
      try {
        await db.query(analyze ? 'VACUUM (ANALYZE)' : 'VACUUM')
        log.info({ reason, ms: Math.round(performance.now() - started) }, 'database vacuumed')
      } catch (error) {
        log.error({ err: error, reason }, 'database vacuum failed')
      } finally {
        running = undefined
      }
    })()
    return running
  }
  const timer = setInterval(() => void run('hourly'), everyMs).unref()
  return {
    leadStored() {
      stored += 1
      if (stored >= everyLeads) void run(`${everyLeads} leads stored`, { analyze: false })
    },
    run,
    async stop() {
      stopped = true
      clearInterval(timer)
      await running
    },
  }
}
