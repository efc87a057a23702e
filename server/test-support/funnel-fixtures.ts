/**
 * Leads as the funnel's later steps read them: stored as the relay stores them, at a moment the
 * test chooses, then reached and moved along the stages by writing the rows the call and stage
 * routes write (those routes are tested on their own).
 */
import { parseLeadPayload } from '../api/parse-lead'
import { leadFormCopy } from '../../common/lead/lead-form-copy'
import type { LeadStatus } from '../../common/pipeline/lead-stages'
import type { Database } from '../storage/database'
import { storeLead } from '../storage/lead-store'

export interface FunnelLead {
  email: string
  telephone: string
  utm_campaign?: string
  utm_content?: string
  /** The landing page's address; by default one carrying the two origin keys. */
  page_url?: string
}

/** Stores a lead as received at `at`, counted in that day's funnel; returns its id. */
export async function storeLeadAt(db: Database, lead: FunnelLead, at: Date): Promise<string> {
  const origin = Object.fromEntries(
    (['utm_campaign', 'utm_content'] as const).flatMap((key) =>
      lead[key] === undefined ? [] : [[key, lead[key]]],
    ),
  )
  const parsed = parseLeadPayload({
    nom: 'Martin',
    prenom: 'Élodie',
    email: lead.email,
    telephone: lead.telephone,
    source: 'facebook_ads',
    page_url: lead.page_url ?? `https://courtier.example/?${new URLSearchParams(origin)}`,
    timestamp: at.toISOString(),
    consentement: true,
    consentement_texte: leadFormCopy.consentLabel,
    ...origin,
  })
  if (!parsed.ok) throw new Error(`test lead refused: ${JSON.stringify(parsed.errors)}`)
  const stored = await storeLead(
    db,
    { payload: parsed.payload, clientIp: '127.0.0.1', userAgent: 'test', destinations: [] },
    at,
  )
  if (stored.status !== 'stored') throw new Error('test lead not stored')
  await db.query('UPDATE leads SET received_at = $2 WHERE id = $1', [stored.id, at])
  return stored.id
}

/** A call recorded as `joint` at `at`. */
export async function recordReached(db: Database, leadId: string, at: Date): Promise<void> {
  await db.query(
    `INSERT INTO lead_calls (lead_id, at, outcome, admin_email)
     VALUES ($1, $2, 'joint', 'conseiller@exemple.fr')`,
    [leadId, at],
  )
}

/**
 * The lead moved through `statuses` in order, a minute apart from `at`; `perdu` with a reason,
 * `signe` with `premiumEur` when given. Its status ends as the last one.
 */
export async function recordStages(
  db: Database,
  leadId: string,
  statuses: readonly LeadStatus[],
  { at, premiumEur }: { at: Date; premiumEur?: number },
): Promise<void> {
  let previous: LeadStatus = 'nouveau'
  for (const [index, status] of statuses.entries()) {
    const changedAt = new Date(at.getTime() + index * 60_000)
    await db.query(
      `INSERT INTO lead_status_changes
         (lead_id, at, status, previous_status, motif, annual_premium_eur, admin_email)
       VALUES ($1, $2, $3, $4, $5, $6, 'conseiller@exemple.fr')`,
      [
        leadId,
        changedAt,
        status,
        previous,
        status === 'perdu' ? 'pas_interesse' : null,
        status === 'signe' ? (premiumEur ?? null) : null,
      ],
    )
    await db.query('UPDATE leads SET status = $2, status_changed_at = $3 WHERE id = $1', [
      leadId,
      status,
      changedAt,
    ])
    previous = status
  }
}

/** A lead and what became of it: reached when `reachedAt` is given, then moved through `stages`. */
export interface LeadStory extends FunnelLead {
  receivedAt: string
  reachedAt?: string
  stages?: readonly LeadStatus[]
  premiumEur?: number
}

/** Stores the lead, its `joint` call and its stages (an hour after it came); returns its id. */
export async function storeLeadStory(db: Database, story: LeadStory): Promise<string> {
  const receivedAt = new Date(story.receivedAt)
  const id = await storeLeadAt(db, story, receivedAt)
  if (story.reachedAt) await recordReached(db, id, new Date(story.reachedAt))
  if (story.stages) {
    await recordStages(db, id, story.stages, {
      at: new Date(receivedAt.getTime() + 3_600_000),
      premiumEur: story.premiumEur,
    })
  }
  return id
}
