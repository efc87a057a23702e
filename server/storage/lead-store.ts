/**
 * Writes a lead, its deliveries and its funnel count in one transaction, so that a lead
 * acknowledged to a visitor is always both stored and queued for every destination (and counted).
 * Contact details are compared lower-cased.
 */
import { randomUUID } from 'node:crypto'
import { originKeys, type LeadPayload } from '../../src/features/lead/lead-contract'
import type { Database, Sql } from './database'
import { countFunnelStep } from './funnel-counts'
import type { JournalEntry } from './lead-journal'

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

export async function storeLead(db: Database, lead: IncomingLead): Promise<StoreResult> {
  const email = contactKey(lead.payload.email)
  const telephone = lead.payload.telephone
  const result = await db.transaction(async (tx): Promise<StoreResult & { receivedAt?: Date }> => {
    // Serialises requests for one contact, across instances too, so a double click cannot slip
    // two leads past the duplicate check.
    await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [
      `${email}\n${telephone}`,
    ])
    // Any request from a person is an interaction: it restarts the retention period of all their leads.
    const earlier = await tx.query<{ duplicate: boolean }>(
      `UPDATE leads SET last_interaction_at = now() WHERE email = $1
       RETURNING (telephone = $2 AND received_at > now() - make_interval(mins => $3)) AS duplicate`,
      [email, telephone, duplicateWindowMinutes],
    )
    if (earlier.some((row) => row.duplicate)) return { status: 'duplicate' }
    const id = randomUUID()
    const receivedAt = await insertLead(tx, id, lead)
    // Counted with the lead, so that the funnel's last step is exactly the leads stored; the
    // count keeps only the day, campaign and ad, nothing that links it back to this lead.
    await countFunnelStep(tx, 'lead', {
      utm_campaign: lead.payload.utm_campaign ?? '',
      utm_content: lead.payload.utm_content ?? '',
    })
    return { status: 'stored', id, receivedAt }
  })
  if (result.status === 'stored' && db.journal && result.receivedAt) {
    // Before the 202: the embedded database's own files are not synced (lead-journal.ts).
    await db.journal.append({
      ...lead,
      id: result.id,
      receivedAt: result.receivedAt.toISOString(),
    })
  }
  return result.status === 'stored' ? { status: 'stored', id: result.id } : result
}

/** Inserts the lead and its deliveries; resolves with its reception time as stored. */
async function insertLead(
  tx: Sql,
  id: string,
  lead: IncomingLead,
  receivedAt?: string,
): Promise<Date | undefined> {
  const adConsent = lead.payload.consentement_publicite
  const columns = {
    id,
    email: contactKey(lead.payload.email),
    telephone: lead.payload.telephone,
    payload: JSON.stringify(lead.payload),
    consent_text: lead.payload.consentement_texte,
    client_ip: lead.clientIp,
    user_agent: lead.userAgent.slice(0, 1_000),
    consentement_publicite: adConsent,
    fbp: (adConsent && lead.metaCookies?.fbp) || null,
    fbc: (adConsent && lead.metaCookies?.fbc) || null,
    ...Object.fromEntries(originKeys.map((key) => [key, lead.payload[key] ?? null])),
    ...(receivedAt ? { received_at: receivedAt } : {}),
  }
  const names = Object.keys(columns)
  const [row] = await tx.query<{ received_at: Date }>(
    `INSERT INTO leads (${names.join(', ')})
     VALUES (${names.map((name, i) => `$${i + 1}${name === 'payload' ? '::jsonb' : ''}`).join(', ')})
     ON CONFLICT (id) DO NOTHING
     RETURNING received_at`,
    Object.values(columns),
  )
  if (!row) return undefined
  if (lead.destinations.length > 0) {
    await tx.query(
      'INSERT INTO lead_deliveries (lead_id, destination) SELECT $1, unnest($2::text[])',
      [id, lead.destinations],
    )
  }
  return row.received_at
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
    const inserted = await db.transaction((tx) => insertLead(tx, entry.id, entry, entry.receivedAt))
    if (inserted) restored += 1
  }
  return restored
}
