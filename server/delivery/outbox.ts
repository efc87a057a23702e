/**
 * The outbox's SQL. A claim takes due rows with `FOR UPDATE SKIP LOCKED` and stamps them with a
 * lease, so that instances sharing one PostgreSQL never hold the same lead at the same time; a
 * lease left by a killed process simply runs out and the lead is claimed again.
 */
import type { LeadPayload } from '../../src/features/lead/lead-contract'
import type { Database, Sql } from '../storage/database'

export interface ClaimedLead {
  leadId: string
  attempts: number
  payload: LeadPayload
}

export async function claimDueLeads(
  db: Database,
  owner: string,
  leaseMs: number,
  limit: number,
): Promise<ClaimedLead[]> {
  const rows = await db.query<{ lead_id: string; attempts: number; payload: LeadPayload }>(
    `WITH due AS (
       SELECT lead_id FROM lead_outbox
       WHERE next_attempt_at <= now() AND (lease_until IS NULL OR lease_until <= now())
       ORDER BY next_attempt_at
       LIMIT $3
       FOR UPDATE SKIP LOCKED
     )
     UPDATE lead_outbox AS o
     SET lease_owner = $1, lease_until = now() + make_interval(secs => $2::double precision / 1000),
         attempts = o.attempts + 1
     FROM due, leads AS l
     WHERE o.lead_id = due.lead_id AND l.id = o.lead_id
     RETURNING o.lead_id, o.attempts, l.payload`,
    [owner, leaseMs, limit],
  )
  return rows.map((row) => ({ leadId: row.lead_id, attempts: row.attempts, payload: row.payload }))
}

export async function markDelivered(db: Database, leadId: string, owner: string): Promise<void> {
  await db.transaction(async (tx: Sql) => {
    const released = await tx.query(
      'DELETE FROM lead_outbox WHERE lead_id = $1 AND lease_owner = $2 RETURNING lead_id',
      [leadId, owner],
    )
    if (released.length > 0) {
      await tx.query('UPDATE leads SET delivered_at = now() WHERE id = $1', [leadId])
    }
  })
}

export async function scheduleRetry(
  db: Database,
  leadId: string,
  owner: string,
  delayMs: number,
  error: string,
): Promise<void> {
  await db.query(
    `UPDATE lead_outbox
     SET lease_owner = NULL, lease_until = NULL, last_error = $3,
         next_attempt_at = now() + make_interval(secs => $4::double precision / 1000)
     WHERE lead_id = $1 AND lease_owner = $2`,
    [leadId, owner, error.slice(0, 500), delayMs],
  )
}

export interface OutboxBacklog {
  pending: number
  /** Age of the oldest undelivered lead, in seconds; 0 when there is none. */
  oldestSeconds: number
}

export async function outboxBacklog(db: Sql): Promise<OutboxBacklog> {
  const [row] = await db.query<{ pending: number; oldest: number | null }>(
    `SELECT count(*)::int AS pending,
            floor(extract(epoch FROM now() - min(l.received_at)))::int AS oldest
     FROM lead_outbox AS o JOIN leads AS l ON l.id = o.lead_id`,
  )
  return { pending: row?.pending ?? 0, oldestSeconds: row?.oldest ?? 0 }
}
