/**
 * Whether the database still takes writes, as `/healthz` reports it: a relay that answers 500 to
 * every lead (a full disk, a database turned read-only) is down, whatever its reads say. Two
 * signals: the leads' own inserts failing in a row, and a write probe on a one-row table.
 */
import type { Sql } from './database'

/** Lead inserts failing in a row, with none stored between them, that make the relay unhealthy. */
export const failuresToAlarm = 3
/** Failures older than this no longer count: a passing storm is over. */
export const failureMemoryMs = 60_000

export interface WriteHealth {
  /** A lead could not be stored. */
  failed(error: unknown): void
  /** A lead was stored. */
  succeeded(): void
  /** Why the relay cannot store leads now, judging by its recent inserts; `undefined` if it can. */
  problem(now?: number): string | undefined
}

export function trackWrites(): WriteHealth {
  let failures = 0
  let lastAt = 0
  let lastMessage = ''
  return {
    failed(error) {
      failures += 1
      lastAt = Date.now()
      lastMessage = error instanceof Error ? error.message : String(error)
    },
    succeeded() {
      failures = 0
    },
    problem(now = Date.now()) {
      if (failures < failuresToAlarm || now - lastAt > failureMemoryMs) return undefined
      const seconds = Math.round((now - lastAt) / 1000)
      return `the last ${failures} leads could not be stored (latest ${seconds} s ago: ${lastMessage.slice(0, 200)})`
    },
  }
}

/** Writes one row, as a lead's insert would; rejects when the database refuses writes. */
export async function probeWrite(db: Sql): Promise<void> {
  const rows = await db.query('UPDATE relay_health SET probed_at = now() RETURNING 1')
  if (rows.length !== 1) throw new Error('the health row is missing')
}
