/**
 * The leads as the broker's call list shows them: searched, filtered, each with its call standing
 * (call-rules.ts), most urgent first. Only leads of the last 30 days can still be called, so only
 * those are ranked in memory; older ones all follow, newest first, paged by the database.
 */
import type { LeadPayload, OriginKey } from '../../common/lead/lead-contract'
import { originKeys } from '../../common/lead/lead-contract'
import { leadFormCopy } from '../../common/lead/lead-form-copy'
import type { Sql } from './database'
import type {
  LeadCard,
  LeadFilter,
  LeadOrder,
  LeadPage,
} from '../../common/back-office/screens-api'
import {
  callStateLabels,
  nextCallText,
  notCallableText,
  outsideHoursText,
} from '../../common/calls/call-copy'
import {
  compareUrgency,
  requestValidityDays,
  type CallOutcome,
  type RecordedCall,
} from '../../common/calls/call-rules'
import { compareDue, planNextCall, type CallPlan } from '../../common/calls/call-planner'
import type { CallbackSlot } from '../../common/lead/lead-contract'
import { nationalDigits } from '../../common/phone'
import type { LeadRow } from './lead-row'

const dayMs = 86_400_000
/** A day more than the rules need: the rules, not this bound, say which are out of time. */
const rankedDays = requestValidityDays + 1

// Letters a name may carry, for a search that ignores case and accents on both engines
// (`lower` leaves non-ASCII letters alone under the C locale of the embedded database).
const accented = 'ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝŸàáâãäåçèéêëìíîïñòóôõöùúûüýÿ'
const plain = 'aaaaaaceeeeiiiinooooouuuuyyaaaaaaceeeeiiiinooooouuuuyy'

function folded(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
}

/** The filter's three query parameters, always $1 to $3: nothing typed is ever put in the SQL. */
function filterParams(filter: LeadFilter): [string | null, string | null, string | null] {
  const search = filter.search?.trim() ?? ''
  const text = search ? `%${folded(search).replace(/[\\%_]/g, '\\$&')}%` : null
  const digits = nationalDigits(search)
  return [text, digits ? `%${digits}%` : null, filter.campaign ?? null]
}

const matchesFilter = `
  ($1::text IS NULL
   OR translate(lower(l.email || ' ' || coalesce(l.payload ->> 'prenom', '') || ' ' ||
        coalesce(l.payload ->> 'nom', '') || ' ' || coalesce(l.payload ->> 'prenom', '')),
        '${accented}', '${plain}') LIKE $1 ESCAPE '\\'
   OR l.telephone LIKE $2)
  AND ($3::text IS NULL OR coalesce(l.utm_campaign, '') = $3)`

type LeadFacts = Pick<
  LeadRow,
  'id' | 'received_at' | 'consent_withdrawn_at' | 'email' | 'telephone'
> & { slot: CallbackSlot | null }

/** The columns of `LeadFacts`, from `leads` (no alias, or `l`). */
const factColumns = (alias = '') =>
  ['id', 'received_at', 'consent_withdrawn_at', 'email', 'telephone']
    .map((column) => `${alias}${column}`)
    .concat(`${alias}payload ->> 'rappel_prefere' AS slot`)
    .join(', ')

/**
 * Every call to the people of `leads` (a person: the same email or the same phone, so that no
 * number gets more calls than D223-9 allows), and a function giving one lead's person's calls.
 */
async function personCalls(
  db: Sql,
  leads: readonly LeadFacts[],
): Promise<(lead: LeadFacts) => RecordedCall[]> {
  if (leads.length === 0) return () => []
  const rows = await db.query<{
    id: string
    lead_id: string
    at: Date
    outcome: CallOutcome
    rappel_le: Date | null
    email: string
    telephone: string
  }>(
    `SELECT c.id::text AS id, c.lead_id, c.at, c.outcome, c.rappel_le, l.email, l.telephone
     FROM lead_calls AS c JOIN leads AS l ON l.id = c.lead_id
     WHERE c.undone_at IS NULL AND (l.email = ANY($1::text[]) OR l.telephone = ANY($2::text[]))`,
    [
      [...new Set(leads.map((lead) => lead.email))],
      [...new Set(leads.map((lead) => lead.telephone))],
    ],
  )
  return (lead) =>
    rows
      .filter((row) => row.email === lead.email || row.telephone === lead.telephone)
      .map((row) => ({
        leadId: row.lead_id,
        at: row.at,
        outcome: row.outcome,
        rappelLe: row.rappel_le,
      }))
}

/** The advisors' latest "Reprogrammer" of each lead. */
async function reprogrammings(
  db: Sql,
  leads: readonly LeadFacts[],
): Promise<Map<string, { for: Date; at: Date }>> {
  if (leads.length === 0) return new Map()
  const rows = await db.query<{ lead_id: string; at: Date; planned_for: Date }>(
    `SELECT DISTINCT ON (lead_id) lead_id, at, planned_for FROM lead_call_plans
     WHERE lead_id = ANY($1::uuid[]) ORDER BY lead_id, at DESC, id DESC`,
    [leads.map((lead) => lead.id)],
  )
  return new Map(rows.map((row) => [row.lead_id, { for: row.planned_for, at: row.at }]))
}

/** Each lead's call plan (call-planner.ts), its standing (call-rules.ts) inside. */
async function standings(
  db: Sql,
  leads: readonly LeadFacts[],
  now: Date,
): Promise<Map<string, CallPlan>> {
  const callsOf = await personCalls(db, leads)
  const plans = await reprogrammings(db, leads)
  return new Map(
    leads.map((lead) => [
      lead.id,
      planNextCall(
        {
          id: lead.id,
          receivedAt: lead.received_at,
          consentWithdrawnAt: lead.consent_withdrawn_at,
          personCalls: callsOf(lead),
          slot: lead.slot,
          reprogrammed: plans.get(lead.id) ?? null,
        },
        now,
      ),
    ]),
  )
}

/** One lead's plan, read with `db` (a transaction when a call is being recorded). */
export async function planOf(db: Sql, leadId: string, now: Date): Promise<CallPlan | null> {
  const [lead] = await db.query<LeadFacts>(`SELECT ${factColumns()} FROM leads WHERE id = $1`, [
    leadId,
  ])
  if (!lead) return null
  return (await standings(db, [lead], now)).get(lead.id) ?? null
}

/**
 * The filtered list's ids in order: the leads of the last 31 days ranked in memory, then, when
 * the state filter lets closed leads in, the count of the older ones (all out of time).
 */
async function rankRecent(
  db: Sql,
  filter: LeadFilter,
  order: LeadOrder,
  now: Date,
): Promise<{ ids: string[]; olderSince: Date; olderIncluded: boolean }> {
  const olderSince = new Date(now.getTime() - rankedDays * dayMs)
  const recent = await db.query<LeadFacts & { claimed: boolean }>(
    `SELECT ${factColumns('l.')}, claimed_by IS NOT NULL AS claimed
     FROM leads AS l
     WHERE l.received_at > $4::timestamptz AND ${matchesFilter}`,
    [...filterParams(filter), olderSince],
  )
  const planById = await standings(db, recent, now)
  const ranked = recent
    .flatMap((lead) => {
      const plan = planById.get(lead.id)
      return plan
        ? [
            {
              id: lead.id,
              receivedAt: lead.received_at,
              claimed: lead.claimed,
              standing: plan.standing,
              plan,
            },
          ]
        : []
    })
    .filter((lead) => !filter.state || lead.standing.state === filter.state)
    .filter((lead) => !filter.dueNow || lead.plan.dueNow)
  const newestFirst = (a: { receivedAt: Date; id: string }, b: { receivedAt: Date; id: string }) =>
    b.receivedAt.getTime() - a.receivedAt.getTime() || (a.id < b.id ? 1 : -1)
  // Among the leads nobody has called yet, those nobody has taken come first.
  const unclaimedFirst = (a: (typeof ranked)[number], b: (typeof ranked)[number]) =>
    a.standing.state === 'nouveau' && b.standing.state === 'nouveau'
      ? Number(a.claimed) - Number(b.claimed)
      : 0
  ranked.sort(
    filter.dueNow
      ? (a, b) => compareDue(a.plan, b.plan) || newestFirst(a, b)
      : order === 'urgence'
        ? (a, b) => unclaimedFirst(a, b) || compareUrgency(a, b) || newestFirst(a, b)
        : newestFirst,
  )
  return {
    ids: ranked.map((lead) => lead.id),
    olderSince,
    // Older leads are out of time: never callable now.
    olderIncluded: !filter.dueNow && (!filter.state || filter.state === 'clos'),
  }
}

export async function findLeads(
  db: Sql,
  filter: LeadFilter,
  paging: { order: LeadOrder; page: number; pageSize: number },
  now: Date,
): Promise<LeadPage> {
  const recent = await rankRecent(db, filter, paging.order, now)
  const params = [...filterParams(filter), recent.olderSince]
  const [older] = recent.olderIncluded
    ? await db.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM leads AS l
         WHERE l.received_at <= $4::timestamptz AND ${matchesFilter}`,
        params,
      )
    : [{ count: 0 }]
  const start = (paging.page - 1) * paging.pageSize
  const ids = recent.ids.slice(start, start + paging.pageSize)
  const olderWanted = paging.pageSize - ids.length
  if (olderWanted > 0 && (older?.count ?? 0) > 0) {
    const rows = await db.query<{ id: string }>(
      `SELECT l.id FROM leads AS l WHERE l.received_at <= $4::timestamptz AND ${matchesFilter}
       ORDER BY l.received_at DESC, l.id DESC LIMIT $5 OFFSET $6`,
      [...params, olderWanted, Math.max(0, start - recent.ids.length)],
    )
    ids.push(...rows.map((row) => row.id))
  }
  return { total: recent.ids.length + (older?.count ?? 0), leads: await leadCards(db, ids, now) }
}

/** Every lead of the filtered list, in export order (oldest first). */
export async function filteredLeadIds(db: Sql, filter: LeadFilter, now: Date): Promise<string[]> {
  const recent = await rankRecent(db, filter, 'recents', now)
  const rows = await db.query<{ id: string }>(
    `SELECT l.id FROM leads AS l
     WHERE (l.id = ANY($5::uuid[]) OR ($6::boolean AND l.received_at <= $4::timestamptz))
       AND ${matchesFilter}
     ORDER BY l.received_at, l.id`,
    [...filterParams(filter), recent.olderSince, recent.ids, recent.olderIncluded],
  )
  return rows.map((row) => row.id)
}

/** Whether any filter is set: without one, the export is `leads:export`'s whole file. */
export function isFiltered(filter: LeadFilter): boolean {
  return (
    Boolean(filter.search?.trim()) ||
    filter.campaign !== undefined ||
    Boolean(filter.state) ||
    Boolean(filter.dueNow)
  )
}

type CardRow = LeadFacts & {
  payload: LeadPayload
  withdrawal_to_confirm_at: Date | null
  claimed_by: string | null
  claimed_at: Date | null
} & Record<OriginKey, string | null>

/** The cards of these leads, in the order given. */
export async function leadCards(db: Sql, ids: readonly string[], now: Date): Promise<LeadCard[]> {
  if (ids.length === 0) return []
  const rows = await db.query<CardRow>(
    `SELECT ${factColumns()}, withdrawal_to_confirm_at, payload, claimed_by, claimed_at,
       ${originKeys.join(', ')}
     FROM leads WHERE id = ANY($1::uuid[])`,
    [ids],
  )
  const planById = await standings(db, rows, now)
  const byId = new Map(rows.map((row) => [row.id, row]))
  return ids.flatMap((id) => {
    const row = byId.get(id)
    const plan = planById.get(id)
    return row && plan ? [card(row, plan)] : []
  })
}

function card(row: CardRow, plan: CallPlan): LeadCard {
  const { standing } = plan
  const slot = row.payload.rappel_prefere
  return {
    id: row.id,
    receivedAt: row.received_at.toISOString(),
    nom: row.payload.nom,
    prenom: row.payload.prenom,
    email: row.payload.email,
    telephone: row.telephone,
    callback: slot ? { slot, label: leadFormCopy.callback.options[slot] } : null,
    simulation: row.payload.simulation ?? null,
    origin: Object.fromEntries(
      originKeys.flatMap((key) => (row[key] ? [[key, row[key]]] : [])),
    ) as LeadCard['origin'],
    consentWithdrawnAt: row.consent_withdrawn_at?.toISOString() ?? null,
    withdrawalToConfirmAt: row.withdrawal_to_confirm_at?.toISOString() ?? null,
    claimedBy: row.claimed_by,
    claimedAt: row.claimed_at?.toISOString() ?? null,
    standing: {
      state: standing.state,
      stateLabel: callStateLabels[standing.state],
      reason: standing.reason,
      reasonText: standing.reason ? notCallableText(standing.reason, standing) : null,
      deadline: standing.deadline.toISOString(),
      attemptsLeft: standing.attemptsLeft,
      nextCallAt: standing.nextCallAt?.toISOString() ?? null,
      calls: standing.calls,
      lastCall: standing.lastCall
        ? { at: standing.lastCall.at.toISOString(), outcome: standing.lastCall.outcome }
        : null,
    },
    plan: {
      at: plan.at?.toISOString() ?? null,
      basis: plan.basis,
      text: nextCallText(plan),
      allowedNow: plan.allowedNow,
      dueNow: plan.dueNow,
      agreedAt: plan.agreedAt?.toISOString() ?? null,
      callBefore: plan.callBefore.toISOString(),
      notNowText: plan.allowedNow
        ? null
        : standing.reason
          ? notCallableText(standing.reason, standing)
          : outsideHoursText,
    },
  }
}

/** The campaigns leads came from, for the filter; `''` stands for none. */
export async function leadCampaigns(db: Sql): Promise<string[]> {
  const rows = await db.query<{ campaign: string }>(
    `SELECT DISTINCT coalesce(utm_campaign, '') AS campaign FROM leads ORDER BY 1`,
  )
  return rows.map((row) => row.campaign)
}
