/**
 * `POST /admin/api/leads/:id/status`: an advisor moves a lead to the next stage of the sale
 * (common/pipeline/lead-stages.ts), `perdu` with its reason, `signe` with the contract's yearly
 * premium when known, each with a free note. Every change is audited, kept in the lead's history
 * and queued for the destinations told of stages (the webhook, Meta with ad consent).
 *
 * Body: `{ "status", "motif"?, "note"?, "prime_annuelle"? }` (`prime_annuelle` in euros, a number).
 * Answers 201 with the card and its stages, 400 for bad input, 404 for an unknown lead, 409 when
 * the change makes no sense (the same stage, or back to `nouveau`), each with a French `error`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  isLeadStatus,
  isLossReason,
  type LeadStatus,
  type LossReason,
} from '../../common/pipeline/lead-stages'
import {
  maxAnnualPremiumEur,
  maxStageNoteLength,
  stageRefusals,
} from '../../common/pipeline/stage-copy'
import type { DeliveryPlan } from '../delivery/destinations'
import { destinationsForStage } from '../delivery/destinations'
import { leadIdPattern } from '../storage/lead-store'
import { leadStageChanges } from '../storage/lead-history'
import { changeLeadStatus, stageRequestOf } from '../storage/lead-status'
import { leadCards } from '../storage/leads-to-call'
import type { AdminScreensDeps } from './screens-api'

export const leadStatusPath = '/admin/api/leads/:id/status'

export type LeadStatusDeps = Pick<
  AdminScreensDeps,
  'db' | 'requireAdminApi' | 'requireSameOrigin' | 'audit' | 'wakeDeliveries' | 'now'
> & { deliveries: Pick<DeliveryPlan, 'stageChange' | 'adConsentOnly'> }

interface StageInput {
  status: LeadStatus
  motif: LossReason | null
  note: string | null
  annualPremiumEur: number | null
}

/** Text PostgreSQL cannot hold: U+0000 and half a surrogate pair. */
const unstorable = /[\0\p{Cs}]/u

/** The body checked, or the French reason it is refused. */
export function parseStageInput(body: unknown): StageInput | { error: string } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { error: stageRefusals.unknownStatus }
  }
  const { status, motif, note, prime_annuelle: premium } = body as Record<string, unknown>
  if (!isLeadStatus(status)) return { error: stageRefusals.unknownStatus }
  if (status === 'perdu' && !isLossReason(motif)) return { error: stageRefusals.motifNeeded }
  if (status !== 'perdu' && motif !== undefined && motif !== null) {
    return { error: stageRefusals.motifOnlyWhenLost }
  }
  let annualPremiumEur: number | null = null
  if (premium !== undefined && premium !== null) {
    if (status !== 'signe') return { error: stageRefusals.premiumOnlyWhenSigned }
    if (
      typeof premium !== 'number' ||
      !Number.isFinite(premium) ||
      premium <= 0 ||
      premium > maxAnnualPremiumEur
    ) {
      return { error: stageRefusals.badPremium }
    }
    // Cents: what the column keeps, and what an invoice shows.
    annualPremiumEur = Math.round(premium * 100) / 100
    if (annualPremiumEur <= 0) return { error: stageRefusals.badPremium }
  }
  if (
    note !== undefined &&
    note !== null &&
    (typeof note !== 'string' || note.length > maxStageNoteLength || unstorable.test(note))
  ) {
    return { error: stageRefusals.badNote }
  }
  return {
    status,
    motif: status === 'perdu' ? (motif as LossReason) : null,
    note: typeof note === 'string' && note.trim() !== '' ? note.trim() : null,
    annualPremiumEur,
  }
}

function leadIdOf(request: FastifyRequest): string | undefined {
  const { id } = request.params as { id?: string }
  const lowered = id?.toLowerCase()
  return lowered && leadIdPattern.test(lowered) ? lowered : undefined
}

/** Registers the route in a scope of its own, whose error handler answers in French. */
export function registerLeadStatusApi(scope: FastifyInstance, deps: LeadStatusDeps): void {
  void scope.register(async (app) => {
    statusRoute(app, deps)
    app.setErrorHandler((error, request, reply) => {
      const status = (error as { statusCode?: number }).statusCode ?? 500
      if (status < 500) return reply.code(status).send({ error: 'Corps de requête JSON attendu.' })
      request.log.error({ err: error }, 'admin request failed')
      return reply.code(500).send({ error: 'Erreur interne\u00a0: réessayez dans un instant.' })
    })
  })
}

function statusRoute(app: FastifyInstance, deps: LeadStatusDeps): void {
  const { db } = deps
  const now = deps.now ?? (() => new Date())
  const notFound = { error: 'Cette demande n’existe pas ou a été effacée.' }

  app.post(
    leadStatusPath,
    { preHandler: [deps.requireAdminApi, deps.requireSameOrigin] },
    async (request, reply) => {
      const user = request.adminUser
      if (!user) throw new Error('admin route reached without an admin session')
      const input = parseStageInput(request.body)
      if ('error' in input) return reply.code(400).send({ error: input.error })
      const id = leadIdOf(request)
      if (!id) return reply.code(404).send(notFound)
      const at = now()
      const result = await db.transaction(async (tx) => {
        // The person's stage is kept on one of its requests: a new request leaves it there.
        const leadId = await stageRequestOf(tx, id)
        if (!leadId) return { outcome: 'not_found' } as const
        const change = await changeLeadStatus(
          tx,
          { leadId, ...input, by: user.email, at },
          (status, adConsent) => destinationsForStage(deps.deliveries, status, adConsent),
        )
        if (change.outcome === 'changed') {
          // No note in the audit: it may name the person, and the audit outlives an erasure.
          await deps.audit(tx, user, 'demande.etape_changee', {
            lead: leadId,
            etape: input.status,
            precedente: change.previousStatus,
            motif: input.motif,
            prime_annuelle: input.annualPremiumEur,
          })
        }
        return change
      })
      if (result.outcome === 'not_found') return reply.code(404).send(notFound)
      if (result.outcome === 'refused') {
        const error =
          result.reason === 'same' ? stageRefusals.same(result.status) : stageRefusals.backToNew
        return reply.code(409).send({ error, reason: result.reason })
      }
      deps.wakeDeliveries?.()
      const [lead] = await leadCards(db, [id], now())
      // The stages of each of the person's requests, as the card shows them.
      const ids = lead?.requests.map((request) => request.id) ?? [id]
      const stages = (await Promise.all(ids.map((leadId) => leadStageChanges(db, leadId)))).flat()
      stages.sort((a, b) => Date.parse(b.at) - Date.parse(a.at))
      return reply.code(201).send({ lead, stages })
    },
  )
}
