import type { ErasureLog } from '../backup/erasure-log'
import { contactKey } from '../storage/lead-store'
import type { Database, Sql } from '../storage/database'
import type { ErasePreview } from '../../common/back-office/screens-api'
import { destinationLabel } from '../storage/lead-history'

/**
 * Deletes every lead of one person (GDPR art. 17), their pending deliveries with them, then their
 * contact row; returns how many leads. Copies already forwarded live at the target and must be
 * erased there too. `eraseTraces` must follow, once the deletion is committed.
 * The erasure is written to the erasure log (server/backup/erasure-log.ts) before the caller's
 * transaction commits, so that restoring an older backup never brings the person back.
 */
export async function erasePerson(db: Sql, email: string, erasures: ErasureLog): Promise<number> {
  const key = contactKey(email)
  const deleted = await db.query<{ id: string; telephone: string }>(
    'DELETE FROM leads WHERE email = $1 RETURNING id, telephone',
    [key],
  )
  await erasures.record({
    reason: 'erasure',
    emails: [key],
    phones: deleted.map((lead) => lead.telephone),
    leadIds: deleted.map((lead) => lead.id),
  })
  // A lead that arrived in between keeps its contact row; erasing again removes both.
  await db.query(
    `DELETE FROM contacts AS c
     WHERE c.email = $1 AND NOT EXISTS (SELECT 1 FROM leads AS l WHERE l.email = c.email)`,
    [key],
  )
  return deleted.length
}

/**
 * The tables an erasure deletes rows from: the person's leads (email, phone, payload, address,
 * browser), their contact row, and the deliveries, calls and stage changes that went with the
 * leads (a delivery's last error may quote what the destination answered about the lead, an
 * advisor's note may name the person).
 */
export const erasedTables = [
  'leads',
  'contacts',
  'lead_deliveries',
  'lead_calls',
  'lead_status_changes',
] as const

/**
 * Makes what an erasure deleted unreadable in the embedded database's files. A deleted row stays
 * in its page, and its keys in the indexes, until the space is reused; a plain VACUUM only marks
 * it free. VACUUM FULL copies the live rows into new files, rebuilds the indexes and truncates the
 * old files at commit; the CHECKPOINT that follows removes them (and the journal of accepted leads
 * is emptied with it). The write-ahead log keeps the rows until PGlite recycles its segments.
 * Statements sent meanwhile (a lead arriving) wait their turn: PGlite runs one at a time.
 * On PostgreSQL nothing is rewritten: VACUUM FULL would stop every lead for its duration on a
 * server that may be shared, and its backups and WAL archive keep the rows anyway (docs/operations.md,
 * "Erasure").
 */
export async function eraseTraces(db: Database): Promise<void> {
  if (db.kind !== 'embedded') return
  await db.query(`VACUUM FULL ${erasedTables.join(', ')}`)
  await db.query('CHECKPOINT')
  // The journal of accepted leads must not hold the person any more either.
  await db.makeDurable?.()
}

/** What erasing a person deletes, named before it is done. */
export async function erasePreview(db: Sql, key: string): Promise<ErasePreview> {
  const leads = await db.query<{
    id: string
    received_at: Date
    nom: string
    prenom: string
    telephone: string
  }>(
    `SELECT id, received_at, payload ->> 'nom' AS nom, payload ->> 'prenom' AS prenom, telephone
     FROM leads WHERE email = $1 ORDER BY received_at, id`,
    [key],
  )
  const [counts] = await db.query<{ calls: number; delivered_to: string[] }>(
    `SELECT (SELECT count(*)::int FROM lead_calls AS c JOIN leads AS l ON l.id = c.lead_id
             WHERE l.email = $1) AS calls,
            ARRAY(SELECT DISTINCT d.destination FROM lead_deliveries AS d
                  JOIN leads AS l ON l.id = d.lead_id
                  WHERE l.email = $1 AND d.state = 'delivered' ORDER BY 1) AS delivered_to`,
    [key],
  )
  return {
    email: key,
    leads: leads.map((lead) => ({
      id: lead.id,
      receivedAt: lead.received_at.toISOString(),
      nom: lead.nom,
      prenom: lead.prenom,
      telephone: lead.telephone,
    })),
    calls: counts?.calls ?? 0,
    deliveredTo: (counts?.delivered_to ?? []).map(destinationLabel),
  }
}

/** The ids of a person's leads, by the normalised address, oldest first. */
export async function personLeadIds(db: Sql, key: string): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    'SELECT id FROM leads WHERE email = $1 ORDER BY received_at, id',
    [key],
  )
  return rows.map((row) => row.id)
}
