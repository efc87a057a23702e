/**
 * What the back-office's screens API answers (server/back-office-api/), as the back-office app
 * (admin/) reads it: one contract for both programs.
 */
import type { CallbackSlot, LeadPayload, OriginKey } from '../lead/lead-contract'
import type { CallOutcome, CallStanding, CallState } from '../calls/call-rules'
import type { LeadStatus, LossReason } from '../pipeline/lead-stages'
import type { PlanBasis } from '../calls/call-planner'

export interface LeadFilter {
  /** Part of a name, an email or a phone number. */
  search?: string | undefined
  /** A campaign's name; `''` for leads that came without one. */
  campaign?: string | undefined
  state?: CallState | undefined
  /** Only the persons callable now whose planned moment has come ("À appeler maintenant"). */
  dueNow?: boolean | undefined
}

export type LeadOrder = 'urgence' | 'recents'

export interface LeadCard {
  id: string
  receivedAt: string
  nom: string
  prenom: string
  email: string
  telephone: string
  callback: { slot: CallbackSlot; label: string } | null
  simulation: LeadPayload['simulation'] | null
  origin: Partial<Record<OriginKey, string>>
  consentWithdrawnAt: string | null
  /**
   * When a withdrawal was confirmed from another address whose requests share this one's phone:
   * the lead stays callable, the advisor confirms with the person at the call.
   */
  withdrawalToConfirmAt: string | null
  /** The advisor who took the lead ("Je m'en occupe"), and when; `null` until one does. */
  claimedBy: string | null
  claimedAt: string | null
  /** Where the sale stands (`POST /admin/api/leads/:id/status`); `statusChangedAt` null until set. */
  status: LeadStatus
  statusLabel: string
  statusChangedAt: string | null
  standing: {
    state: CallState
    stateLabel: string
    reason: CallStanding['reason']
    /** Why it cannot be called now, in French; `null` when it can. */
    reasonText: string | null
    deadline: string
    attemptsLeft: number
    nextCallAt: string | null
    calls: number
    lastCall: { at: string; outcome: CallOutcome } | null
  }
  /** The planner's next call (common/calls/call-planner.ts). */
  plan: {
    /** The moment advised; `null` when none is (then `text` says why). */
    at: string | null
    basis: PlanBasis | null
    /** "Prochain appel", in French. */
    text: string
    /** Whether a call may be recorded now (law and rules). */
    allowedNow: boolean
    /** On "À appeler maintenant". */
    dueNow: boolean
    /** An agreed callback still ahead or under way: its minutes are open even outside the hours. */
    agreedAt: string | null
    /** "À appeler avant": the end of the last legal window of the request's 30 days. */
    callBefore: string
    /** Why no call may be recorded now, in French; `null` when one may. */
    notNowText: string | null
  }
  /**
   * Every request of the person (server/storage/persons.ts: an email or a phone shared within
   * 30 days), newest first. The card's own facts above are its newest request whose consent
   * stands (the newest when none does). More than one makes it a repeat ("2ᵉ demande").
   */
  requests: PersonRequest[]
}

/** One request of a person, as its card lists it. */
export type PersonRequest = Pick<
  LeadCard,
  'id' | 'receivedAt' | 'email' | 'telephone' | 'callback' | 'simulation' | 'origin'
> & {
  /** The consent wording the visitor ticked for this request. */
  consentText: string
  consentWithdrawnAt: string | null
}

export interface LeadPage {
  total: number
  leads: LeadCard[]
}

export interface CallEntry {
  id: string
  at: string
  outcome: CallOutcome
  outcomeLabel: string
  by: string
  rappelLe: string | null
  note: string | null
  /** When it was undone; an undone call counts nowhere. */
  undoneAt: string | null
  /** Until when the asker may undo it (its author, 10 minutes); `null` when they may not. */
  undoableUntil: string | null
}

/** One change of a lead's stage, as the card's history shows it (newest first). */
export interface StageEntry {
  id: string
  at: string
  status: LeadStatus
  statusLabel: string
  previousStatus: LeadStatus
  motif: LossReason | null
  motifLabel: string | null
  note: string | null
  /** The signed contract's yearly premium in euros, when the advisor entered it. */
  annualPremiumEur: number | null
  by: string
}

export type DeliveryState = 'pending' | 'delivered' | 'parked' | 'cancelled'

export interface DeliveryEntry {
  leadId: string
  destination: string
  destinationLabel: string
  event: string
  eventLabel: string
  state: DeliveryState
  stateLabel: string
  attempts: number
  lastError: string | null
  createdAt: string
  doneAt: string | null
}

export interface DeliveryStatus {
  parked: number
  pending: number
  oldestPendingSeconds: number
  /** The banner's sentence, or `null` when all is well. */
  alert: string | null
}

export const funnelPeriods = [7, 30, 90] as const

export type FunnelPeriod = (typeof funnelPeriods)[number]

export interface FunnelFigures {
  /** The anonymous counts of the period. */
  views: number
  formStarts: number
  estimates: number
  leads: number
  /**
   * From the leads received in the period (erased ones gone): persons (distinct phone numbers)
   * reached by a call, whose furthest stage was at least `rendez_vous`, and at least `signe`.
   */
  reached: number
  appointments: number
  signed: number
  /** The yearly premiums the signed persons' contracts bring, in euros. */
  premiumsEur: number
  /** Each step per the one before it, 0 to 1; `null` with nothing to divide. */
  viewToLead: number | null
  startToLead: number | null
  leadToReached: number | null
  reachedToAppointment: number | null
  appointmentToSigned: number | null
  leadToSigned: number | null
}

export interface FunnelRow extends FunnelFigures {
  /** A campaign's or an ad's `utm_campaign` or `utm_content`; `''` for visits without one. */
  name: string
  /** The name the ad's link gave a bare id (`campaign_name`, `ad_name`); `null` when none. */
  label: string | null
}

export interface FunnelReport {
  days: FunnelPeriod
  /** The campaign whose ads the rows are; `null` when the rows are campaigns. */
  campaign: string | null
  /** That campaign's name, when its id has one. */
  campaignLabel: string | null
  rows: FunnelRow[]
  total: FunnelFigures
  /** Oldest first, every day of the period; the later steps are those of that day's leads. */
  perDay: (FunnelFigures & { day: string })[]
}

/** What erasing a person deletes, named before it is done (`GET /admin/api/erase-preview`). */
export interface ErasePreview {
  /** The normalised address the erasure is for. */
  email: string
  leads: { id: string; receivedAt: string; nom: string; prenom: string; telephone: string }[]
  /** Calls recorded to those requests. */
  calls: number
  /** The tools a request was already delivered to, by their French names: erase it there too. */
  deliveredTo: string[]
}

/** One device of the caller's subscribed to Web Push (`/admin/api/push-subscriptions`). */
export interface PushSubscriptionEntry {
  id: string
  /** The push service's address for that browser. */
  endpoint: string
  createdAt: string
  /** The browser that subscribed, as it named itself; `null` when it sent no `User-Agent`. */
  userAgent: string | null
}

/** `GET /admin/api/push-subscriptions`: what the settings screen needs to subscribe and list. */
export interface PushSettings {
  /** The relay's VAPID public key (base64url), the `applicationServerKey` to subscribe with. */
  publicKey: string
  subscriptions: PushSubscriptionEntry[]
}
