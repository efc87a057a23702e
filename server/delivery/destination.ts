/**
 * What every delivery destination (webhook, broker alert email, visitor confirmation…) is to the
 * worker: a name, the events it takes, and one call that sends one of them. The worker knows no
 * kind; adding one is a module of its own and a line in destinations.ts.
 */
import type { LeadPayload } from '../../common/lead/lead-contract'

/** `lead`: a new lead. `withdrawal`: the person withdrew consent to be called ("ne plus appeler"). */
export type DeliveryEvent = 'lead' | 'withdrawal'

export interface DeliveryJob {
  leadId: string
  destination: string
  event: DeliveryEvent
  /** This attempt's number, from 1. */
  attempt: number
  payload: LeadPayload
  receivedAt: Date
  consentWithdrawnAt: Date | null
  /** The browser the lead was sent from, as the relay received it. */
  visitor: {
    ip: string
    userAgent: string
    /** Meta's `_fbp` and `_fbc` cookies, stored only when the visitor accepted the pixel. */
    fbp: string | null
    fbc: string | null
  }
}

export type DeliveryOutcome =
  | { ok: true }
  /** `permanent`: sending again would fail the same way (a 4xx, a 5xx SMTP reply, a bad address). */
  | { ok: false; permanent: boolean; reason: string }

export interface Destination {
  name: string
  events: readonly DeliveryEvent[]
  /** Queued only for leads whose visitor accepted the ad trackers (`consentement_publicite`). */
  needsAdConsent?: boolean
  send(job: DeliveryJob): Promise<DeliveryOutcome>
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
