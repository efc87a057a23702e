/**
 * The planner: for one person, the next moment a call is both allowed and advisable, as a pure
 * function of their request, their calls and a clock, so that the card, the list "À appeler
 * maintenant", the refusals and the alert email say the same thing.
 *
 * Allowed (compliance-sources.md §2): Monday–Friday 10:00–13:00 and 14:00–20:00 Europe/Paris,
 * never on a public holiday (C. consom. D223-9, calling-hours.ts); within 30 days of the request
 * (C. assur. R112-7); at most 4 calls or attempts in 30 days; none in the 60 days after a refusal
 * (D223-9); outside the hours only at a time the person agreed (D223-9 §2: express consent).
 *
 * Advisable (speed-to-lead-sources.md §1.1, Velocify 3.5 M leads: attempts at 30–60 min convert
 * 58 % better, day 5 still 22 %): the visitor's chosen slot when there is one; after a missed
 * call, the next window at least 30 minutes later, then the next day, then around day 5 of the
 * request. A proposal: the advisor changes it by agreeing a callback (`rappeler`) or reprogramming.
 */
import type { CallbackSlot } from '../lead/lead-contract'
import {
  callStanding,
  missedOutcomes,
  requestDeadline,
  type CallStanding,
  type LeadCallFacts,
  type NotCallableReason,
} from './call-rules'
import { frenchPublicHolidays, parisParts } from './calling-hours'

const minuteMs = 60_000

/** After a missed call, the next attempt at least this much later (Velocify: 30–60 min). */
export const retryAfterMinutes = 30
/** "Around day 5" of the request, the request's day being day 1. */
export const lateRetryDay = 5
/** An agreed callback may be made this long before or after the time agreed. */
export const agreedEarlyMinutes = 15
export const agreedLateMinutes = 30

/** Hours of a Paris day, as [start, end) in minutes since midnight. */
type Span = readonly [number, number]

const legalSpans: readonly Span[] = [
  [10 * 60, 13 * 60],
  [14 * 60, 20 * 60],
]

/** The visitor's slots (lead-form-copy.ts), all inside the legal hours. */
const slotSpans: Record<CallbackSlot, readonly Span[]> = {
  des_que_possible: legalSpans,
  matin: [[10 * 60, 13 * 60]],
  apres_midi: [[14 * 60, 17 * 60]],
  soir: [[17 * 60, 20 * 60]],
}

interface ParisDay {
  year: number
  month: number
  day: number
  weekday: string
  /** Minutes since the day's midnight. */
  minutes: number
}

function parisDayOf(at: Date): ParisDay {
  const parts = Object.fromEntries(
    parisParts.formatToParts(at).map((part) => [part.type, part.value]),
  )
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    weekday: parts.weekday ?? '',
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  }
}

/** The instant of a Paris wall-clock time (the two offsets of a day that changes hour handled). */
export function parisTime(year: number, month: number, day: number, minutes: number): Date {
  const wall = Date.UTC(year, month - 1, day, 0, minutes)
  let guess = wall - 60 * minuteMs
  for (let pass = 0; pass < 2; pass += 1) {
    const seen = parisDayOf(new Date(guess))
    const seenWall = Date.UTC(seen.year, seen.month - 1, seen.day, 0, seen.minutes)
    guess += wall - seenWall
  }
  return new Date(guess)
}

/** The calendar day `offset` days after `at`'s Paris day. */
function shiftedDay(day: ParisDay, offset: number): ParisDay {
  const date = new Date(Date.UTC(day.year, day.month - 1, day.day + offset))
  return parisDayOf(
    parisTime(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), 12 * 60),
  )
}

function isCallingDay(day: ParisDay): boolean {
  if (day.weekday === 'Sat' || day.weekday === 'Sun') return false
  const key = `${String(day.month).padStart(2, '0')}-${String(day.day).padStart(2, '0')}`
  return !frenchPublicHolidays(day.year).includes(key)
}

/** The windows of a day, as instants. */
function windowsOf(day: ParisDay, spans: readonly Span[]): { start: Date; end: Date }[] {
  if (!isCallingDay(day)) return []
  return spans.map(([start, end]) => ({
    start: parisTime(day.year, day.month, day.day, start),
    end: parisTime(day.year, day.month, day.day, end),
  }))
}

/** Longer than any run of days without a window (a weekend next to holidays). */
const searchDays = 14

/** The first moment at or after `from` inside the slot's windows (the legal ones without one). */
export function nextWindowMoment(from: Date, slot: CallbackSlot | null = null): Date {
  const spans = slotSpans[slot ?? 'des_que_possible']
  const first = parisDayOf(from)
  for (let offset = 0; offset < searchDays; offset += 1) {
    for (const window of windowsOf(shiftedDay(first, offset), spans)) {
      if (window.end > from) return window.start > from ? window.start : from
    }
  }
  throw new Error('no calling window within two weeks')
}

/** Whether `at` lies inside the slot's windows (the legal ones without one). */
export function isInWindow(at: Date, slot: CallbackSlot | null = null): boolean {
  return nextWindowMoment(at, slot).getTime() === at.getTime()
}

/**
 * The end of the last legal window before the request's 30 days run out, or the deadline itself
 * when it falls inside a window: "à appeler avant" that moment.
 */
export function callBefore(receivedAt: Date): Date {
  const deadline = requestDeadline(receivedAt)
  const last = parisDayOf(deadline)
  for (let offset = 0; offset > -searchDays; offset -= 1) {
    const windows = windowsOf(shiftedDay(last, offset), legalSpans).reverse()
    for (const window of windows) {
      if (window.start < deadline) return window.end < deadline ? window.end : deadline
    }
  }
  throw new Error('no calling window within two weeks')
}

/** The start of the Paris day `offset` days after `at`'s. */
function dayStart(at: Date, offset: number): Date {
  const day = shiftedDay(parisDayOf(at), offset)
  return parisTime(day.year, day.month, day.day, 0)
}

/** Why the plan proposes its moment. */
export type PlanBasis =
  | 'premier_appel'
  | 'rappel_convenu'
  | 'reprogramme'
  | 'relance_30_min'
  | 'relance_lendemain'
  | 'relance_jour_5'

/** Why no call is planned: a rule of call-rules.ts, or the person was reached (`a_convenir`). */
export type NoPlanReason = NotCallableReason | 'a_convenir'

export interface PlannerFacts extends LeadCallFacts {
  /** The slot the visitor chose on the form. */
  slot: CallbackSlot | null
  /** The advisor's latest "Reprogrammer" on any of the person's requests: the moment, and when. */
  reprogrammed?: { for: Date; at: Date } | null
}

export interface CallPlan {
  standing: CallStanding
  /** The next moment advised, possibly past (then the call is overdue); `null` with a reason. */
  at: Date | null
  basis: PlanBasis | null
  noPlan: NoPlanReason | null
  /** Whether the law and the rules allow a call at `now`. */
  allowedNow: boolean
  /** Allowed now, and the moment planned has come: the person is on "À appeler maintenant". */
  dueNow: boolean
  /** The agreed callback still ahead or under way, if any: it opens its own minutes. */
  agreedAt: Date | null
  /** "À appeler avant": the end of the last legal window of the 30 days. */
  callBefore: Date
}

function nearAgreed(at: Date, agreed: Date | null): boolean {
  if (!agreed) return false
  const delta = at.getTime() - agreed.getTime()
  return delta >= -agreedEarlyMinutes * minuteMs && delta <= agreedLateMinutes * minuteMs
}

/**
 * Why a call at `at` would break the calling hours, or `null` when it would not: inside the
 * legal hours (the visitor's slots all are), or at the time agreed with the person.
 */
export function callTimeRefusal(at: Date, agreedAt: Date | null): 'hors_horaires' | null {
  return isInWindow(at) || nearAgreed(at, agreedAt) ? null : 'hors_horaires'
}

export function planNextCall(facts: PlannerFacts, now: Date): CallPlan {
  const standing = callStanding(facts, now)
  const before = callBefore(facts.receivedAt)
  const byTime = [...facts.personCalls].sort((a, b) => a.at.getTime() - b.at.getTime())
  const calls = byTime.filter((call) => call.at.getTime() >= facts.receivedAt.getTime())
  const last = calls.at(-1)
  // The person's last call, on whichever request: a callback agreed before a new request came
  // still stands while its time is ahead or under way (callback-reminders.ts reminds it).
  const personLast = byTime.at(-1)
  const agreedByPerson =
    personLast?.outcome === 'rappeler' && personLast.rappelLe && !standing.reason
      ? personLast.rappelLe
      : null
  const agreedAt =
    agreedByPerson && now.getTime() <= agreedByPerson.getTime() + agreedLateMinutes * minuteMs
      ? agreedByPerson
      : null
  // Once its minutes are past, only a callback agreed on this request still sets the plan.
  const agreed =
    agreedAt ??
    (last?.outcome === 'rappeler' && last.rappelLe && !standing.reason ? last.rappelLe : null)
  const allowedNow = standing.reason === null && (isInWindow(now) || nearAgreed(now, agreedAt))
  const none = (noPlan: NoPlanReason): CallPlan => ({
    standing,
    at: null,
    basis: null,
    noPlan,
    allowedNow,
    dueNow: false,
    agreedAt,
    callBefore: before,
  })
  const closed = standing.state === 'clos' && standing.reason
  if (closed) return none(standing.reason ?? 'delai_depasse')

  // The advisor's choice made after the person's last call replaces the proposal.
  const reprogrammed =
    facts.reprogrammed && (!personLast || facts.reprogrammed.at > personLast.at)
      ? facts.reprogrammed
      : null
  let basis: PlanBasis
  let base: Date
  let slot = facts.slot
  if (reprogrammed) {
    basis = 'reprogramme'
    base = reprogrammed.for
    slot = null
  } else if (agreed) {
    // The agreed time itself, even outside the hours; once its minutes are past, the next window.
    if (agreedAt) {
      const dueNow = allowedNow && now >= new Date(agreed.getTime() - agreedEarlyMinutes * minuteMs)
      return { ...none('a_convenir'), at: agreed, basis: 'rappel_convenu', noPlan: null, dueNow }
    }
    basis = 'rappel_convenu'
    base = agreed
    slot = null
  } else if (!last) {
    basis = 'premier_appel'
    base = facts.receivedAt
  } else if (missedOutcomes.includes(last.outcome)) {
    let missed = 0
    for (const call of [...calls].reverse()) {
      if (!missedOutcomes.includes(call.outcome)) break
      missed += 1
    }
    if (missed === 1) {
      basis = 'relance_30_min'
      base = new Date(last.at.getTime() + retryAfterMinutes * minuteMs)
    } else if (missed === 2) {
      basis = 'relance_lendemain'
      base = dayStart(last.at, 1)
    } else {
      const nextDay = dayStart(last.at, 1)
      const dayFive = dayStart(facts.receivedAt, lateRetryDay - 1)
      basis = dayFive > nextDay ? 'relance_jour_5' : 'relance_lendemain'
      base = dayFive > nextDay ? dayFive : nextDay
    }
  } else {
    // Reached (`joint`): what comes next is agreed with the person, not guessed.
    return none('a_convenir')
  }
  if (standing.nextCallAt && standing.nextCallAt > base) base = standing.nextCallAt
  let at = nextWindowMoment(base, slot)
  // A moment already past but outside the slot now: the slot's next window.
  if (at < now && !isInWindow(now, slot)) at = nextWindowMoment(now, slot)
  if (at >= before && slot) {
    // No slot window left in the 30 days: any legal window will do.
    at = nextWindowMoment(base < now ? now : base)
  }
  if (at >= before) return none('delai_depasse')
  return {
    standing,
    at,
    basis,
    noPlan: null,
    allowedNow,
    dueNow: allowedNow && at <= now && standing.reason === null,
    agreedAt,
    callBefore: before,
  }
}

/** "À appeler maintenant": soonest due first. */
export function compareDue(a: CallPlan, b: CallPlan): number {
  return (a.at?.getTime() ?? Infinity) - (b.at?.getTime() ?? Infinity)
}
