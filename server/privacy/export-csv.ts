/**
 * The stored leads as CSV, one line each, oldest first: what the broker hands to an advisor or
 * gives a person asking for their data (GDPR art. 15), with where each stands in the sale.
 */
import {
  originKeys,
  simulationKeys,
  type OriginKey,
  type LeadPayload,
} from '../../common/lead/lead-contract'
import type { LeadStatus, LossReason } from '../../common/pipeline/lead-stages'
import type { Sql } from '../storage/database'
import type { LeadRow } from '../storage/lead-row'

const columns = [
  'id',
  'received_at',
  'last_interaction_at',
  'delivered_at',
  'nom',
  'prenom',
  'email',
  'telephone',
  'source',
  'page_url',
  'timestamp',
  'consentement_texte',
  'consentement_publicite',
  'client_ip',
  'user_agent',
  'rappel_prefere',
  ...simulationKeys,
  ...originKeys,
  'consentement_retire_le',
  'statut',
  'statut_modifie_le',
  'motif_perte',
  'prime_annuelle',
  'note_statut',
  'historique_statuts',
] as const

/** A stage change as the export's query returns it (JSON). */
interface ExportedStage {
  at: string
  status: LeadStatus
  motif: LossReason | null
  note: string | null
  prime: number | null
  par: string
}

/** The export's columns of a lead, with the person's last interaction (from `contacts`). */
type ExportRow = Omit<
  LeadRow,
  'email' | 'telephone' | 'withdrawal_to_confirm_at' | 'fbp' | 'fbc'
> & {
  last_interaction_at: Date
  status: LeadStatus
  status_changed_at: Date | null
  /** Oldest first; `null` for a lead never moved. */
  stages: ExportedStage[] | null
}

/**
 * The stage columns: where the lead stands, the reason it was lost, the premium signed, the last
 * change's note, and every change on one line (`date étape (motif) prime € par advisor : note`).
 */
function stageCells(row: ExportRow) {
  const stages = row.stages ?? []
  const last = stages.at(-1)
  const signed = stages.findLast((stage) => stage.status === 'signe')
  const premium = (value: number | null) => (value === null ? '' : value.toFixed(2))
  return {
    statut: row.status,
    statut_modifie_le: row.status_changed_at?.toISOString() ?? '',
    motif_perte: row.status === 'perdu' ? (last?.motif ?? '') : '',
    prime_annuelle: row.status === 'signe' ? premium(signed?.prime ?? null) : '',
    note_statut: last?.note ?? '',
    historique_statuts: stages
      .map((stage) =>
        [
          new Date(stage.at).toISOString(),
          stage.status,
          stage.motif && `(${stage.motif})`,
          stage.prime !== null && `${premium(stage.prime)} EUR`,
          `par ${stage.par}`,
          stage.note && `: ${stage.note}`,
        ]
          .filter(Boolean)
          .join(' '),
      )
      .join(' | '),
  }
}

/**
 * Visitors type these values and the file is meant to be opened in a spreadsheet, which may split
 * lines on `,`, `;` or tab whatever the file says. Every cell is quoted, and wherever a piece of
 * text a spreadsheet could take for a cell starts like a formula (at the cell's start or after
 * one of those separators or a line break, quotes and spaces allowed in between) an apostrophe
 * goes before it:
 * spreadsheets show such text as it is, and phone numbers or names without those starts are left
 * untouched.
 */
const formulaStart = /(^|[,;\t\r\n])(?=["\s]*[=+\-@\t\r])/g

export function csvCell(value: string): string {
  return `"${value.replace(formulaStart, "$1'").replaceAll('"', '""')}"`
}

/** The estimate's figures, empty cells for a lead sent without one. */
function simulationCells(payload: LeadPayload): Record<(typeof simulationKeys)[number], string> {
  const { simulation } = payload
  return Object.fromEntries(
    simulationKeys.map((key) => [key, simulation ? String(simulation[key] ?? '') : '']),
  ) as Record<(typeof simulationKeys)[number], string>
}

/** Where the lead came from, from its own columns; empty cells for what the ad link lacked. */
function originCells(row: Record<OriginKey, string | null>): Record<OriginKey, string> {
  return Object.fromEntries(originKeys.map((key) => [key, row[key] ?? ''])) as Record<
    OriginKey,
    string
  >
}

/** Rows read per query: small enough that a request waiting for the database waits little. */
export const exportBatchSize = 250

/** Which leads an export holds: all of them, one person's, or a list the back-office chose. */
export interface ExportFilter {
  email?: string | undefined
  /** Ids in export order (oldest first); batches are taken from it, never the whole list at once. */
  ids?: readonly string[] | undefined
}

/**
 * The CSV in pieces, the header first, then one piece per batch of leads read in `(received_at,
 * id)` order from where the last batch ended. A large export never builds the whole file in
 * memory, and never holds the embedded database (one statement at a time) for more than a batch.
 */
export async function* leadsCsvChunks(db: Sql, filter: ExportFilter = {}): AsyncGenerator<string> {
  yield `${columns.map(csvCell).join(',')}\r\n`
  let after: { receivedAt: string; id: string } | undefined
  for (let batch = 0; ; batch += 1) {
    const ids = filter.ids?.slice(batch * exportBatchSize, (batch + 1) * exportBatchSize)
    if (ids?.length === 0) return
    const rows = await db.query<ExportRow & { cursor: string }>(
      `SELECT id, received_at, received_at::text AS cursor, c.last_interaction_at, delivered_at,
              consent_withdrawn_at, payload, consent_text, consentement_publicite, client_ip,
              user_agent, ${originKeys.join(', ')}, l.status, l.status_changed_at,
              (SELECT json_agg(json_build_object('at', s.at, 'status', s.status, 'motif', s.motif,
                        'note', s.note, 'prime', s.annual_premium_eur::float8, 'par', s.admin_email)
                      ORDER BY s.at, s.id)
               FROM lead_status_changes AS s WHERE s.lead_id = l.id) AS stages
       FROM leads AS l JOIN contacts AS c ON c.email = l.email
       WHERE ($1::text IS NULL OR l.email = lower(trim($1::text)))
         AND ($2::timestamptz IS NULL OR (received_at, id) > ($2::timestamptz, $3::uuid))
         AND ($5::uuid[] IS NULL OR id = ANY($5::uuid[]))
       ORDER BY received_at, id
       LIMIT $4`,
      [
        filter.email ?? null,
        ids ? null : (after?.receivedAt ?? null),
        ids ? null : (after?.id ?? null),
        exportBatchSize,
        ids ?? null,
      ],
    )
    if (rows.length > 0) yield rows.map((row) => `${csvLine(row)}\r\n`).join('')
    const last = rows.at(-1)
    // A listed lead may have been erased meanwhile: a short batch of a list is not its end.
    if (!ids && (!last || rows.length < exportBatchSize)) return
    if (last) after = { receivedAt: last.cursor, id: last.id }
    // Lets the requests that arrived meanwhile (a health check, a lead) reach the database first.
    await new Promise((resolve) => setImmediate(resolve))
  }
}

/** The whole CSV as one string: for small exports and tests. */
export async function exportLeadsCsv(db: Sql, filter: ExportFilter = {}): Promise<string> {
  let csv = ''
  for await (const chunk of leadsCsvChunks(db, filter)) csv += chunk
  return csv
}

function csvLine(row: ExportRow): string {
  const values: Record<(typeof columns)[number], string> = {
    id: row.id,
    received_at: row.received_at.toISOString(),
    last_interaction_at: row.last_interaction_at.toISOString(),
    delivered_at: row.delivered_at?.toISOString() ?? '',
    nom: row.payload.nom,
    prenom: row.payload.prenom,
    email: row.payload.email,
    telephone: row.payload.telephone,
    source: row.payload.source,
    page_url: row.payload.page_url,
    timestamp: row.payload.timestamp,
    consentement_texte: row.consent_text,
    consentement_publicite: row.consentement_publicite ? 'oui' : 'non',
    client_ip: row.client_ip,
    user_agent: row.user_agent,
    rappel_prefere: row.payload.rappel_prefere ?? '',
    ...simulationCells(row.payload),
    ...originCells(row),
    // An advisor calling from this file must see who asked not to be called any more.
    consentement_retire_le: row.consent_withdrawn_at?.toISOString() ?? '',
    ...stageCells(row),
  }
  return columns.map((column) => csvCell(values[column])).join(',')
}
