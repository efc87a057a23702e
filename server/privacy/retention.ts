import type { Database, Sql } from '../storage/database'
import { eraseTraces } from './erase-person'
import { purgeExpiredFunnelCounts } from '../storage/funnel-counts'

/** DECISIONS.md and the privacy policy: at most 3 years after the last interaction. */
export const retentionYears = 3

/**
 * Deletes the leads of the people whose last interaction is older than the retention period, then
 * those people's contact rows (unless a lead arrived meanwhile, which also restarted the period);
 * returns how many leads.
 */
export async function purgeExpiredLeads(db: Sql): Promise<number> {
  const deleted = await db.query(
    `DELETE FROM leads AS l USING contacts AS c
     WHERE c.email = l.email AND c.last_interaction_at < now() - make_interval(years => $1)
     RETURNING l.id`,
    [retentionYears],
  )
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
export async function purgeExpired(db: Database, now: Date = new Date()): Promise<PurgeResult> {
  const result = {
    leads: await purgeExpiredLeads(db),
    funnelCounts: await purgeExpiredFunnelCounts(db, now),
  }
  if (result.leads > 0) await eraseTraces(db)
  return result
}
