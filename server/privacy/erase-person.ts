import { contactKey } from '../storage/lead-store'
import type { Sql } from '../storage/database'

/**
 * Deletes every lead of one person (GDPR art. 17), their pending deliveries with them, then their
 * contact row; returns how many leads. Copies already forwarded live at the target and must be
 * erased there too.
 */
export async function erasePerson(db: Sql, email: string): Promise<number> {
  const key = contactKey(email)
  const deleted = await db.query('DELETE FROM leads WHERE email = $1 RETURNING id', [key])
  // A lead that arrived in between keeps its contact row; erasing again removes both.
  await db.query(
    `DELETE FROM contacts AS c
     WHERE c.email = $1 AND NOT EXISTS (SELECT 1 FROM leads AS l WHERE l.email = c.email)`,
    [key],
  )
  return deleted.length
}
