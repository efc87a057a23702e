/** The calls recorded to a lead (`lead_calls`): written here, read by lead-history.ts. */
import type { CallOutcome } from '../../common/calls/call-rules'
import type { Sql } from './database'

/**
 * One recording at a time, for the rest of the caller's transaction: two clicks at once must not
 * both pass the 4-call limit.
 */
export async function lockCallRecording(tx: Sql): Promise<void> {
  await tx.query("SELECT pg_advisory_xact_lock(hashtextextended('lead calls', 0))")
}

export async function recordCall(
  tx: Sql,
  call: { leadId: string; at: Date; outcome: CallOutcome; by: string },
): Promise<void> {
  await tx.query(
    'INSERT INTO lead_calls (lead_id, at, outcome, admin_email) VALUES ($1, $2, $3, $4)',
    [call.leadId, call.at, call.outcome, call.by],
  )
}
