/**
 * When the broker may call a lead, as pure functions of the lead and the calls recorded, so that
 * the list, the buttons and the refusals all say the same thing:
 * - the request is worth a call for 30 days (Code des assurances R112-7: later, the call is no
 *   longer one the person asked for);
 * - at most 4 calls or attempts in 30 days to one person (Code de la consommation D223-9), counted
 *   over every call to one of the person's emails or phones (server/storage/persons.ts);
 * - none after a withdrawal of consent (L223-1) or after "Ne plus appeler", for every request the
 *   person made until then: a later request is a new consent. A withdrawal confirmed from the link
 *   of another address reaches the leads of that address only: a lead sharing just its phone stays
 *   callable, marked for the advisor to confirm (withdraw-consent.ts).
 */

/**
 * What a call gave. `tentative` is the first version's "no answer" (before the kinds of missed
 * call were told apart): still accepted, counted like `pas_de_reponse`. `refus`: the person said
 * no during the call, so no call for 60 days (D223-9); `ne_plus_appeler`: never again.
 */
export const callOutcomes = [
  'pas_de_reponse',
  'messagerie',
  'rappeler',
  'joint',
  'refus',
  'ne_plus_appeler',
  'tentative',
] as const
export type CallOutcome = (typeof callOutcomes)[number]

/** The outcomes the advisor picks from; `tentative` is accepted from older clients only. */
export const offeredOutcomes = callOutcomes.filter((outcome) => outcome !== 'tentative')

/** A call that did not reach the person. */
export const missedOutcomes: readonly CallOutcome[] = ['pas_de_reponse', 'messagerie', 'tentative']

/** D223-9: after a refusal during a call, no call for 60 days. */
export const refusalSilenceDays = 60

export const maxCallsPerWindow = 4
export const callWindowDays = 30
/** R112-7: a call more than 30 days after the request was not requested. */
export const requestValidityDays = 30

const dayMs = 86_400_000

export interface RecordedCall {
  leadId: string
  at: Date
  outcome: CallOutcome
  /** `rappeler`: the moment agreed with the person. */
  rappelLe?: Date | null
}

export interface LeadCallFacts {
  id: string
  receivedAt: Date
  consentWithdrawnAt: Date | null
  /** Calls recorded on any lead of the same person (this one included), in any order. */
  personCalls: readonly RecordedCall[]
}

/** Why a lead cannot be called now. */
export type NotCallableReason =
  'consentement_retire' | 'ne_plus_appeler' | 'refus_recent' | 'delai_depasse' | 'maximum_atteint'

/**
 * What the broker can do with a lead now, one state each:
 * `nouveau` never called; `a_rappeler` called, not reached yet; `joint` reached, still callable
 * (a follow-up); `en_attente` the 4 calls of the window are used, callable again later; `clos`
 * never again.
 */
export const callStates = ['nouveau', 'a_rappeler', 'joint', 'en_attente', 'clos'] as const
export type CallState = (typeof callStates)[number]

export interface CallStanding {
  state: CallState
  /** `null` when a call is allowed now. */
  reason: NotCallableReason | null
  /** The last moment a call counts as requested. */
  deadline: Date
  /** Calls or attempts the person may still get in the 30 days ending now. */
  attemptsLeft: number
  /** When the 4-call limit (or a refusal's 60 days) frees a call again, if before the deadline. */
  nextCallAt: Date | null
  /** Calls recorded on this lead, and the last one. */
  calls: number
  lastCall: { at: Date; outcome: CallOutcome } | null
}

const counts = (call: RecordedCall) => call.outcome !== 'ne_plus_appeler'

export function requestDeadline(receivedAt: Date): Date {
  return new Date(receivedAt.getTime() + requestValidityDays * dayMs)
}

export function callStanding(lead: LeadCallFacts, now: Date): CallStanding {
  const deadline = requestDeadline(lead.receivedAt)
  const windowStart = now.getTime() - callWindowDays * dayMs
  const inWindow = lead.personCalls
    .filter((call) => counts(call) && call.at.getTime() > windowStart)
    .map((call) => call.at.getTime())
    .sort((a, b) => a - b)
  const attemptsLeft = Math.max(0, maxCallsPerWindow - inWindow.length)
  const own = lead.personCalls
    .filter((call) => call.leadId === lead.id)
    .sort((a, b) => a.at.getTime() - b.at.getTime())
  const last = own.at(-1)
  // A request made after a refusal is a new consent: only refusals since this one count.
  const since = (call: RecordedCall) => call.at.getTime() >= lead.receivedAt.getTime()
  const refused = lead.personCalls.some((call) => call.outcome === 'ne_plus_appeler' && since(call))
  const silenceEnd = refusalSilenceEnd(lead.personCalls.filter(since), now)
  const reason: NotCallableReason | null =
    lead.consentWithdrawnAt !== null
      ? 'consentement_retire'
      : refused
        ? 'ne_plus_appeler'
        : silenceEnd
          ? 'refus_recent'
          : now.getTime() > deadline.getTime()
            ? 'delai_depasse'
            : attemptsLeft === 0
              ? 'maximum_atteint'
              : null
  // The call that leaves the window first frees the next one.
  const freed =
    inWindow.length >= maxCallsPerWindow
      ? new Date((inWindow[inWindow.length - maxCallsPerWindow] ?? 0) + callWindowDays * dayMs)
      : null
  const nextCallAt =
    reason === 'maximum_atteint' && freed && freed <= deadline
      ? freed
      : reason === 'refus_recent' && silenceEnd && silenceEnd <= deadline
        ? silenceEnd
        : null
  const state: CallState =
    reason === 'maximum_atteint' || reason === 'refus_recent'
      ? nextCallAt
        ? 'en_attente'
        : 'clos'
      : reason !== null
        ? 'clos'
        : own.some((call) => call.outcome === 'joint')
          ? 'joint'
          : own.length > 0
            ? 'a_rappeler'
            : 'nouveau'
  return {
    state,
    reason,
    deadline,
    attemptsLeft: state === 'clos' ? 0 : attemptsLeft,
    nextCallAt,
    calls: own.length,
    lastCall: last ? { at: last.at, outcome: last.outcome } : null,
  }
}

/** When the 60 days after the latest refusal end, if they have not yet at `now`. */
export function refusalSilenceEnd(calls: readonly RecordedCall[], now: Date): Date | null {
  const last = Math.max(
    -Infinity,
    ...calls.filter((call) => call.outcome === 'refus').map((call) => call.at.getTime()),
  )
  const end = last + refusalSilenceDays * dayMs
  return end > now.getTime() ? new Date(end) : null
}

/**
 * Whether `outcome` may be recorded now: a call ("Tentative", "Joint") only when the lead is
 * callable; "Ne plus appeler" at any time until it is recorded, withdrawn or closed for good.
 */
export function refusalOf(standing: CallStanding, outcome: CallOutcome): NotCallableReason | null {
  if (outcome !== 'ne_plus_appeler') return standing.reason
  if (standing.reason === 'consentement_retire' || standing.reason === 'ne_plus_appeler') {
    return standing.reason
  }
  return null
}

const stateRank: Record<CallState, number> = {
  nouveau: 0,
  a_rappeler: 1,
  joint: 2,
  en_attente: 3,
  clos: 4,
}

export interface RankedLead {
  receivedAt: Date
  standing: CallStanding
}

/**
 * Most urgent first: leads never called, newest first (a lead called within minutes converts far
 * more often than one called the next day); then those called but not reached, closest deadline
 * first; then reached ones still open for a follow-up, closest deadline first; then those waiting
 * for the 4-call limit, soonest free first; the ones that can no longer be called last, newest
 * first.
 */
export function compareUrgency(a: RankedLead, b: RankedLead): number {
  const rank = stateRank[a.standing.state] - stateRank[b.standing.state]
  if (rank !== 0) return rank
  const newestFirst = b.receivedAt.getTime() - a.receivedAt.getTime()
  switch (a.standing.state) {
    case 'nouveau':
    case 'clos':
      return newestFirst
    case 'en_attente':
      return (
        (a.standing.nextCallAt?.getTime() ?? 0) - (b.standing.nextCallAt?.getTime() ?? 0) ||
        newestFirst
      )
    default:
      return a.standing.deadline.getTime() - b.standing.deadline.getTime() || newestFirst
  }
}
