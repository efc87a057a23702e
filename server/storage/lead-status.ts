/**
 * A lead's stage (`leads.status`) and its changes (`lead_status_changes`): each change is written
 * with the lead's new status and one outbox delivery per destination told of it (event
 * `status:<change id>`), in the caller's transaction, so that none is lost or sent twice.
 * Read back by lead-history.ts (the card) and export-csv.ts.
 */
import type { LeadStatus, LossReason } from '../../common/pipeline/lead-stages'
import type { Sql } from './database'
import {
  personRequestColumns,
  personsOf,
  primaryRequest,
  stageHolder,
  type PersonRequestFacts,
} from './persons'

export interface StageChangeRequest {
  leadId: string
  status: LeadStatus
  motif: LossReason | null
  note: string | null
  annualPremiumEur: number | null
  by: string
  at: Date
}

export type StageChangeResult =
  | { outcome: 'changed'; changeId: string; previousStatus: LeadStatus }
  | { outcome: 'not_found' }
  /** `same`: the lead is at that stage already; `back_to_new`: `nouveau` is where leads start. */
  | { outcome: 'refused'; reason: 'same' | 'back_to_new'; status: LeadStatus }

/**
 * The request a stage change of `leadId`'s person is written on, whichever of its requests is
 * named: the one holding the person's stage (persons.ts `stageHolder`), else the person's primary
 * request, the card's. Undefined for an unknown lead.
 */
export async function stageRequestOf(db: Sql, leadId: string): Promise<string | undefined> {
  const [seed] = await db.query<PersonRequestFacts>(
    `SELECT ${personRequestColumns} FROM leads WHERE id = $1`,
    [leadId],
  )
  if (!seed) return undefined
  const requests = (await personsOf(db, [seed])).get(seed.id) ?? [seed]
  const staged = new Map(
    (
      await db.query<{ id: string; status_changed_at: Date }>(
        `SELECT id, status_changed_at FROM leads
         WHERE id = ANY($1::uuid[]) AND status_changed_at IS NOT NULL`,
        [requests.map((request) => request.id)],
      )
    ).map((row) => [row.id, row]),
  )
  const holder = stageHolder(requests.flatMap((request) => staged.get(request.id) ?? []))
  return holder?.id ?? primaryRequest(requests).id
}

export async function changeLeadStatus(
  tx: Sql,
  change: StageChangeRequest,
  /** The destinations told of this change, given whether the lead carried ad consent. */
  notify: (status: LeadStatus, adConsent: boolean) => readonly string[],
): Promise<StageChangeResult> {
  // The lead first, then its deliveries: the order a withdrawal of consent locks them in.
  const [lead] = await tx.query<{ status: LeadStatus; consentement_publicite: boolean }>(
    'SELECT status, consentement_publicite FROM leads WHERE id = $1 FOR UPDATE',
    [change.leadId],
  )
  if (!lead) return { outcome: 'not_found' }
  if (lead.status === change.status) {
    return { outcome: 'refused', reason: 'same', status: lead.status }
  }
  if (change.status === 'nouveau') {
    return { outcome: 'refused', reason: 'back_to_new', status: lead.status }
  }
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO lead_status_changes
       (lead_id, at, status, previous_status, motif, note, annual_premium_eur, admin_email)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     RETURNING id::text AS id`,
    [
      change.leadId,
      change.at,
      change.status,
      lead.status,
      change.motif,
      change.note,
      change.annualPremiumEur,
      change.by,
    ],
  )
  if (!row) throw new Error('the stage change was not stored')
  await tx.query('UPDATE leads SET status = $2, status_changed_at = $3 WHERE id = $1', [
    change.leadId,
    change.status,
    change.at,
  ])
  const destinations = notify(change.status, lead.consentement_publicite)
  if (destinations.length > 0) {
    await tx.query(
      `INSERT INTO lead_deliveries (lead_id, destination, event)
       SELECT $1, unnest($2::text[]), $3 ON CONFLICT DO NOTHING`,
      [change.leadId, destinations, `status:${row.id}`],
    )
  }
  return { outcome: 'changed', changeId: row.id, previousStatus: lead.status }
}
