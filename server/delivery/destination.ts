/**
 * What every delivery destination (webhook, broker alert email, visitor confirmation…) is to the
 * worker: a name, the events it takes, and one call that sends one of them. The worker knows no
 * kind; adding one is a module of its own and a line in destinations.ts.
 */
import type { StoredLead } from '../../common/lead/stored-lead'

/**
 * `lead`: a new lead. `withdrawal`: the person withdrew consent to be called ("ne plus appeler").
 * `escalation`: nobody claimed or called the lead in time (escalation.ts).
 */
export type DeliveryEvent = 'lead' | 'withdrawal' | 'escalation'

/** One delivery of one stored lead to one destination. */
export interface DeliveryJob extends Omit<StoredLead, 'id'> {
  leadId: string
  destination: string
  event: DeliveryEvent
  /** This attempt's number, from 1. */
  attempt: number
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
  events: readonly DeliveryEvent[]
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
