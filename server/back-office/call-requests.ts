/**
 * Recording a call as it happened, undoing it, and reprogramming the next one: what the routes
 * `POST /admin/api/leads/:id/calls`, `DELETE /admin/api/leads/:id/calls/:callId` and
 * `POST /admin/api/leads/:id/plan` do, inside the caller's transaction. The law's and the rules'
 * refusals are answered in French (409), the same words the card shows before a tap.
 */
import {
  callOutcomes,
  refusalOf,
  requestDeadline,
  type CallOutcome,
} from '../../common/calls/call-rules'
import { callTimeRefusal, isInWindow } from '../../common/calls/call-planner'
import { frenchDateTime, outsideHoursText, refusalText } from '../../common/calls/call-copy'
import {
  lockCallRecording,
  recordCall,
  reprogramCall,
  undoCall,
  undoMinutes,
} from '../storage/lead-calls'
import { planOf } from '../storage/leads-to-call'
import type { Sql } from '../storage/database'

const minuteMs = 60_000
/** A clock a little ahead of the server's is not a call in the future. */
const clockSkewMs = minuteMs
/** Two calls to one person closer than this are one call recorded twice (four taps in a minute). */
export const minCallGapMinutes = 5
export const maxNoteLength = 1000

/** Text PostgreSQL cannot hold: U+0000 and half a surrogate pair. */
const unstorable = /[\0\p{Cs}]/u

const parisDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' })

export interface CallRequest {
  outcome: CallOutcome
  at: Date
  rappelLe: Date | null
  note: string | null
}

function moment(value: unknown): Date | undefined {
  if (typeof value !== 'string' || value.length > 40) return undefined
  const at = new Date(value)
  return Number.isNaN(at.getTime()) ? undefined : at
}

/** The request's body checked (a French message when it is not usable: a 400). */
export function parseCallRequest(
  body: Record<string, unknown>,
  now: Date,
): CallRequest | { invalid: string } {
  const { outcome, at, rappel_le: rappelLe, note } = body
  if (typeof outcome !== 'string' || !(callOutcomes as readonly string[]).includes(outcome)) {
    return { invalid: 'Résultat d’appel inconnu.' }
  }
  let when = now
  if (at !== undefined) {
    const parsed = moment(at)
    if (!parsed) return { invalid: 'Heure de l’appel invalide.' }
    if (parsed.getTime() > now.getTime() + clockSkewMs) {
      return { invalid: 'L’heure de l’appel ne peut pas être dans le futur.' }
    }
    if (parisDay.format(parsed) !== parisDay.format(now)) {
      return { invalid: 'L’heure de l’appel doit être aujourd’hui (heure de Paris).' }
    }
    when = parsed > now ? now : parsed
  }
  let agreed: Date | null = null
  if (outcome === 'rappeler') {
    agreed = moment(rappelLe) ?? null
    if (!agreed) return { invalid: 'Date et heure du rappel convenu attendues.' }
    if (agreed <= when) return { invalid: 'Le rappel convenu doit être après l’appel.' }
  } else if (rappelLe !== undefined && rappelLe !== null) {
    return { invalid: 'Une date de rappel ne va qu’avec «\u00a0À rappeler\u00a0».' }
  }
  if (note !== undefined && note !== null) {
    if (typeof note !== 'string' || note.length > maxNoteLength || unstorable.test(note)) {
      return { invalid: `Note invalide (${maxNoteLength} caractères au plus).` }
    }
  }
  const text = typeof note === 'string' && note.trim() ? note.trim() : null
  return { outcome: outcome as CallOutcome, at: when, rappelLe: agreed, note: text }
}

export type Refusal = { refused: string; reason: string }

/** The call to the same person recorded closest to `at`, within `minCallGapMinutes`. */
async function nearbyCall(tx: Sql, leadId: string, at: Date): Promise<Date | undefined> {
  const [row] = await tx.query<{ at: Date }>(
    `SELECT c.at FROM lead_calls AS c JOIN leads AS o ON o.id = c.lead_id
     JOIN leads AS l ON l.id = $1 AND (o.email = l.email OR o.telephone = l.telephone)
     WHERE c.undone_at IS NULL AND c.outcome <> 'ne_plus_appeler'
       AND c.at > $2::timestamptz - $3 * interval '1 minute'
       AND c.at < $2::timestamptz + $3 * interval '1 minute'
     ORDER BY abs(extract(epoch FROM c.at - $2::timestamptz)) LIMIT 1`,
    [leadId, at, minCallGapMinutes],
  )
  return row?.at
}

/**
 * Records the call if the law and the rules allow it at its time; resolves with its id, the
 * refusal, or `undefined` when the lead does not exist.
 */
export async function recordCallRequest(
  tx: Sql,
  leadId: string,
  request: CallRequest,
  { by, now }: { by: string; now: Date },
): Promise<{ id: string } | Refusal | undefined> {
  await lockCallRecording(tx)
  const plan = await planOf(tx, leadId, request.at)
  if (!plan) return undefined
  const { standing } = plan
  const refusal = refusalOf(standing, request.outcome)
  if (refusal) return { refused: refusalText(request.outcome, refusal, standing), reason: refusal }
  // "Ne plus appeler" may come by any way (an email, a letter), at any time; a call may not.
  if (request.outcome !== 'ne_plus_appeler') {
    if (callTimeRefusal(request.at, plan.agreedAt)) {
      return { refused: outsideHoursText, reason: 'hors_horaires' }
    }
    const near = await nearbyCall(tx, leadId, request.at)
    if (near) {
      return {
        refused: `Un appel à cette personne est déjà enregistré le ${frenchDateTime(near)}\u00a0: deux appels à moins de ${minCallGapMinutes}\u00a0minutes d’écart sont un seul appel enregistré deux fois. Annulez le premier s’il est faux.`,
        reason: 'doublon',
      }
    }
  }
  if (request.rappelLe && request.rappelLe > requestDeadline(await receivedAt(tx, leadId))) {
    return {
      refused: `Rappel refusé\u00a0: au-delà des 30 jours de la demande (${frenchDateTime(plan.callBefore)} au plus tard), l’appel ne serait plus sollicité (Code des assurances, art. R112-7).`,
      reason: 'delai_depasse',
    }
  }
  const id = await recordCall(tx, {
    leadId,
    at: request.at,
    outcome: request.outcome,
    by,
    recordedAt: now,
    rappelLe: request.rappelLe,
    note: request.note,
  })
  return { id }
}

async function receivedAt(tx: Sql, leadId: string): Promise<Date> {
  const [row] = await tx.query<{ received_at: Date }>(
    'SELECT received_at FROM leads WHERE id = $1',
    [leadId],
  )
  if (!row) throw new Error('lead vanished inside its transaction')
  return row.received_at
}

/** Undoes a call; the French refusal names why not (403 another's, 409 too late). */
export async function undoCallRequest(
  tx: Sql,
  leadId: string,
  callId: string,
  asker: { by: string; now: Date },
): Promise<
  { undone: { outcome: CallOutcome; at: Date } } | { status: 403 | 404 | 409; error: string }
> {
  if (!/^[1-9]\d{0,17}$/.test(callId)) {
    return { status: 404, error: 'Cet appel n’existe pas ou est déjà annulé.' }
  }
  const result = await undoCall(tx, leadId, callId, asker)
  switch (result.outcome) {
    case 'undone':
      return { undone: result.call }
    case 'not_found':
      return { status: 404, error: 'Cet appel n’existe pas ou est déjà annulé.' }
    case 'not_author':
      return {
        status: 403,
        error: `Seul ${result.by}, qui a enregistré cet appel, peut l’annuler.`,
      }
    case 'too_late':
      return {
        status: 409,
        error: `Annulation impossible\u00a0: un appel s’annule dans les ${undoMinutes}\u00a0minutes qui suivent son enregistrement (enregistré le ${frenchDateTime(result.recordedAt)}).`,
      }
  }
}

/** The advisor's "Reprogrammer": a moment inside the legal hours, before the 30 days end. */
export async function reprogramRequest(
  tx: Sql,
  leadId: string,
  value: unknown,
  { by, now }: { by: string; now: Date },
): Promise<{ planned: Date } | Refusal | { invalid: string } | undefined> {
  const plannedFor = moment(value)
  if (!plannedFor) return { invalid: 'Date et heure du prochain appel attendues.' }
  if (plannedFor <= now) return { invalid: 'Le prochain appel doit être dans le futur.' }
  const plan = await planOf(tx, leadId, now)
  if (!plan) return undefined
  const { standing } = plan
  if (standing.state === 'clos' && standing.reason) {
    return {
      refused: refusalText('pas_de_reponse', standing.reason, standing),
      reason: standing.reason,
    }
  }
  if (!isInWindow(plannedFor)) return { refused: outsideHoursText, reason: 'hors_horaires' }
  if (plannedFor >= plan.callBefore) {
    return {
      refused: `Date refusée\u00a0: après le ${frenchDateTime(plan.callBefore)}, fin des 30 jours de la demande (Code des assurances, art. R112-7).`,
      reason: 'delai_depasse',
    }
  }
  await reprogramCall(tx, { leadId, at: now, plannedFor, by })
  return { planned: plannedFor }
}
