/**
 * "Je m'en occupe": the first advisor to claim a lead keeps it; the same advisor claiming again
 * changes nothing. One conditional UPDATE decides, so two advisors tapping at once cannot both win.
 */
import type { Sql } from './database'

export type ClaimResult =
  | { outcome: 'claimed' | 'already_yours'; by: string; at: Date }
  | { outcome: 'taken'; by: string; at: Date }
  | { outcome: 'not_found' }

export async function claimLead(
  db: Sql,
  leadId: string,
  claim: { by: string; at: Date },
): Promise<ClaimResult> {
  const [won] = await db.query<{ claimed_by: string; claimed_at: Date }>(
    `UPDATE leads SET claimed_by = $2, claimed_at = $3
     WHERE id = $1 AND claimed_by IS NULL RETURNING claimed_by, claimed_at`,
    [leadId, claim.by, claim.at],
  )
  if (won) return { outcome: 'claimed', by: won.claimed_by, at: won.claimed_at }
  const [row] = await db.query<{ claimed_by: string | null; claimed_at: Date | null }>(
    'SELECT claimed_by, claimed_at FROM leads WHERE id = $1',
    [leadId],
  )
  if (!row?.claimed_by || !row.claimed_at) return { outcome: 'not_found' }
  return {
    outcome: row.claimed_by === claim.by ? 'already_yours' : 'taken',
    by: row.claimed_by,
    at: row.claimed_at,
  }
}
