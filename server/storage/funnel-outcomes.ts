/**
 * The funnel after the lead, read from the leads themselves: of the requests received in a period
 * from each campaign and ad, how many persons were reached, got an appointment, signed, and the
 * yearly premiums signed. The anonymous funnel counts (funnel-counts.ts) are never joined to these
 * rows: reports put the two side by side per campaign and ad, sums against sums.
 *
 * A person is persons.ts's: requests sharing a phone or an email within 30 days, step by step,
 * among the period's requests; they count once per campaign or ad (and once in the total). A lead's steps
 * are its furthest stage in `lead_status_changes`, not its status: an appointment later `perdu`
 * still counts as an appointment. Erased leads vanish from these figures with their calls and
 * stage changes, while the anonymous counts keep them.
 */
import { maxFunnelOriginLength } from '../../common/funnel-contract'
import { leadStages, stageRank } from '../../common/pipeline/lead-stages'
import type { Sql } from './database'
import { groupPersons, type PersonRequestFacts } from './persons'
import { parisDay } from './funnel-counts'

/** What one lead of the period brings to the figures. */
export interface LeadOutcome {
  /** The day it was received, in Paris, `YYYY-MM-DD`. */
  day: string
  /** Cut as the funnel counts cut it, `''` when the address had none. */
  utm_campaign: string
  utm_content: string
  /** The person's key: the id of its newest request of the period (persons.ts). */
  person: string
  /** `null` for a lead never moved past `nouveau`. */
  furthest: number | null
  reached: boolean
  /** The yearly premium entered when it was last set to `signe`, in euros. */
  premium_eur: number | null
  page_url: string | null
}

/** The figures from the leads, for one campaign, ad or day. */
export interface OutcomeCounts {
  reached: number
  appointments: number
  signed: number
  /** Sum of the yearly premiums of the signed persons, in euros. */
  premiumsEur: number
}

export const noOutcomes: OutcomeCounts = { reached: 0, appointments: 0, signed: 0, premiumsEur: 0 }

const rankOf = `CASE s.status ${leadStages
  .map((stage) => `WHEN '${stage}' THEN ${stageRank(stage)}`)
  .join(' ')} END`

/**
 * The leads received in the last `days` days in Paris (today included), with how far each went.
 * "Reached": a call recorded `joint`, and not undone.
 */
export async function readLeadOutcomes(
  db: Sql,
  { days }: { days: number },
  now: Date = new Date(),
): Promise<LeadOutcome[]> {
  const paris = (day: string) => `(${day})::timestamp AT TIME ZONE 'Europe/Paris'`
  const rows = await db.query<
    Omit<LeadOutcome, 'person'> &
      Pick<PersonRequestFacts, 'id' | 'received_at' | 'email' | 'telephone'>
  >(
    `SELECT l.id, l.received_at, l.email, l.telephone,
            to_char((l.received_at AT TIME ZONE 'Europe/Paris')::date, 'YYYY-MM-DD') AS day,
            left(coalesce(l.utm_campaign, ''), $3) AS utm_campaign,
            left(coalesce(l.utm_content, ''), $3) AS utm_content,
            (SELECT max(${rankOf}) FROM lead_status_changes AS s WHERE s.lead_id = l.id)::integer
              AS furthest,
            EXISTS (SELECT 1 FROM lead_calls AS c WHERE c.lead_id = l.id AND c.outcome = 'joint'
                                                     AND c.undone_at IS NULL)
              AS reached,
            (SELECT s.annual_premium_eur FROM lead_status_changes AS s
             WHERE s.lead_id = l.id AND s.status = 'signe' ORDER BY s.at DESC, s.id DESC LIMIT 1
            )::float8 AS premium_eur,
            l.payload ->> 'page_url' AS page_url
     FROM leads AS l
     WHERE l.received_at >= ${paris('$1::date - $2::integer + 1')}
       AND l.received_at < ${paris('$1::date + 1')}
       AND (l.payload ->> 'est_test') IS DISTINCT FROM 'true'
     ORDER BY l.received_at`,
    [parisDay(now), days, maxFunnelOriginLength],
  )
  const persons = groupPersons(rows)
  return rows.map(({ id, received_at: _received, email: _email, telephone: _phone, ...lead }) => ({
    ...lead,
    person: persons.get(id)?.[0]?.id ?? id,
  }))
}

const appointmentRank = stageRank('rendez_vous')
const signedRank = stageRank('signe')

/** Persons reached, with an appointment and signed, among some leads. */
export function sumOutcomes(leads: readonly LeadOutcome[]): OutcomeCounts {
  const reached = new Set<string>()
  const appointments = new Set<string>()
  const premiums = new Map<string, number>()
  for (const lead of leads) {
    const furthest = lead.furthest ?? 0
    if (lead.reached) reached.add(lead.person)
    if (furthest >= appointmentRank) appointments.add(lead.person)
    if (furthest >= signedRank) {
      premiums.set(lead.person, Math.max(premiums.get(lead.person) ?? 0, lead.premium_eur ?? 0))
    }
  }
  return {
    reached: reached.size,
    appointments: appointments.size,
    signed: premiums.size,
    premiumsEur: [...premiums.values()].reduce((sum, premium) => sum + premium, 0),
  }
}

/** The leads grouped by `key`, summed per group. */
export function outcomesBy(
  leads: readonly LeadOutcome[],
  key: (lead: LeadOutcome) => string,
): Map<string, OutcomeCounts> {
  const groups = new Map<string, LeadOutcome[]>()
  for (const lead of leads) {
    const group = groups.get(key(lead))
    if (group) group.push(lead)
    else groups.set(key(lead), [lead])
  }
  return new Map([...groups].map(([name, group]) => [name, sumOutcomes(group)]))
}

/**
 * Meta's links carry what the broker's URL parameters ask for. Ids in `utm_campaign` and
 * `utm_content` (docs/relay.md) never change, but read badly; `campaign_name={{campaign.name}}`
 * and `ad_name={{ad.name}}` added to the parameters put the names beside them (frozen when the ad
 * is published: docs/research/lead-delivery-sources.md, "Macros"). The landing page does not
 * read them; the lead's `page_url` keeps them.
 */
export const originNameParameters = { campaign: 'campaign_name', ad: 'ad_name' } as const

/** Meta's ids are 15 to 18 digits; shorter digit strings are taken as names someone chose. */
const bareId = /^\d{6,}$/

/**
 * The name to show for each campaign (`ad: false`) or ad id that is a bare id, when a lead of the
 * period carried one in its address; the latest lead's name wins.
 */
export function originNames(
  leads: readonly LeadOutcome[],
  level: 'campaign' | 'ad',
): Map<string, string> {
  const names = new Map<string, string>()
  for (const lead of leads) {
    const id = level === 'campaign' ? lead.utm_campaign : lead.utm_content
    if (!bareId.test(id) || !lead.page_url) continue
    const name = nameIn(lead.page_url, originNameParameters[level])
    if (name) names.set(id, name)
  }
  return names
}

function nameIn(pageUrl: string, parameter: string): string | undefined {
  try {
    const name = new URL(pageUrl).searchParams.get(parameter)?.trim()
    return name ? name.slice(0, maxFunnelOriginLength) : undefined
  } catch {
    return undefined
  }
}
