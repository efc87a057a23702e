/**
 * Writes a lead, its deliveries and its funnel count in one transaction, so that a lead
 * acknowledged to a visitor is always both stored and queued for every destination (and counted),
 * and restarts its person's retention period. Contact details are compared lower-cased.
 */
import { randomUUID } from 'node:crypto'
import { originKeys, type LeadPayload } from '../../common/lead/lead-contract'
import type { Database, Sql } from './database'
import { funnelCountArguments, maxOriginsPerDay, otherOrigin } from './funnel-counts'
import type { JournalEntry } from './lead-journal'
import type { LeadRow } from './lead-row'
import type { OriginKey } from '../../common/lead/lead-contract'

/** A lead's id, as `randomUUID` writes it (lower case). */
export const leadIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** A second lead with the same email and phone within this window is the same request. */
export const duplicateWindowMinutes = 10

export interface IncomingLead {
  payload: LeadPayload
  clientIp: string
  userAgent: string
  /** Meta's `_fbp` and `_fbc` cookies sent with the lead, if any; kept only with ad consent. */
  metaCookies?: { fbp: string | undefined; fbc: string | undefined }
  /** The destinations it is queued for, each delivered and retried on its own. */
  destinations: readonly string[]
}

export type StoreResult = { status: 'stored'; id: string } | { status: 'duplicate' }

export function contactKey(email: string): string {
  return email.trim().toLowerCase()
}

/** What `store_lead` takes for one lead, besides the settings every lead shares. */
interface StoreArguments {
  lead: ReturnType<typeof leadRow>
  destinations: readonly string[]
  day: string
  utm_campaign: string
  utm_content: string
}

/**
 * One statement, `store_lead` (migration 8), in its own transaction: a round trip per lead. It
 * takes a lock on the email alone, so that requests for one person queue in one order (a double
 * click cannot slip two leads past the duplicate check, and two leads with one email and different
 * phones cannot deadlock), restarts the person's retention period (one `contacts` row, whatever
 * the number of their leads), then checks for a repeat and writes the lead, its deliveries and
 * the funnel's `lead` count.
 *
 * On the embedded database, leads that arrive while others are being stored wait and then go
 * together (`storeQueued`).
 */
export async function storeLead(
  db: Sql & Partial<Pick<Database, 'journal' | 'kind'>>,
  lead: IncomingLead,
  now: Date = new Date(),
): Promise<StoreResult> {
  const id = randomUUID()
  // Counted with the lead, so that the funnel's last step is exactly the leads stored; the
  // count keeps only the day, campaign and ad, nothing that links it back to this lead.
  const count = funnelCountArguments(
    { utm_campaign: lead.payload.utm_campaign ?? '', utm_content: lead.payload.utm_content ?? '' },
    now,
  )
  const item: StoreArguments = {
    lead: leadRow(id, lead),
    destinations: lead.destinations,
    day: count.day,
    utm_campaign: count.utmCampaign,
    utm_content: count.utmContent,
  }
  const stored = db.kind === 'embedded' ? await storeQueued(db, item) : await storeOne(db, item)
  if (!stored) return { status: 'duplicate' }
  // Before the 202: the embedded database's own files are never synced (lead-journal.ts).
  await db.journal?.append({ ...lead, id, receivedAt: now.toISOString() })
  return { status: 'stored', id }
}

async function storeOne(db: Sql, item: StoreArguments): Promise<boolean> {
  const [result] = await db.query<{ stored: boolean }>(
    'SELECT store_lead($1::jsonb, $2::text[], $3, $4::date, $5, $6, $7, $8) AS stored',
    [
      JSON.stringify(item.lead),
      item.destinations,
      duplicateWindowMinutes,
      item.day,
      item.utm_campaign,
      item.utm_content,
      maxOriginsPerDay,
      otherOrigin,
    ],
  )
  return result?.stored === true
}

/** The most leads stored by one statement. */
const maxBatch = 64

interface Waiting {
  item: StoreArguments
  settle: (stored: boolean) => void
  fail: (error: unknown) => void
}

interface LeadQueue {
  waiting: Waiting[]
  busy: boolean
}

const queues = new WeakMap<Sql, LeadQueue>()

/** The database's queue, made on its first lead. */
function queueOf(db: Sql): LeadQueue {
  const found = queues.get(db)
  if (found) return found
  const made: LeadQueue = { waiting: [], busy: false }
  queues.set(db, made)
  return made
}

/**
 * The embedded database stores one statement at a time, on its own thread, and each commit costs
 * about as much as a lead's inserts. A lead that finds the database idle is stored at once, alone;
 * the leads that arrive meanwhile are stored next, together, by `store_leads` (migration 13): one
 * trip to the thread and one commit for all, in their order of arrival, so that a repeat within
 * the group is seen as one. Only the embedded database: on PostgreSQL concurrent transactions
 * already share their commits, and one holding many people's locks could deadlock with another.
 */
function storeQueued(db: Sql, item: StoreArguments): Promise<boolean> {
  const queue = queueOf(db)
  return new Promise((settle, fail) => {
    queue.waiting.push({ item, settle, fail })
    if (!queue.busy) void drain(db, queue)
  })
}

async function drain(db: Sql, queue: LeadQueue): Promise<void> {
  queue.busy = true
  try {
    while (queue.waiting.length > 0) await storeTogether(db, queue.waiting.splice(0, maxBatch))
  } finally {
    queue.busy = false
  }
}

async function storeTogether(db: Sql, group: readonly Waiting[]): Promise<void> {
  if (group.length > 1) {
    try {
      const [result] = await db.query<{ stored: boolean[] }>(
        'SELECT store_leads($1::jsonb, $2, $3, $4) AS stored',
        [
          JSON.stringify(group.map((waiting) => waiting.item)),
          duplicateWindowMinutes,
          maxOriginsPerDay,
          otherOrigin,
        ],
      )
      group.forEach((waiting, index) => waiting.settle(result?.stored[index] === true))
      return
    } catch {
      // Nothing of the group was kept: each lead is tried alone, so that one that fails takes
      // no other with it.
    }
  }
  for (const waiting of group) {
    try {
      waiting.settle(await storeOne(db, waiting.item))
    } catch (error) {
      waiting.fail(error)
    }
  }
}

/**
 * The `leads` row of a lead, as `store_lead` and the journal's restore write it. Every column
 * not null is given here: `jsonb_populate_record` stores a missing key as NULL, not as the
 * column's default.
 */
export function leadRow(
  id: string,
  lead: IncomingLead,
): Omit<
  LeadRow,
  | 'received_at'
  | 'delivered_at'
  | 'consent_withdrawn_at'
  | 'withdrawal_to_confirm_at'
  | 'status_changed_at'
> {
  const adConsent = lead.payload.consentement_publicite
  return {
    id,
    email: contactKey(lead.payload.email),
    telephone: lead.payload.telephone,
    payload: lead.payload,
    consent_text: lead.payload.consentement_texte,
    client_ip: lead.clientIp,
    user_agent: lead.userAgent.slice(0, 1_000),
    status: 'nouveau',
    consentement_publicite: adConsent,
    fbp: (adConsent && lead.metaCookies?.fbp) || null,
    fbc: (adConsent && lead.metaCookies?.fbc) || null,
    ...(Object.fromEntries(originKeys.map((key) => [key, lead.payload[key] ?? null])) as Record<
      OriginKey,
      string | null
    >),
  }
}

/**
 * Puts back the journal's leads that the database lost (a power cut before its files reached the
 * disk), with their id, reception time and deliveries; returns how many.
 */
export async function restoreJournaledLeads(
  db: Database,
  entries: readonly JournalEntry[],
): Promise<number> {
  let restored = 0
  for (const entry of entries) {
    const row = { ...leadRow(entry.id, entry), received_at: entry.receivedAt }
    const inserted = await db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO contacts (email, last_interaction_at) VALUES ($1, $2)
         ON CONFLICT (email) DO UPDATE
         SET last_interaction_at = greatest(contacts.last_interaction_at, excluded.last_interaction_at)`,
        [row.email, entry.receivedAt],
      )
      const [lead] = await tx.query(
        `INSERT INTO leads SELECT * FROM jsonb_populate_record(NULL::leads, $1::jsonb)
         ON CONFLICT (id) DO NOTHING RETURNING id`,
        [JSON.stringify(row)],
      )
      if (lead && entry.destinations.length > 0) {
        await tx.query(
          'INSERT INTO lead_deliveries (lead_id, destination) SELECT $1, unnest($2::text[])',
          [entry.id, entry.destinations],
        )
      }
      return lead !== undefined
    })
    if (inserted) restored += 1
  }
  return restored
}
