/**
 * Withdrawal of consent to be called (Code de la consommation L223-1): recorded on every lead of
 * the person (same email or same phone), their undelivered leads stopped, and the broker told
 * through each channel that takes withdrawals. Doing it twice changes nothing.
 */
import type { Database } from '../storage/database'

export type WithdrawalResult = 'withdrawn' | 'already' | 'unknown'

export async function withdrawConsent(
  db: Database,
  leadId: string,
  notify: readonly string[],
): Promise<WithdrawalResult> {
  return db.transaction(async (tx) => {
    // One withdrawal at a time: two for overlapping people (one shares the other's phone) would
    // otherwise lock the same leads and contacts in different orders. They are rare clicks.
    await tx.query("SELECT pg_advisory_xact_lock(hashtextextended('consent withdrawal', 0))")
    const [lead] = await tx.query<{ email: string; telephone: string; withdrawn: boolean }>(
      `SELECT email, telephone, consent_withdrawn_at IS NOT NULL AS withdrawn
       FROM leads WHERE id = $1 FOR UPDATE`,
      [leadId],
    )
    if (!lead) return 'unknown'
    if (lead.withdrawn) return 'already'
    const person = await tx.query<{ id: string; email: string }>(
      `UPDATE leads SET consent_withdrawn_at = now()
       WHERE (email = $1 OR telephone = $2) AND consent_withdrawn_at IS NULL RETURNING id, email`,
      [lead.email, lead.telephone],
    )
    // A request: it restarts the retention period of everyone it reached.
    await tx.query(
      'UPDATE contacts SET last_interaction_at = now() WHERE email = ANY($1::text[])',
      [[...new Set(person.map((row) => row.email))]],
    )
    await tx.query(
      `UPDATE lead_deliveries SET state = 'cancelled', done_at = now(), lease_owner = NULL,
         lease_until = NULL, last_error = 'consent withdrawn'
       WHERE event = 'lead' AND state IN ('pending', 'parked') AND lead_id = ANY($1::uuid[])`,
      [person.map((row) => row.id)],
    )
    if (notify.length > 0) {
      await tx.query(
        `INSERT INTO lead_deliveries (lead_id, destination, event)
         SELECT $1, unnest($2::text[]), 'withdrawal' ON CONFLICT DO NOTHING`,
        [leadId, notify],
      )
    }
    return 'withdrawn'
  })
}
