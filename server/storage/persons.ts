/**
 * Who is one person: the requests that share an email or a phone number within their 30-day
 * validity, so that the back-office shows one card per person, the law's counters are kept per
 * person and a repeat request is alerted as such.
 *
 * Two requests are linked when they have the same email (as stored, lower-cased) or the same
 * phone, and the later one arrived at most 30 days after the earlier one, that is while the
 * earlier one was still a request the broker may call back (Code des assurances R112-7). A person
 * is every request linked to another of it, step by step: A shares its phone with B, B its email
 * with C, each link within 30 days, and A, B and C are one person. Requests sharing a phone more
 * than 30 days apart, with nothing in between, are two persons.
 *
 * A person is found when read, never stored: nothing is assigned when a lead arrives (two
 * requests of one person arriving at once on two instances cannot be given two persons), and an
 * erasure leaves nothing behind that names the erased requests; the others regroup by themselves.
 * The order within a person is by reception, then id (leads stored together share one time).
 */
import { requestValidityDays } from '../../common/calls/call-rules'
import type { Sql } from './database'
import type { LeadRow } from './lead-row'

const linkMs = requestValidityDays * 86_400_000

/** What linking needs of a request, and what the call rules read of it. */
export type PersonRequestFacts = Pick<
  LeadRow,
  'id' | 'received_at' | 'email' | 'telephone' | 'consent_withdrawn_at'
>

export const personRequestColumns = 'id, received_at, email, telephone, consent_withdrawn_at'

type Timed = Pick<PersonRequestFacts, 'id' | 'received_at'>

/** Newest first; among requests stored together, by id, so that every reader agrees. */
export function newestFirst(a: Timed, b: Timed): number {
  return (
    b.received_at.getTime() - a.received_at.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0)
  )
}

/**
 * Groups `requests` into persons, among themselves only: each request's id to its person's
 * requests (one array shared by all of them), newest first.
 */
export function groupPersons<T extends Omit<PersonRequestFacts, 'consent_withdrawn_at'>>(
  requests: readonly T[],
): Map<string, T[]> {
  const parent = new Map(requests.map((request) => [request.id, request.id]))
  const root = (id: string): string => {
    let top = id
    while (parent.get(top) !== top) top = parent.get(top) ?? top
    parent.set(id, top)
    return top
  }
  // Sharing a key, requests linked two by two are linked in a row: linking each to the one
  // before it in time gives the same persons as linking every pair.
  const byKey = new Map<string, T[]>()
  for (const request of requests) {
    for (const key of [`email:${request.email}`, `tel:${request.telephone}`]) {
      byKey.set(key, [...(byKey.get(key) ?? []), request])
    }
  }
  for (const sharing of byKey.values()) {
    sharing.sort((a, b) => -newestFirst(a, b))
    sharing.forEach((request, index) => {
      const before = sharing[index - 1]
      if (before && request.received_at.getTime() - before.received_at.getTime() <= linkMs) {
        parent.set(root(request.id), root(before.id))
      }
    })
  }
  const persons = new Map<string, T[]>()
  for (const request of requests) {
    const top = root(request.id)
    persons.set(top, [...(persons.get(top) ?? []), request])
  }
  const byRequest = new Map<string, T[]>()
  for (const members of persons.values()) {
    members.sort(newestFirst)
    for (const member of members) byRequest.set(member.id, members)
  }
  return byRequest
}

/**
 * The going-live check's test lead (`est_test`, check-cli.ts) is nobody's request: it carries the
 * broker's own address, which must not link it to a real person, nor make a real request a
 * "2ᵉ demande". It stays a card of its own for the seconds it lives.
 */
export const notTestLead = `(payload ->> 'est_test') IS DISTINCT FROM 'true'`

/**
 * The person of each of `seeds`: its requests, newest first (the seed among them), found in the
 * database link by link. Each round asks for the requests sharing an email or a phone with the
 * ones found last, within 30 days of them, until a round finds no new one.
 */
export async function personsOf(
  db: Sql,
  seeds: readonly PersonRequestFacts[],
): Promise<Map<string, PersonRequestFacts[]>> {
  const tests = new Set(
    (
      await db.query<{ id: string }>(
        `SELECT id FROM leads WHERE id = ANY($1::uuid[]) AND NOT ${notTestLead}`,
        [seeds.map((seed) => seed.id)],
      )
    ).map((row) => row.id),
  )
  if (tests.size > 0) {
    const alone = seeds.filter((seed) => tests.has(seed.id))
    const others = await personsOf(
      db,
      seeds.filter((seed) => !tests.has(seed.id)),
    )
    for (const seed of alone) others.set(seed.id, [seed])
    return others
  }
  const known = new Map(seeds.map((seed) => [seed.id, seed]))
  const asked = new Set<string>()
  for (;;) {
    const grouped = groupPersons([...known.values()])
    const frontier = [...new Set(seeds.map((seed) => grouped.get(seed.id) ?? []))]
      .flat()
      .filter((request) => !asked.has(request.id))
    if (frontier.length === 0) {
      return new Map(seeds.map((seed) => [seed.id, grouped.get(seed.id) ?? [seed]]))
    }
    for (const request of frontier) asked.add(request.id)
    const times = frontier.map((request) => request.received_at.getTime())
    const rows = await db.query<PersonRequestFacts>(
      `SELECT ${personRequestColumns} FROM leads
       WHERE (email = ANY($1::text[]) OR telephone = ANY($2::text[]))
         AND received_at BETWEEN $3::timestamptz AND $4::timestamptz AND ${notTestLead}`,
      [
        [...new Set(frontier.map((request) => request.email))],
        [...new Set(frontier.map((request) => request.telephone))],
        new Date(Math.min(...times) - linkMs),
        new Date(Math.max(...times) + linkMs),
      ],
    )
    for (const row of rows) if (!known.has(row.id)) known.set(row.id, row)
  }
}

/** Where a request stands among its person's: `number` from 1, and the request just before. */
export interface RequestRank {
  number: number
  previousAt: Date | null
}

/** The rank of each of these leads among its person's requests (for the alerts). */
export async function requestRanks(
  db: Sql,
  leadIds: readonly string[],
): Promise<Map<string, RequestRank>> {
  if (leadIds.length === 0) return new Map()
  const seeds = await db.query<PersonRequestFacts>(
    `SELECT ${personRequestColumns} FROM leads WHERE id = ANY($1::uuid[])`,
    [[...new Set(leadIds)]],
  )
  const persons = await personsOf(db, seeds)
  return new Map(
    seeds.map((seed) => {
      const members = persons.get(seed.id) ?? [seed]
      const earlier = members.filter((member) => newestFirst(member, seed) > 0)
      return [seed.id, { number: earlier.length + 1, previousAt: earlier[0]?.received_at ?? null }]
    }),
  )
}

/**
 * The SQL condition that lead `l` is the newest request of its person as far as its own links
 * go (no later request shares its email or phone within 30 days): how the list keeps one row per
 * person among requests too old to be ranked in memory.
 */
export const newestOfItsLinks = `NOT EXISTS (
    SELECT 1 FROM leads AS later
    WHERE (later.email = l.email OR later.telephone = l.telephone)
      AND (later.received_at, later.id) > (l.received_at, l.id)
      AND later.received_at <= l.received_at + make_interval(days => ${requestValidityDays})
      AND (later.payload ->> 'est_test') IS DISTINCT FROM 'true')`

/** The request a person's card shows: the newest whose consent stands, else the newest. */
export function primaryRequest<T extends Pick<PersonRequestFacts, 'consent_withdrawn_at'>>(
  requests: readonly T[],
): T {
  return requests.find((request) => request.consent_withdrawn_at === null) ?? (requests[0] as T)
}

/**
 * The request that holds a person's stage (`leads.status`): the one whose stage changed last,
 * the newest on a tie (`requests` newest first), or none when no advisor has set one. A new
 * request leaves the stage where it was, and the stage API writes on this same request, so a
 * stage is told to Meta and the webhook once per person (event ids per lead and stage).
 */
export function stageHolder<T extends Pick<LeadRow, 'status_changed_at'>>(
  requests: readonly T[],
): T | undefined {
  let holder: T | undefined
  for (const request of requests) {
    const at = request.status_changed_at?.getTime()
    if (at !== undefined && (!holder || at > (holder.status_changed_at?.getTime() ?? 0))) {
      holder = request
    }
  }
  return holder
}
