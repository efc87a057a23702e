/**
 * A lead's history as the back-office shows it: the calls recorded, the stages set, and the state
 * of its delivery to each destination, with the French names the broker reads.
 */
import type { Sql } from './database'
import type {
  CallEntry,
  DeliveryEntry,
  DeliveryState,
  DeliveryStatus,
  StageEntry,
} from '../../common/back-office/screens-api'
import type { LeadStatus, LossReason } from '../../common/pipeline/lead-stages'
import { leadStatusLabels, lossReasonLabels } from '../../common/pipeline/stage-copy'
import { callOutcomeLabels } from '../../common/calls/call-copy'
import type { CallOutcome } from '../../common/calls/call-rules'
import { undoMinutes } from './lead-calls'

/** The calls of a lead, newest first; `asker` may undo theirs for 10 minutes. */
export async function leadCalls(
  db: Sql,
  leadId: string,
  asker: { email: string; now: Date },
): Promise<CallEntry[]> {
  const rows = await db.query<{
    id: string
    at: Date
    outcome: CallOutcome
    admin_email: string
    recorded_at: Date
    rappel_le: Date | null
    note: string | null
    undone_at: Date | null
  }>(
    `SELECT id::text AS id, at, outcome, admin_email, recorded_at, rappel_le, note, undone_at
     FROM lead_calls WHERE lead_id = $1 ORDER BY at DESC, id DESC`,
    [leadId],
  )
  return rows.map((row) => {
    const until = new Date(row.recorded_at.getTime() + undoMinutes * 60_000)
    const undoable = !row.undone_at && row.admin_email === asker.email && until > asker.now
    return {
      id: row.id,
      at: row.at.toISOString(),
      outcome: row.outcome,
      outcomeLabel: callOutcomeLabels[row.outcome],
      by: row.admin_email,
      rappelLe: row.rappel_le?.toISOString() ?? null,
      note: row.note,
      undoneAt: row.undone_at?.toISOString() ?? null,
      undoableUntil: undoable ? until.toISOString() : null,
    }
  })
}

const destinationLabels: Record<string, string> = {
  webhook: 'Webhook (CRM)',
  email_courtier: 'Email au courtier',
  email_visiteur: 'Email de confirmation au visiteur',
  meta: 'Meta (API Conversions)',
  ntfy: 'Notification ntfy',
  push: 'Notifications des téléphones',
}

export const destinationLabel = (name: string) => destinationLabels[name] ?? name

const eventLabels: Record<string, string> = {
  lead: 'Demande',
  withdrawal: 'Retrait du consentement',
  escalation: 'Relance (non prise en charge)',
}

/** A delivery's event in French: a stage change (`status:<id>`) is named by its stage. */
function eventLabel(event: string, status: LeadStatus | null): string {
  if (event.startsWith('status:')) {
    return status ? `Étape «\u00a0${leadStatusLabels[status]}\u00a0»` : 'Changement d’étape'
  }
  return eventLabels[event] ?? event
}

/** The stage changes of a lead, newest first: the card's history. */
export async function leadStageChanges(db: Sql, leadId: string): Promise<StageEntry[]> {
  const rows = await db.query<{
    id: string
    at: Date
    status: LeadStatus
    previous_status: LeadStatus
    motif: LossReason | null
    note: string | null
    premium: number | null
    admin_email: string
  }>(
    `SELECT id::text AS id, at, status, previous_status, motif, note,
            annual_premium_eur::float8 AS premium, admin_email
     FROM lead_status_changes WHERE lead_id = $1 ORDER BY at DESC, id DESC`,
    [leadId],
  )
  return rows.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    status: row.status,
    statusLabel: leadStatusLabels[row.status],
    previousStatus: row.previous_status,
    motif: row.motif,
    motifLabel: row.motif ? lossReasonLabels[row.motif] : null,
    note: row.note,
    annualPremiumEur: row.premium,
    by: row.admin_email,
  }))
}

export const deliveryStateLabels: Record<DeliveryState, string> = {
  pending: 'En cours',
  delivered: 'Livrée',
  parked: 'En échec, mise de côté',
  cancelled: 'Annulée',
}

interface DeliveryRow {
  lead_id: string
  destination: string
  event: string
  state: DeliveryState
  attempts: number
  last_error: string | null
  created_at: Date
  done_at: Date | null
  /** The stage a `status:` delivery tells of. */
  stage: LeadStatus | null
}

function deliveryEntry(row: DeliveryRow): DeliveryEntry {
  return {
    leadId: row.lead_id,
    destination: row.destination,
    destinationLabel: destinationLabel(row.destination),
    event: row.event,
    eventLabel: eventLabel(row.event, row.stage),
    state: row.state,
    stateLabel: deliveryStateLabels[row.state],
    attempts: row.attempts,
    lastError: row.last_error,
    createdAt: row.created_at.toISOString(),
    doneAt: row.done_at?.toISOString() ?? null,
  }
}

const deliveryColumns = `d.lead_id, d.destination, d.event, d.state, d.attempts, d.last_error,
  d.created_at, d.done_at,
  (SELECT c.status FROM lead_status_changes AS c
   WHERE c.lead_id = d.lead_id AND d.event = 'status:' || c.id::text) AS stage`

export async function leadDeliveries(db: Sql, leadId: string): Promise<DeliveryEntry[]> {
  const rows = await db.query<DeliveryRow>(
    `SELECT ${deliveryColumns} FROM lead_deliveries AS d WHERE d.lead_id = $1
     ORDER BY d.created_at, d.destination, d.event`,
    [leadId],
  )
  return rows.map(deliveryEntry)
}

/** Deliveries not done yet (pending or parked), parked first, then oldest first, with who. */
export async function undoneDeliveryList(
  db: Sql,
): Promise<(DeliveryEntry & { nom: string; prenom: string })[]> {
  const rows = await db.query<DeliveryRow & { nom: string; prenom: string }>(
    `SELECT ${deliveryColumns}, l.payload ->> 'nom' AS nom, l.payload ->> 'prenom' AS prenom
     FROM lead_deliveries AS d JOIN leads AS l ON l.id = d.lead_id
     WHERE d.state IN ('pending', 'parked')
     ORDER BY d.state = 'parked' DESC, d.created_at, d.lead_id, d.destination, d.event
     LIMIT 500`,
  )
  return rows.map((row) => ({ ...deliveryEntry(row), nom: row.nom, prenom: row.prenom }))
}

/** A pending delivery older than this calls for the broker's attention. */
export const pendingAlertSeconds = 10 * 60

export function deliveryAlert(status: Omit<DeliveryStatus, 'alert'>): string | null {
  const parts: string[] = []
  if (status.parked > 0) {
    parts.push(
      status.parked === 1
        ? '1 livraison est en échec et mise de côté'
        : `${status.parked} livraisons sont en échec et mises de côté`,
    )
  }
  if (status.oldestPendingSeconds > pendingAlertSeconds) {
    parts.push(
      `la plus ancienne livraison en cours attend depuis ${Math.floor(status.oldestPendingSeconds / 60)} min`,
    )
  }
  if (parts.length === 0) return null
  const sentence = parts.join(', et ')
  return `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}.`
}
