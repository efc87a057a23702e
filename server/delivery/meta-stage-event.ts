/**
 * A stage an advisor set (issue 30) as a server event for Meta's Conversions API, so that the ad
 * platform learns which leads become customers. It follows Meta's "Conversions API for CRM"
 * payload (speed-to-lead-sources.md §3.1, developers.facebook.com/documentation/ads-commerce/
 * conversions-api/conversion-leads-integration/payload-specification): `action_source`
 * `system_generated`, `custom_data.event_source` `crm` and `lead_event_source` the CRM's name,
 * `event_time` the stage's time (at most 7 days before sending, after the lead). Meta's
 * `user_data.lead_id` is the id of an Instant Form's lead: our leads come from the website, so
 * they are matched on the lead event's hashed details, Meta's cookies and `external_id`.
 */
import { isLeadStatus, leadStatuses, type LeadStatus } from '../../common/pipeline/lead-stages'
import type { DeliveryJob, StageChange } from './destination'
import { metaUserData, sha256Hex, type MetaUserData } from './meta-event'

/** `lead_event_source`: the CRM the stages come from, this product. */
export const crmName = 'assurance-emprunteur-leads'

/** Which Meta event each stage is sent as; a stage absent is not sent. */
export type StageEventNames = Partial<Record<LeadStatus, string>>

/** `META_STAGE_EVENTS` when unset: Meta's standard events closest to each step of the sale. */
export const defaultStageEvents =
  'en_cours:Contact,rendez_vous:Schedule,devis_envoye:SubmitApplication,signe:Purchase'

/** A standard or custom event name as Meta takes it: letters, digits, underscores. */
const eventName = /^[A-Za-z][A-Za-z0-9_]{0,49}$/

/**
 * `stage:EventName` pairs separated by commas, or `off` for none; `undefined` when the text is not
 * that (a stage unknown or named twice, an event name Meta would refuse).
 */
export function parseStageEvents(text: string): StageEventNames | undefined {
  if (text.trim() === 'off') return {}
  const names: StageEventNames = {}
  for (const pair of text.split(',')) {
    const [stage, name, ...rest] = pair.split(':').map((part) => part.trim())
    if (rest.length > 0 || !isLeadStatus(stage) || stage === 'nouveau') return undefined
    if (!name || !eventName.test(name) || names[stage]) return undefined
    names[stage] = name
  }
  return names
}

/** The stages `parseStageEvents` takes, for its error message. */
export const sendableStages = leadStatuses.filter((status) => status !== 'nouveau')

export interface MetaStageEvent {
  event_name: string
  event_time: number
  event_id: string
  action_source: 'system_generated'
  user_data: MetaUserData & { external_id: string }
  custom_data: {
    event_source: 'crm'
    lead_event_source: string
    value?: number
    currency?: 'EUR'
  }
}

/**
 * One id per lead and stage, whatever the change: a stage reached again, or a delivery sent
 * again, carries the same id, and Meta keeps one of them.
 */
export function stageEventId(leadId: string, status: LeadStatus): string {
  return `${leadId}-${status}`
}

export function metaStageEvent(
  job: DeliveryJob,
  change: StageChange,
  name: string,
): MetaStageEvent {
  const value = change.status === 'signe' ? change.annualPremiumEur : null
  return {
    event_name: name,
    event_time: Math.floor(change.at.getTime() / 1000),
    event_id: stageEventId(job.leadId, change.status),
    action_source: 'system_generated',
    user_data: { ...metaUserData(job), external_id: sha256Hex(job.leadId) },
    custom_data: {
      event_source: 'crm',
      lead_event_source: crmName,
      ...(value === null ? {} : { value, currency: 'EUR' as const }),
    },
  }
}
