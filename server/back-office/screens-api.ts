/**
 * The back-office screens' JSON API under `/admin/api/`: the leads to call and their calls, the
 * deliveries and their replay, the funnel, and the data rights (export, erasure). Every route
 * needs a session; every action that changes something, exports or looks a person up is audited.
 * Everything typed by the broker reaches the database as a query parameter, never as SQL.
 */
import { Readable } from 'node:stream'
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
} from 'fastify'
import type { ErasureLog } from '../backup/erasure-log'
import { replayDeliveries, deliveryBacklog } from '../delivery/deliveries'
import { erasePerson, erasePreview, eraseTraces, personLeadIds } from '../privacy/erase-person'
import { leadsCsvChunks } from '../privacy/export-csv'
import type { Database, Sql } from '../storage/database'
import { parisDay } from '../storage/funnel-counts'
import { contactKey, leadIdPattern } from '../storage/lead-store'
import type { AdminUser } from '../accounts/admin-sessions'
import { callingHoursText } from '../../common/calls/call-copy'
import { callStates, type CallState } from '../../common/calls/call-rules'
import { isWithinCallingHours } from '../../common/calls/calling-hours'
import {
  parseCallRequest,
  recordCallRequest,
  reprogramRequest,
  undoCallRequest,
} from './call-requests'
import { funnelReport } from './funnel-report'
import { claimCopy } from '../../common/back-office/claim-copy'
import { claimLead } from '../storage/lead-claims'
import { funnelPeriods, type FunnelPeriod } from '../../common/back-office/screens-api'
import {
  deliveryAlert,
  leadCalls,
  leadDeliveries,
  leadStageChanges,
  undoneDeliveryList,
} from '../storage/lead-history'
import {
  filteredLeadIds,
  findLeads,
  isFiltered,
  leadCampaigns,
  leadCards,
} from '../storage/leads-to-call'
import { type LeadFilter, type LeadOrder } from '../../common/back-office/screens-api'

/** What the screens' routes get to work with. */
export interface AdminScreensDeps {
  db: Database
  /** Tells the delivery worker that deliveries are due now (after a replay). */
  wakeDeliveries?: () => void
  /** Where erasures are recorded, for restores to re-apply (BACKUP_DIR/erasures.jsonl). */
  erasures: ErasureLog
  /** Already applied to every route of the scope; for a route registered elsewhere. */
  requireAdminApi: preHandlerAsyncHookHandler
  /** Already applied to every state-changing request of the scope; likewise. */
  requireSameOrigin: preHandlerAsyncHookHandler
  /** Writes one audit row, inside the caller's transaction when given one. */
  audit: (
    db: Sql,
    user: AdminUser,
    action: AuditAction,
    details?: Record<string, unknown>,
  ) => Promise<void>
  /** The clock the call rules read (tests move it); the real one when absent. */
  now?: () => Date
}

export type AuditAction =
  | 'appel.enregistre'
  | 'appel.annule'
  | 'appel.reprogramme'
  | 'demande.prise_en_charge'
  | 'demande.etape_changee'
  | 'livraison.relancee'
  | 'demandes.exportees'
  | 'personne.consultee'
  | 'personne.effacee'
  | 'notifications.activees'
  | 'notifications.desactivees'

export const adminApiPath = '/admin/api'
export const leadsPageSize = 25

/** Text PostgreSQL cannot hold: U+0000 and half a surrogate pair. */
const unstorable = /[\0\p{Cs}]/u

class BadRequest extends Error {}

type Query = Record<string, string | string[] | undefined>

function text(query: Query, name: string, maxLength = 200): string | undefined {
  const value = query[name]
  if (value === undefined) return undefined
  if (typeof value !== 'string' || value.length > maxLength || unstorable.test(value)) {
    throw new BadRequest(`Paramètre «\u00a0${name}\u00a0» invalide.`)
  }
  return value
}

function oneOf<T extends string>(query: Query, name: string, values: readonly T[]): T | undefined {
  const value = text(query, name)
  if (value === undefined || value === '') return undefined
  if (!(values as readonly string[]).includes(value)) {
    throw new BadRequest(`Paramètre «\u00a0${name}\u00a0» invalide.`)
  }
  return value as T
}

function leadFilter(query: Query): LeadFilter {
  return {
    search: text(query, 'q'),
    campaign: text(query, 'campagne', 500),
    state: oneOf<CallState>(query, 'etat', callStates),
    dueNow: oneOf(query, 'maintenant', ['1'] as const) === '1',
  }
}

function email(value: unknown): string {
  if (
    typeof value !== 'string' ||
    !value.includes('@') ||
    value.length > 320 ||
    unstorable.test(value)
  ) {
    throw new BadRequest('Adresse email invalide.')
  }
  return contactKey(value)
}

function body(request: FastifyRequest): Record<string, unknown> {
  const value = request.body
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new BadRequest('Corps de requête JSON attendu.')
  }
  return value as Record<string, unknown>
}

function userOf(request: FastifyRequest): AdminUser {
  // requireAdminApi runs first on every route; a route reached without it is a wiring mistake.
  if (!request.adminUser) throw new Error('admin route reached without an admin session')
  return request.adminUser
}

function leadIdOf(request: FastifyRequest): string | undefined {
  const { id } = request.params as { id?: string }
  const lowered = id?.toLowerCase()
  return lowered && leadIdPattern.test(lowered) ? lowered : undefined
}

const notFound = (reply: FastifyReply) =>
  reply.code(404).send({ error: 'Cette demande n’existe pas ou a été effacée.' })

/** Registers the routes in a scope of their own, whose error handler answers in French. */
export function registerAdminScreensApi(scope: FastifyInstance, deps: AdminScreensDeps): void {
  void scope.register(async (app) => screensRoutes(app, deps))
}

function screensRoutes(app: FastifyInstance, deps: AdminScreensDeps): void {
  const { db } = deps
  const now = deps.now ?? (() => new Date())
  const read = { preHandler: [deps.requireAdminApi] }
  const write = { preHandler: [deps.requireAdminApi, deps.requireSameOrigin] }

  app.get(`${adminApiPath}/leads`, read, async (request) => {
    const query = request.query as Query
    const pageText = text(query, 'page', 6) ?? '1'
    if (!/^[1-9]\d{0,5}$/.test(pageText))
      throw new BadRequest('Paramètre «\u00a0page\u00a0» invalide.')
    const order: LeadOrder = oneOf(query, 'tri', ['urgence', 'recents'] as const) ?? 'urgence'
    const at = now()
    const page = await findLeads(
      db,
      leadFilter(query),
      { order, page: Number(pageText), pageSize: leadsPageSize },
      at,
    )
    return {
      ...page,
      page: Number(pageText),
      pageSize: leadsPageSize,
      campaigns: await leadCampaigns(db),
      callingHours: { open: isWithinCallingHours(at), text: callingHoursText },
    }
  })

  app.get(`${adminApiPath}/leads/:id`, read, async (request, reply) => {
    const id = leadIdOf(request)
    const [lead] = id ? await leadCards(db, [id], now()) : []
    if (!id || !lead) return notFound(reply)
    // The person's card: the calls, stages and deliveries of each of its requests.
    const asker = { email: userOf(request).email, now: now() }
    const ids = lead.requests.map((request) => request.id)
    const calls = (await Promise.all(ids.map((leadId) => leadCalls(db, leadId, asker)))).flat()
    const stages = (await Promise.all(ids.map((leadId) => leadStageChanges(db, leadId)))).flat()
    const deliveries = (await Promise.all(ids.map((leadId) => leadDeliveries(db, leadId)))).flat()
    calls.sort((a, b) => Date.parse(b.at) - Date.parse(a.at))
    stages.sort((a, b) => Date.parse(b.at) - Date.parse(a.at))
    return { lead, calls, stages, deliveries }
  })

  // A call as it happened: its outcome, its time (today, not ahead), an agreed callback, a note.
  app.post(`${adminApiPath}/leads/:id/calls`, write, async (request, reply) => {
    const user = userOf(request)
    const id = leadIdOf(request)
    const at = now()
    const call = parseCallRequest(body(request), at)
    if ('invalid' in call) throw new BadRequest(call.invalid)
    if (!id) return notFound(reply)
    const result = await db.transaction(async (tx) => {
      const recorded = await recordCallRequest(tx, id, call, { by: user.email, now: at })
      if (recorded && 'id' in recorded) {
        await deps.audit(tx, user, 'appel.enregistre', {
          lead: id,
          appel: recorded.id,
          resultat: call.outcome,
          heure: call.at.toISOString(),
          ...(call.rappelLe ? { rappel_le: call.rappelLe.toISOString() } : {}),
        })
      }
      return recorded
    })
    if (!result) return notFound(reply)
    if ('refused' in result) {
      return reply.code(409).send({ error: result.refused, reason: result.reason })
    }
    const [lead] = await leadCards(db, [id], now())
    return reply.code(201).send({ lead, call: { id: result.id } })
  })

  // Its author undoes a call within 10 minutes: it stays in the history, counted nowhere.
  app.delete(`${adminApiPath}/leads/:id/calls/:callId`, write, async (request, reply) => {
    const user = userOf(request)
    const id = leadIdOf(request)
    const { callId } = request.params as { callId: string }
    if (!id) return notFound(reply)
    const at = now()
    const result = await db.transaction(async (tx) => {
      const undone = await undoCallRequest(tx, id, callId, { by: user.email, now: at })
      if ('undone' in undone) {
        await deps.audit(tx, user, 'appel.annule', {
          lead: id,
          appel: callId,
          resultat: undone.undone.outcome,
          heure: undone.undone.at.toISOString(),
        })
      }
      return undone
    })
    if ('status' in result) return reply.code(result.status).send({ error: result.error })
    const [lead] = await leadCards(db, [id], now())
    return { lead }
  })

  // "Reprogrammer": the advisor's moment replaces the planner's proposal.
  app.post(`${adminApiPath}/leads/:id/plan`, write, async (request, reply) => {
    const user = userOf(request)
    const id = leadIdOf(request)
    const value = body(request).le
    if (!id) return notFound(reply)
    const at = now()
    const result = await db.transaction(async (tx) => {
      const planned = await reprogramRequest(tx, id, value, { by: user.email, now: at })
      if (planned && 'planned' in planned) {
        await deps.audit(tx, user, 'appel.reprogramme', {
          lead: id,
          le: planned.planned.toISOString(),
        })
      }
      return planned
    })
    if (!result) return notFound(reply)
    if ('invalid' in result) throw new BadRequest(result.invalid)
    if ('refused' in result) {
      return reply.code(409).send({ error: result.refused, reason: result.reason })
    }
    const [lead] = await leadCards(db, [id], now())
    return reply.code(201).send({ lead })
  })

  // "Je m'en occupe": the first advisor keeps the lead; every advisor's card then says who.
  app.post(`${adminApiPath}/leads/:id/claim`, write, async (request, reply) => {
    const user = userOf(request)
    const id = leadIdOf(request)
    if (!id) return notFound(reply)
    const at = now()
    const result = await db.transaction(async (tx) => {
      const claim = await claimLead(tx, id, { by: user.email, at })
      if (claim.outcome === 'claimed') {
        await deps.audit(tx, user, 'demande.prise_en_charge', { lead: id })
      }
      return claim
    })
    if (result.outcome === 'not_found') return notFound(reply)
    if (result.outcome === 'taken') {
      return reply.code(409).send({
        error: claimCopy.taken(result.by, result.at, at),
        claimedBy: result.by,
        claimedAt: result.at.toISOString(),
      })
    }
    const [lead] = await leadCards(db, [id], at)
    return reply.code(result.outcome === 'claimed' ? 201 : 200).send({ lead })
  })

  app.get(`${adminApiPath}/deliveries`, read, async () => ({
    deliveries: await undoneDeliveryList(db),
  }))

  app.post(`${adminApiPath}/deliveries/replay`, write, async (request, reply) => {
    const user = userOf(request)
    const { leadId, destination, event } = body(request)
    if (
      typeof leadId !== 'string' ||
      !leadIdPattern.test(leadId) ||
      typeof destination !== 'string' ||
      typeof event !== 'string' ||
      destination.length > 100 ||
      event.length > 100
    ) {
      throw new BadRequest('Livraison inconnue.')
    }
    const replayed = await db.transaction(async (tx) => {
      const count = await replayDeliveries(tx, { parked: true, leadId, destination, event })
      if (count > 0) {
        await deps.audit(tx, user, 'livraison.relancee', { lead: leadId, destination, event })
      }
      return count
    })
    if (replayed === 0) {
      return reply
        .code(409)
        .send({ error: 'Cette livraison n’est pas (ou plus) en échec\u00a0: rien à relancer.' })
    }
    deps.wakeDeliveries?.()
    return { replayed }
  })

  app.get(`${adminApiPath}/status`, read, async () => {
    const backlog = Object.values(await deliveryBacklog(db))
    const status = {
      parked: backlog.reduce((sum, entry) => sum + entry.parked, 0),
      pending: backlog.reduce((sum, entry) => sum + entry.pending, 0),
      oldestPendingSeconds: Math.max(0, ...backlog.map((entry) => entry.oldestPendingSeconds)),
    }
    return { ...status, alert: deliveryAlert(status) }
  })

  app.get(`${adminApiPath}/funnel`, read, async (request) => {
    const query = request.query as Query
    const days = Number(oneOf(query, 'jours', funnelPeriods.map(String)) ?? 30) as FunnelPeriod
    return funnelReport(db, { days, campaign: text(query, 'campagne', 500) ?? null }, now())
  })

  app.get(`${adminApiPath}/export.csv`, read, async (request, reply) => {
    const user = userOf(request)
    const filter = leadFilter(request.query as Query)
    const ids = isFiltered(filter) ? await filteredLeadIds(db, filter, now()) : undefined
    await deps.audit(db, user, 'demandes.exportees', {
      // Not the search text: it may be a person's name, and the audit outlives an erasure.
      recherche: Boolean(filter.search?.trim()),
      campagne: filter.campaign ?? null,
      etat: filter.state ?? null,
      demandes: ids?.length ?? 'toutes',
    })
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="demandes-${parisDay(now())}.csv"`)
      .send(Readable.from(leadsCsvChunks(db, { ids })))
  })

  app.get(`${adminApiPath}/erase-preview`, read, async (request) => {
    const user = userOf(request)
    const key = email((request.query as Query).email)
    const preview = await erasePreview(db, key)
    await deps.audit(db, user, 'personne.consultee', { demandes: preview.leads.length })
    return preview
  })

  app.post(`${adminApiPath}/erase`, write, async (request, reply) => {
    const user = userOf(request)
    const { email: address, leads: expected } = body(request)
    const key = email(address)
    if (typeof expected !== 'number') throw new BadRequest('Nombre de demandes attendu.')
    const result = await db.transaction(async (tx) => {
      const ids = await personLeadIds(tx, key)
      if (ids.length !== expected) return undefined
      const erased = await erasePerson(tx, key, deps.erasures)
      // The lead ids only: the audit must not keep what was erased.
      await deps.audit(tx, user, 'personne.effacee', { demandes: erased, ids })
      return erased
    })
    if (result === undefined) {
      return reply.code(409).send({
        error:
          'Les demandes de cette personne ont changé depuis l’aperçu\u00a0: vérifiez-les à nouveau.',
      })
    }
    await eraseTraces(db)
    return { erased: result }
  })

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof BadRequest) return reply.code(400).send({ error: error.message })
    const status = (error as { statusCode?: number }).statusCode ?? 500
    if (status < 500) return reply.code(status).send({ error: 'Requête invalide.' })
    request.log.error({ err: error }, 'admin request failed')
    return reply.code(500).send({ error: 'Erreur interne\u00a0: réessayez dans un instant.' })
  })
}
