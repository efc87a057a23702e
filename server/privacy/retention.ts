import type { ErasureLog } from '../backup/erasure-log'
import type { Database, Sql } from '../storage/database'
import { eraseTraces } from './erase-person'
import { purgeExpiredFunnelCounts } from '../storage/funnel-counts'

/** DECISIONS.md and the privacy policy: at most 3 years after the last interaction. */
export const retentionYears = 3

/**
 * Deletes the leads of the people whose last interaction is older than the retention period, then
 * those people's contact rows (unless a lead arrived meanwhile, which also restarted the period);
 * returns how many leads. Like an erasure, it is written to the erasure log: a restored backup
 * must not hold those people again, even for the moment before the next purge.
 */
export async function purgeExpiredLeads(db: Sql, erasures: ErasureLog): Promise<number> {
  const deleted = await db.query<{ id: string; email: string; telephone: string }>(
    `DELETE FROM leads AS l USING contacts AS c
     WHERE c.email = l.email AND c.last_interaction_at < now() - make_interval(years => $1)
     RETURNING l.id, l.email, l.telephone`,
    [retentionYears],
  )
  if (deleted.length > 0) {
    await erasures.record({
      reason: 'retention',
      emails: deleted.map((lead) => lead.email),
      phones: deleted.map((lead) => lead.telephone),
      leadIds: deleted.map((lead) => lead.id),
    })
  }
  await db.query(
    `DELETE FROM contacts AS c
     WHERE c.last_interaction_at < now() - make_interval(years => $1)
       AND NOT EXISTS (SELECT 1 FROM leads AS l WHERE l.email = c.email)`,
    [retentionYears],
  )
  return deleted.length
}

export interface PurgeResult {
  leads: number
  /** Rows of funnel counts (a day, campaign, ad and step each) older than 25 months. */
  funnelCounts: number
}

/**
 * Everything past its retention period: the leads (3 years) and the funnel counts (25 months).
 * Deleted leads are then made as unreadable in the database's files as an erasure's.
 */
export async function purgeExpired(
  db: Database,
  erasures: ErasureLog,
  now: Date = new Date(),
): Promise<PurgeResult> {
  const result = {
    leads: await db.transaction((tx) => purgeExpiredLeads(tx, erasures)),
    funnelCounts: await purgeExpiredFunnelCounts(db, now),
  }
  if (result.leads > 0) await eraseTraces(db)
  return result
}
