import { contactKey } from '../storage/lead-store'
import type { Sql } from '../storage/database'

/**
 * Deletes every lead of one person (GDPR art. 17), their pending deliveries with them; returns how
 * many. Copies already forwarded live at the target and must be erased there too.
 */
export async function erasePerson(db: Sql, email: string): Promise<number> {
  const deleted = await db.query('DELETE FROM leads WHERE email = $1 RETURNING id', [
    contactKey(email),
  ])
  return deleted.length
}
