/**
 * What every delivery destination (webhook, broker alert email, visitor confirmation…) is to the
 * worker: a name, the events it takes, and one call that sends one of them. The worker knows no
 * kind; adding one is a module of its own and a line in destinations.ts.
 */
import type { StoredLead } from '../../common/lead/stored-lead'
import type { LeadStatus, LossReason } from '../../common/pipeline/lead-stages'
import type { RequestRank } from '../storage/persons'

/**
 * `lead`: a new lead. `withdrawal`: the person withdrew consent to be called ("ne plus appeler").
 * `escalation`: nobody claimed or called the lead in time (escalation.ts). `status`: an advisor
 * moved the lead to another stage (lead-status.ts).
 */
export type DeliveryKind = 'lead' | 'withdrawal' | 'escalation' | 'status'

/** A delivery's event: its kind, and for a stage change which one (`status:<change id>`). */
export type DeliveryEvent = Exclude<DeliveryKind, 'status'> | `status:${string}`

/** A change of stage (`lead_status_changes`), for the delivery of a `status:` event. */
export interface StageChange {
  id: string
  at: Date
  status: LeadStatus
  previousStatus: LeadStatus
  motif: LossReason | null
  annualPremiumEur: number | null
}

/** One delivery of one stored lead to one destination. */
export interface DeliveryJob extends Omit<StoredLead, 'id'> {
  leadId: string
  destination: string
  event: DeliveryEvent
  /** The change a `status:` event tells of; absent for the other events. */
  stageChange?: StageChange | undefined
  /** This attempt's number, from 1. */
  attempt: number
  /**
   * For a lead: where it stands among its person's requests (persons.ts); the alerts call a
   * second one "2ᵉ demande". Absent where the worker did not look (a first request, then).
   */
  personRequest?: RequestRank
}

export type DeliveryOutcome =
  | { ok: true }
  /** `permanent`: sending again would fail the same way (a 4xx, a 5xx SMTP reply, a bad address). */
  | { ok: false; permanent: boolean; reason: string }

/** A message to the broker about the relay itself (a channel failing, then working again). */
export interface BrokerNotice {
  title: string
  body: string
  /** The back-office, absolute. */
  url: string
  /** Replaces an earlier notice with the same tag on a device (ASCII letters, digits, dashes). */
  tag: string
}

export interface Destination {
  name: string
  events: readonly DeliveryKind[]
  /** Of the stage changes (`status`), those it takes; absent: every one. */
  stages?: readonly LeadStatus[]
  /** Queued only for leads whose visitor accepted the ad trackers (`consentement_publicite`). */
  needsAdConsent?: boolean
  send(job: DeliveryJob): Promise<DeliveryOutcome>
  /** The broker's own channels (alert email, ntfy, push) also carry notices (channel-alerts.ts). */
  tellBroker?(notice: BrokerNotice): Promise<DeliveryOutcome>
  close?(): Promise<void>
}

export const temporaryFailure = (reason: string): DeliveryOutcome => ({
  ok: false,
  permanent: false,
  reason,
})
export const permanentFailure = (reason: string): DeliveryOutcome => ({
  ok: false,
  permanent: true,
  reason,
})
