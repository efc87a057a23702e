import type { Sql } from '../storage/database'

/** DECISIONS.md and the privacy policy: at most 3 years after the last interaction. */
export const retentionYears = 3

/** Deletes the leads whose last interaction is older than the retention period; returns how many. */
export async function purgeExpiredLeads(db: Sql): Promise<number> {
  const deleted = await db.query(
    `DELETE FROM leads WHERE last_interaction_at < now() - make_interval(years => $1) RETURNING id`,
    [retentionYears],
  )
  return deleted.length
}
