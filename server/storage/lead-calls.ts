/**
 * The calls recorded to a lead (`lead_calls`) and the advisor's reprogrammings
 * (`lead_call_plans`): written here, read by lead-history.ts and leads-to-call.ts. An undone call
 * stays, stamped `undone_at`, for the audit: it no longer counts anywhere.
 */
import type { CallOutcome } from '../../common/calls/call-rules'
import type { Sql } from './database'

/** D223-9's budget must not be spent by a wrong tap: its author may undo a call this long. */
export const undoMinutes = 10

/**
 * One recording at a time, for the rest of the caller's transaction: two clicks at once must not
 * both pass the 4-call limit.
 */
export async function lockCallRecording(tx: Sql): Promise<void> {
  await tx.query("SELECT pg_advisory_xact_lock(hashtextextended('lead calls', 0))")
}

export interface NewCall {
  leadId: string
  at: Date
  outcome: CallOutcome
  by: string
  recordedAt: Date
  rappelLe: Date | null
  note: string | null
}

/** Records the call; resolves with its id. */
export async function recordCall(tx: Sql, call: NewCall): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO lead_calls (lead_id, at, outcome, admin_email, recorded_at, rappel_le, note)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id::text AS id`,
    [call.leadId, call.at, call.outcome, call.by, call.recordedAt, call.rappelLe, call.note],
  )
  if (!row) throw new Error('call not recorded')
  return row.id
}

export type UndoResult =
  | { outcome: 'undone'; call: { outcome: CallOutcome; at: Date } }
  | { outcome: 'not_found' }
  | { outcome: 'not_author'; by: string }
  | { outcome: 'too_late'; recordedAt: Date }

/**
 * Undoes a call to `leadId`'s person (recorded on a request sharing its email or phone: the card's
 * id changes when a new request comes) if `by` recorded it less than `undoMinutes` before `now`.
 */
export async function undoCall(
  tx: Sql,
  leadId: string,
  callId: string,
  { by, now }: { by: string; now: Date },
): Promise<UndoResult> {
  const [row] = await tx.query<{
    admin_email: string
    recorded_at: Date
    outcome: CallOutcome
    at: Date
  }>(
    `SELECT c.admin_email, c.recorded_at, c.outcome, c.at
     FROM lead_calls AS c JOIN leads AS o ON o.id = c.lead_id
     JOIN leads AS l ON l.id = $2 AND (o.email = l.email OR o.telephone = l.telephone)
     WHERE c.id = $1::bigint AND c.undone_at IS NULL FOR UPDATE OF c`,
    [callId, leadId],
  )
  if (!row) return { outcome: 'not_found' }
  if (row.admin_email !== by) return { outcome: 'not_author', by: row.admin_email }
  if (now.getTime() - row.recorded_at.getTime() > undoMinutes * 60_000) {
    return { outcome: 'too_late', recordedAt: row.recorded_at }
  }
  await tx.query('UPDATE lead_calls SET undone_at = $2, undone_by = $3 WHERE id = $1::bigint', [
    callId,
    now,
    by,
  ])
  return { outcome: 'undone', call: { outcome: row.outcome, at: row.at } }
}

export async function reprogramCall(
  tx: Sql,
  plan: { leadId: string; at: Date; plannedFor: Date; by: string },
): Promise<void> {
  await tx.query(
    `INSERT INTO lead_call_plans (lead_id, at, planned_for, admin_email) VALUES ($1, $2, $3, $4)`,
    [plan.leadId, plan.at, plan.plannedFor, plan.by],
  )
}
