/**
 * What the back-office's screens API answers (server/back-office-api/), as the back-office app
 * (admin/) reads it: one contract for both programs.
 */
import type { CallbackSlot, LeadPayload, OriginKey } from '../lead/lead-contract'
import type { CallOutcome, CallStanding, CallState } from '../calls/call-rules'
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
  views: number
  formStarts: number
  estimates: number
  leads: number
  /** Leads per view and per form start, 0 to 1; `null` with nothing to divide. */
  viewToLead: number | null
  startToLead: number | null
}

export interface FunnelReport {
  days: FunnelPeriod
  /** The campaign whose ads the rows are; `null` when the rows are campaigns. */
  campaign: string | null
  /** `name`: a campaign's or an ad's; `''` for visits whose address had none. */
  rows: (FunnelFigures & { name: string })[]
  total: FunnelFigures
  /** Oldest first, every day of the period. */
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
