/**
 * The leads as the broker's call list shows them: one row per person (persons.ts), searched,
 * filtered, each with its call standing (call-rules.ts), most urgent first. Only requests of the
 * last 30 days can still be called, so only their persons are ranked in memory; older requests
 * all follow, newest first, one per person as far as their own links go, paged by the database.
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
  PersonRequest,
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
  type CallStanding,
  type RecordedCall,
} from '../../common/calls/call-rules'
import { compareDue, planNextCall, type CallPlan } from '../../common/calls/call-planner'
import type { CallbackSlot } from '../../common/lead/lead-contract'
import { nationalDigits } from '../../common/phone'
import type { LeadStatus } from '../../common/pipeline/lead-stages'
import { closedStagePlanTexts, leadStatusLabels } from '../../common/pipeline/stage-copy'
import {
  newestOfItsLinks,
  personRequestColumns,
  personsOf,
  primaryRequest,
  stageHolder,
  type PersonRequestFacts,
} from './persons'

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

// The going-live check's test lead (`est_test`) is never listed: it lives for the seconds of the check.
const matchesFilter = `
  ($1::text IS NULL
   OR translate(lower(l.email || ' ' || coalesce(l.payload ->> 'prenom', '') || ' ' ||
        coalesce(l.payload ->> 'nom', '') || ' ' || coalesce(l.payload ->> 'prenom', '')),
        '${accented}', '${plain}') LIKE $1 ESCAPE '\\'
   OR l.telephone LIKE $2)
  AND ($3::text IS NULL OR coalesce(l.utm_campaign, '') = $3)
  AND (l.payload ->> 'est_test') IS DISTINCT FROM 'true'`

type LeadFacts = PersonRequestFacts

interface PersonStanding {
  /** The person's requests, newest first (persons.ts). */
  requests: PersonRequestFacts[]
  /** The request the card shows and the rules read (`personStandings`). */
  primary: PersonRequestFacts
  /** The planner's next call for the person (call-planner.ts), its standing (call-rules.ts) in it. */
  plan: CallPlan
  standing: CallStanding
}

/** Each lead's chosen slot and the advisors' latest "Reprogrammer" of it. */
async function planInputs(
  db: Sql,
  ids: readonly string[],
): Promise<
  Map<string, { slot: CallbackSlot | null; reprogrammed: { for: Date; at: Date } | null }>
> {
  if (ids.length === 0) return new Map()
  const rows = await db.query<{
    id: string
    slot: CallbackSlot | null
    planned_for: Date | null
    planned_at: Date | null
  }>(
    `SELECT l.id, l.payload ->> 'rappel_prefere' AS slot, p.planned_for, p.at AS planned_at
     FROM leads AS l
     LEFT JOIN LATERAL (SELECT planned_for, at FROM lead_call_plans AS c WHERE c.lead_id = l.id
                        ORDER BY at DESC, id DESC LIMIT 1) AS p ON true
     WHERE l.id = ANY($1::uuid[])`,
    [ids],
  )
  return new Map(
    rows.map((row) => [
      row.id,
      {
        slot: row.slot,
        reprogrammed:
          row.planned_for && row.planned_at ? { for: row.planned_for, at: row.planned_at } : null,
      },
    ]),
  )
}

/**
 * The person of each of `seeds`, and where the law leaves the broker with that person.
 *
 * The rules read the person's newest request whose consent stands, or the newest when none does
 * (`primary`): its 30 days, its consent, its chosen slot. A withdrawal reaches the requests of its
 * email only (withdraw-consent.ts), so a person whose other address shares the phone stays
 * callable, marked to confirm. The counters read every call to one of the person's emails or
 * phones, whichever request it was recorded on: D223-9 counts the calls to the consumer, so a call
 * to the same number on a request of more than 30 days before still counts in the window. The
 * state (never called, called, reached) is the primary request's: the calls since it arrived, so
 * that a repeat request is "never called" again, a strong signal worth a call.
 */
async function personStandings(
  db: Sql,
  seeds: readonly LeadFacts[],
  now: Date,
): Promise<Map<string, PersonStanding>> {
  if (seeds.length === 0) return new Map()
  const persons = await personsOf(db, seeds)
  const members = [...new Set(persons.values())].flat()
  const rows = await db.query<{
    lead_id: string
    at: Date
    outcome: CallOutcome
    rappel_le: Date | null
    email: string
    telephone: string
  }>(
    `SELECT c.lead_id, c.at, c.outcome, c.rappel_le, l.email, l.telephone
     FROM lead_calls AS c JOIN leads AS l ON l.id = c.lead_id
     WHERE c.undone_at IS NULL AND (l.email = ANY($1::text[]) OR l.telephone = ANY($2::text[]))`,
    [
      [...new Set(members.map((lead) => lead.email))],
      [...new Set(members.map((lead) => lead.telephone))],
    ],
  )
  const primaryOf = primaryRequest
  const inputs = await planInputs(db, [...new Set(members.map((lead) => lead.id))])
  const byPerson = new Map<PersonRequestFacts[], PersonStanding>()
  const standingOfPerson = (requests: PersonRequestFacts[]): PersonStanding => {
    const found = byPerson.get(requests)
    if (found) return found
    const primary = primaryOf(requests)
    const ids = new Set(requests.map((request) => request.id))
    const emails = new Set(requests.map((request) => request.email))
    const phones = new Set(requests.map((request) => request.telephone))
    const since = primary.received_at.getTime()
    // call-rules.ts takes a lead's own calls by its id: the person's calls since the primary
    // request came are given that request's id.
    const personCalls: RecordedCall[] = rows
      .filter((row) => emails.has(row.email) || phones.has(row.telephone))
      .map((row) => ({
        leadId: ids.has(row.lead_id) && row.at.getTime() >= since ? primary.id : row.lead_id,
        at: row.at,
        outcome: row.outcome,
        rappelLe: row.rappel_le,
      }))
    // "Reprogrammer" is the person's: the latest on any of its requests (the card's id may change).
    const reprogrammed = requests
      .flatMap((request) => inputs.get(request.id)?.reprogrammed ?? [])
      .reduce<{ for: Date; at: Date } | null>(
        (latest, next) => (latest && latest.at >= next.at ? latest : next),
        null,
      )
    const plan = planNextCall(
      {
        id: primary.id,
        receivedAt: primary.received_at,
        consentWithdrawnAt: primary.consent_withdrawn_at,
        personCalls,
        slot: inputs.get(primary.id)?.slot ?? null,
        reprogrammed,
      },
      now,
    )
    const made = { requests, primary, plan, standing: plan.standing }
    byPerson.set(requests, made)
    return made
  }
  return new Map(seeds.map((seed) => [seed.id, standingOfPerson(persons.get(seed.id) ?? [seed])]))
}

/** The plan of a lead's person, read with `db` (a transaction when a call is being recorded). */
export async function planOf(db: Sql, leadId: string, now: Date): Promise<CallPlan | null> {
  const [lead] = await db.query<LeadFacts>(
    `SELECT ${personRequestColumns} FROM leads WHERE id = $1`,
    [leadId],
  )
  if (!lead) return null
  return (await personStandings(db, [lead], now)).get(lead.id)?.plan ?? null
}

/**
 * The filtered list's persons in order, each by its primary request's id: the persons with a
 * request of the last 31 days (one of them matching the filter) ranked in memory, then, when the
 * state filter lets closed ones in, the older requests follow. `members`: every request of the
 * persons ranked; `recentMembers`: of every recent person, whatever the state filter, so that the
 * older ones are not listed twice.
 */
async function rankRecent(
  db: Sql,
  filter: LeadFilter,
  order: LeadOrder,
  now: Date,
): Promise<{
  ids: string[]
  members: string[]
  recentMembers: string[]
  olderSince: Date
  olderIncluded: boolean
}> {
  const olderSince = new Date(now.getTime() - rankedDays * dayMs)
  const recent = await db.query<LeadFacts>(
    `SELECT ${personRequestColumns} FROM leads AS l
     WHERE l.received_at > $4::timestamptz AND ${matchesFilter}`,
    [...filterParams(filter), olderSince],
  )
  const persons = [...new Set((await personStandings(db, recent, now)).values())]
  const claimed = new Set(
    (
      await db.query<{ id: string }>(
        'SELECT id FROM leads WHERE id = ANY($1::uuid[]) AND claimed_by IS NOT NULL',
        [persons.map((person) => person.primary.id)],
      )
    ).map((row) => row.id),
  )
  // The persons whose sale is over (the stage of `stageHolder`) are not to be called now.
  const staged = new Map(
    (
      await db.query<{ id: string; status: LeadStatus; status_changed_at: Date }>(
        `SELECT id, status, status_changed_at FROM leads
         WHERE id = ANY($1::uuid[]) AND status_changed_at IS NOT NULL`,
        [persons.flatMap((person) => person.requests.map((request) => request.id))],
      )
    ).map((row) => [row.id, row]),
  )
  const isClosed = (requests: readonly PersonRequestFacts[]) => {
    const holder = stageHolder(requests.flatMap((request) => staged.get(request.id) ?? []))
    return holder !== undefined && closedStagePlanTexts[holder.status] !== undefined
  }
  const ranked = persons
    .map(({ requests, primary, standing, plan }) => ({
      id: primary.id,
      receivedAt: primary.received_at,
      claimed: claimed.has(primary.id),
      requests,
      standing,
      plan,
    }))
    .filter((person) => !filter.state || person.standing.state === filter.state)
    .filter((person) => !filter.dueNow || (person.plan.dueNow && !isClosed(person.requests)))
  const newestFirst = (a: { receivedAt: Date; id: string }, b: { receivedAt: Date; id: string }) =>
    b.receivedAt.getTime() - a.receivedAt.getTime() || (a.id < b.id ? 1 : -1)
  // Among the persons nobody has called yet, those nobody has taken come first.
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
  const idsOf = (list: readonly { requests: PersonRequestFacts[] }[]) =>
    list.flatMap((person) => person.requests.map((request) => request.id))
  return {
    ids: ranked.map((person) => person.id),
    members: idsOf(ranked),
    recentMembers: idsOf(persons),
    olderSince,
    // Older leads are out of time: never callable now.
    olderIncluded: !filter.dueNow && (!filter.state || filter.state === 'clos'),
  }
}

/**
 * The requests too old to be ranked, one per person as far as their own links go
 * (`newestOfItsLinks`), those of a recent person left out: `$1`–`$3` the filter, `$4` the bound,
 * `$5` the recent persons' requests.
 */
const olderRequests = `l.received_at <= $4::timestamptz AND ${matchesFilter}
  AND NOT (l.id = ANY($5::uuid[])) AND ${newestOfItsLinks}`

/** One row per person: a page of the filtered list, most urgent (or newest) first. */
export async function findLeads(
  db: Sql,
  filter: LeadFilter,
  paging: { order: LeadOrder; page: number; pageSize: number },
  now: Date,
): Promise<LeadPage> {
  const recent = await rankRecent(db, filter, paging.order, now)
  const params = [...filterParams(filter), recent.olderSince, recent.recentMembers]
  const [older] = recent.olderIncluded
    ? await db.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM leads AS l WHERE ${olderRequests}`,
        params,
      )
    : [{ count: 0 }]
  const start = (paging.page - 1) * paging.pageSize
  const ids = recent.ids.slice(start, start + paging.pageSize)
  const olderWanted = paging.pageSize - ids.length
  if (olderWanted > 0 && (older?.count ?? 0) > 0) {
    const rows = await db.query<{ id: string }>(
      `SELECT l.id FROM leads AS l WHERE ${olderRequests}
       ORDER BY l.received_at DESC, l.id DESC LIMIT $6 OFFSET $7`,
      [...params, olderWanted, Math.max(0, start - recent.ids.length)],
    )
    ids.push(...rows.map((row) => row.id))
  }
  return { total: recent.ids.length + (older?.count ?? 0), leads: await leadCards(db, ids, now) }
}

/** Every request of the filtered list's persons, in export order (oldest first). */
export async function filteredLeadIds(db: Sql, filter: LeadFilter, now: Date): Promise<string[]> {
  const recent = await rankRecent(db, filter, 'recents', now)
  const rows = await db.query<{ id: string }>(
    `SELECT l.id FROM leads AS l
     WHERE l.id = ANY($5::uuid[])
        OR ($6::boolean AND l.received_at <= $4::timestamptz AND ${matchesFilter})
     ORDER BY l.received_at, l.id`,
    [...filterParams(filter), recent.olderSince, recent.members, recent.olderIncluded],
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
  consent_text: string
  withdrawal_to_confirm_at: Date | null
  claimed_by: string | null
  claimed_at: Date | null
  status: LeadStatus
  status_changed_at: Date | null
} & Record<OriginKey, string | null>

/**
 * The cards of these leads' persons, in the order given: one per person, under its primary
 * request's id (`personStandings`), whichever of its requests was asked for.
 */
export async function leadCards(db: Sql, ids: readonly string[], now: Date): Promise<LeadCard[]> {
  if (ids.length === 0) return []
  const seeds = await db.query<LeadFacts>(
    `SELECT ${personRequestColumns} FROM leads WHERE id = ANY($1::uuid[])`,
    [ids],
  )
  const byLead = await personStandings(db, seeds, now)
  const memberIds = [...new Set([...byLead.values()].flatMap((person) => person.requests))].map(
    (request) => request.id,
  )
  const rows = await db.query<CardRow>(
    `SELECT ${personRequestColumns}, withdrawal_to_confirm_at, payload, consent_text, claimed_by,
       claimed_at, status, status_changed_at, ${originKeys.join(', ')}
     FROM leads WHERE id = ANY($1::uuid[])`,
    [memberIds],
  )
  const rowById = new Map(rows.map((row) => [row.id, row]))
  const shown = new Set<string>()
  return ids.flatMap((id) => {
    const person = byLead.get(id)
    const primary = person && rowById.get(person.primary.id)
    if (!person || !primary || shown.has(primary.id)) return []
    shown.add(primary.id)
    const requests = person.requests.flatMap((request) => rowById.get(request.id) ?? [])
    return [card(primary, requests, person.plan, stageHolder(requests) ?? primary)]
  })
}

const originOf = (row: CardRow) =>
  Object.fromEntries(
    originKeys.flatMap((key) => (row[key] ? [[key, row[key]]] : [])),
  ) as LeadCard['origin']

const callbackOf = (row: CardRow) => {
  const slot = row.payload.rappel_prefere
  return slot ? { slot, label: leadFormCopy.callback.options[slot] } : null
}

function personRequest(row: CardRow): PersonRequest {
  return {
    id: row.id,
    receivedAt: row.received_at.toISOString(),
    email: row.payload.email,
    telephone: row.telephone,
    callback: callbackOf(row),
    simulation: row.payload.simulation ?? null,
    origin: originOf(row),
    consentText: row.consent_text,
    consentWithdrawnAt: row.consent_withdrawn_at?.toISOString() ?? null,
  }
}

/** `staged`: the request holding the person's stage (`stageHolder`), else the primary `row`. */
function card(
  row: CardRow,
  requests: readonly CardRow[],
  plan: CallPlan,
  staged: CardRow,
): LeadCard {
  const { standing } = plan
  const closedText = closedStagePlanTexts[staged.status]
  return {
    id: row.id,
    receivedAt: row.received_at.toISOString(),
    nom: row.payload.nom,
    prenom: row.payload.prenom,
    email: row.payload.email,
    telephone: row.telephone,
    callback: callbackOf(row),
    simulation: row.payload.simulation ?? null,
    origin: originOf(row),
    consentWithdrawnAt: row.consent_withdrawn_at?.toISOString() ?? null,
    withdrawalToConfirmAt: row.withdrawal_to_confirm_at?.toISOString() ?? null,
    claimedBy: row.claimed_by,
    claimedAt: row.claimed_at?.toISOString() ?? null,
    status: staged.status,
    statusLabel: leadStatusLabels[staged.status],
    statusChangedAt: staged.status_changed_at?.toISOString() ?? null,
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
    requests: requests.map(personRequest),
    plan: {
      at: closedText ? null : (plan.at?.toISOString() ?? null),
      basis: closedText ? null : plan.basis,
      text: closedText ?? nextCallText(plan),
      allowedNow: plan.allowedNow,
      dueNow: !closedText && plan.dueNow,
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
