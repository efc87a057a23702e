/**
 * Withdrawal of consent to be called (Code de la consommation L223-1), confirmed from the link sent
 * to one email address: recorded on every lead of that address, their undelivered leads stopped,
 * and the broker told through each channel that takes withdrawals. The link proves the address,
 * not the phone typed beside it (anyone can type someone else's): the leads of other addresses
 * with one of those phones stay callable, marked for the advisor to confirm at the call.
 * Doing it twice changes nothing.
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
    const [lead] = await tx.query<{ email: string; withdrawn: boolean }>(
      `SELECT email, consent_withdrawn_at IS NOT NULL AS withdrawn
       FROM leads WHERE id = $1 FOR UPDATE`,
      [leadId],
    )
    if (!lead) return 'unknown'
    if (lead.withdrawn) return 'already'
    // One statement for both, so that every lead it reaches is locked at once, before any
    // delivery (the order withdrawal-lock-order.test.ts checks).
    const reached = await tx.query<{ id: string; withdrawn: boolean }>(
      `UPDATE leads SET
         consent_withdrawn_at = CASE WHEN email = $1 THEN now() ELSE consent_withdrawn_at END,
         withdrawal_to_confirm_at = CASE WHEN email = $1 THEN withdrawal_to_confirm_at
                                         ELSE coalesce(withdrawal_to_confirm_at, now()) END
       WHERE (email = $1 OR telephone IN (SELECT telephone FROM leads WHERE email = $1))
         AND consent_withdrawn_at IS NULL
       RETURNING id, email = $1 AS withdrawn`,
      [lead.email],
    )
    // A request of that address: it restarts its retention period.
    await tx.query('UPDATE contacts SET last_interaction_at = now() WHERE email = $1', [lead.email])
    await tx.query(
      `UPDATE lead_deliveries SET state = 'cancelled', done_at = now(), lease_owner = NULL,
         lease_until = NULL, last_error = 'consent withdrawn'
       WHERE event IN ('lead', 'escalation') AND state IN ('pending', 'parked')
         AND lead_id = ANY($1::uuid[])`,
      [reached.filter((row) => row.withdrawn).map((row) => row.id)],
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
