import { describe, expect, it } from 'vitest'
import {
  callBefore,
  callTimeRefusal,
  nextWindowMoment,
  parisTime,
  planNextCall,
  type PlannerFacts,
} from './call-planner'
import { frenchMomentInWords } from './call-copy'
import type { CallOutcome, RecordedCall } from './call-rules'
import { frenchPublicHolidays, isWithinCallingHours } from './calling-hours'

/** A Paris wall-clock time: `paris('2026-11-25', '10:30')`. */
function paris(day: string, time: string): Date {
  const [year, month, date] = day.split('-').map(Number)
  const [hour, minute] = time.split(':').map(Number)
  return parisTime(year ?? 0, month ?? 0, date ?? 0, (hour ?? 0) * 60 + (minute ?? 0))
}

const minutes = (at: Date, count: number) => new Date(at.getTime() + count * 60_000)

function person(overrides: Partial<PlannerFacts> = {}): PlannerFacts {
  return {
    id: 'lead-a',
    receivedAt: paris('2026-11-25', '09:00'),
    consentWithdrawnAt: null,
    personCalls: [],
    slot: null,
    ...overrides,
  }
}

const call = (at: Date, outcome: CallOutcome, rappelLe?: Date): RecordedCall => ({
  leadId: 'lead-a',
  at,
  outcome,
  rappelLe: rappelLe ?? null,
})

describe('Paris wall-clock times', () => {
  it('maps a Paris time to its instant in winter and in summer', () => {
    expect(paris('2026-11-25', '10:00').toISOString()).toBe('2026-11-25T09:00:00.000Z')
    expect(paris('2026-07-15', '10:00').toISOString()).toBe('2026-07-15T08:00:00.000Z')
    // The night the clocks go back (25 October 2026) and forward (28 March 2027).
    expect(paris('2026-10-26', '10:00').toISOString()).toBe('2026-10-26T09:00:00.000Z')
    expect(paris('2027-03-29', '10:00').toISOString()).toBe('2027-03-29T08:00:00.000Z')
  })
})

describe('nextWindowMoment: the legal windows', () => {
  it('opens at 10:00 on a weekday morning', () => {
    expect(nextWindowMoment(paris('2026-11-25', '04:12'))).toEqual(paris('2026-11-25', '10:00'))
  })

  it('skips the lunch gap, and takes 12:59 as inside', () => {
    expect(nextWindowMoment(paris('2026-11-25', '13:00'))).toEqual(paris('2026-11-25', '14:00'))
    expect(nextWindowMoment(paris('2026-11-25', '12:59'))).toEqual(paris('2026-11-25', '12:59'))
  })

  it('closes at 20:00 sharp: 19:59 is inside, 20:00 goes to the next working day', () => {
    expect(nextWindowMoment(paris('2026-11-25', '19:59'))).toEqual(paris('2026-11-25', '19:59'))
    expect(nextWindowMoment(paris('2026-11-25', '20:00'))).toEqual(paris('2026-11-26', '10:00'))
    expect(isWithinCallingHours(paris('2026-11-25', '20:00'))).toBe(false)
  })

  it('skips the weekend', () => {
    expect(nextWindowMoment(paris('2026-11-27', '20:00'))).toEqual(paris('2026-11-30', '10:00'))
    expect(nextWindowMoment(paris('2026-11-28', '11:00'))).toEqual(paris('2026-11-30', '10:00'))
    expect(nextWindowMoment(paris('2026-11-29', '15:00'))).toEqual(paris('2026-11-30', '10:00'))
  })

  it('keeps to the visitor’s slot', () => {
    const at = paris('2026-11-25', '11:00')
    expect(nextWindowMoment(at, 'matin')).toEqual(at)
    expect(nextWindowMoment(at, 'apres_midi')).toEqual(paris('2026-11-25', '14:00'))
    expect(nextWindowMoment(at, 'soir')).toEqual(paris('2026-11-25', '17:00'))
    expect(nextWindowMoment(paris('2026-11-25', '13:30'), 'matin')).toEqual(
      paris('2026-11-26', '10:00'),
    )
  })

  // Each public holiday, from 9:00 that day: the next moment is 10:00 of the next working day.
  const holidays: [string, string][] = [
    ['2026-01-01', '2026-01-02'],
    ['2026-04-06', '2026-04-07'], // Easter Monday (Easter: 5 April 2026)
    ['2026-05-01', '2026-05-04'],
    ['2026-05-08', '2026-05-11'],
    ['2026-05-14', '2026-05-15'], // Ascension
    ['2026-05-25', '2026-05-26'], // Whit Monday
    ['2026-07-14', '2026-07-15'],
    ['2026-08-15', '2026-08-17'],
    ['2026-11-01', '2026-11-02'],
    ['2026-11-11', '2026-11-12'],
    ['2026-12-25', '2026-12-28'],
    ['2027-01-01', '2027-01-04'],
    ['2027-03-29', '2027-03-30'], // Easter Monday (Easter: 28 March 2027)
    ['2027-05-01', '2027-05-03'],
    ['2027-05-06', '2027-05-07'], // Ascension
    ['2027-05-08', '2027-05-10'],
    ['2027-05-17', '2027-05-18'], // Whit Monday
    ['2027-07-14', '2027-07-15'],
    ['2027-08-15', '2027-08-16'],
    ['2027-11-01', '2027-11-02'],
    ['2027-11-11', '2027-11-12'],
    ['2027-12-25', '2027-12-27'],
  ]

  it.each(holidays)('never calls on %s: next is %s at 10:00', (holiday, next) => {
    expect(nextWindowMoment(paris(holiday, '09:00'))).toEqual(paris(next, '10:00'))
    expect(nextWindowMoment(paris(holiday, '15:00'))).toEqual(paris(next, '10:00'))
  })

  it('knows every public holiday of 2026 and 2027, and no other', () => {
    for (const year of [2026, 2027]) {
      expect(frenchPublicHolidays(year).map((day) => `${year}-${day}`)).toEqual(
        holidays.map(([day]) => day).filter((day) => day.startsWith(String(year))),
      )
    }
  })
})

describe('callBefore: the last legal moment of the 30 days', () => {
  it('ends at 20:00 on the last working day when the 30 days run out at night', () => {
    // Received on Thursday 19 November 2026 at 04:12: 30 days later is Saturday 19 December.
    const before = callBefore(paris('2026-11-19', '04:12'))
    expect(before).toEqual(paris('2026-12-18', '20:00'))
    expect(frenchMomentInWords(before)).toBe('vendredi 18 décembre 2026 à 20\u00a0h\u00a000')
  })

  it('is the deadline itself when it falls inside a window', () => {
    expect(callBefore(paris('2026-11-24', '11:30'))).toEqual(paris('2026-12-24', '11:30'))
  })

  it('skips a holiday at the edge: 25 December 2026 is not a calling day', () => {
    expect(callBefore(paris('2026-11-25', '15:00'))).toEqual(paris('2026-12-24', '20:00'))
  })
})

describe('planNextCall', () => {
  it('plans a new request for the first window, and lists it as due once the window opens', () => {
    const facts = person()
    const early = planNextCall(facts, paris('2026-11-25', '09:30'))
    expect(early).toMatchObject({ at: paris('2026-11-25', '10:00'), basis: 'premier_appel' })
    expect(early.dueNow).toBe(false)
    expect(early.allowedNow).toBe(false)
    const open = planNextCall(facts, paris('2026-11-25', '10:05'))
    expect(open).toMatchObject({ allowedNow: true, dueNow: true })
  })

  it('keeps to the chosen slot: an evening slot is not due in the morning', () => {
    const plan = planNextCall(person({ slot: 'soir' }), paris('2026-11-25', '11:00'))
    expect(plan).toMatchObject({ at: paris('2026-11-25', '17:00'), allowedNow: true })
    expect(plan.dueNow).toBe(false)
    // The slot passed without a call: the next day's slot, not now.
    const later = planNextCall(person({ slot: 'matin' }), paris('2026-11-25', '15:00'))
    expect(later.at).toEqual(paris('2026-11-26', '10:00'))
  })

  it('after a missed call: 30 minutes later, then the next day, then around day 5', () => {
    const first = paris('2026-11-25', '10:10')
    const one = planNextCall(person({ personCalls: [call(first, 'pas_de_reponse')] }), first)
    expect(one).toMatchObject({ at: minutes(first, 30), basis: 'relance_30_min', dueNow: false })
    // 30 minutes after 12:45 is in the lunch gap: 14:00.
    const beforeLunch = paris('2026-11-25', '12:45')
    expect(
      planNextCall(person({ personCalls: [call(beforeLunch, 'messagerie')] }), beforeLunch).at,
    ).toEqual(paris('2026-11-25', '14:00'))

    const second = paris('2026-11-25', '15:00')
    const two = planNextCall(
      person({ personCalls: [call(first, 'pas_de_reponse'), call(second, 'messagerie')] }),
      second,
    )
    expect(two).toMatchObject({ at: paris('2026-11-26', '10:00'), basis: 'relance_lendemain' })

    const third = paris('2026-11-26', '10:30')
    const three = planNextCall(
      person({
        personCalls: [
          call(first, 'pas_de_reponse'),
          call(second, 'messagerie'),
          call(third, 'tentative'),
        ],
      }),
      third,
    )
    // Day 5 of a request of Wednesday 25 November is Sunday 29: the next working day, Monday 30.
    expect(three).toMatchObject({ at: paris('2026-11-30', '10:00'), basis: 'relance_jour_5' })
  })

  it('refuses a fifth attempt in 30 days: the plan ends', () => {
    const calls = ['10:00', '11:00', '14:00', '15:00'].map((time) =>
      call(paris('2026-11-25', time), 'pas_de_reponse'),
    )
    const plan = planNextCall(person({ personCalls: calls }), paris('2026-11-25', '16:00'))
    expect(plan).toMatchObject({ at: null, noPlan: 'maximum_atteint', allowedNow: false })
    expect(plan.standing.attemptsLeft).toBe(0)
  })

  it('stops at the 30-day edge: nothing is planned past the last legal moment', () => {
    const receivedAt = paris('2026-11-19', '04:12')
    const lastDay = planNextCall(person({ receivedAt }), paris('2026-12-18', '19:30'))
    expect(lastDay).toMatchObject({ allowedNow: true, dueNow: true })
    const missed = planNextCall(
      person({ receivedAt, personCalls: [call(paris('2026-12-18', '19:40'), 'pas_de_reponse')] }),
      paris('2026-12-18', '19:41'),
    )
    expect(missed).toMatchObject({ at: null, noPlan: 'delai_depasse' })
    const after = planNextCall(person({ receivedAt }), paris('2026-12-21', '10:00'))
    expect(after).toMatchObject({ at: null, noPlan: 'delai_depasse', allowedNow: false })
  })

  it('keeps 60 days of silence after a refusal, beyond the request’s 30 days', () => {
    const refusedAt = paris('2026-11-25', '11:00')
    const facts = person({ personCalls: [call(refusedAt, 'refus')] })
    for (const now of [paris('2026-11-26', '11:00'), paris('2027-01-20', '11:00')]) {
      expect(planNextCall(facts, now)).toMatchObject({ at: null, noPlan: 'refus_recent' })
    }
    // A new request after the refusal is a new consent.
    const renewed = planNextCall(
      { ...facts, receivedAt: paris('2026-12-01', '09:00') },
      paris('2026-12-01', '10:30'),
    )
    expect(renewed).toMatchObject({ basis: 'premier_appel', dueNow: true })
  })

  it('plans an agreed callback at its time, even outside the hours, and lets it be made', () => {
    const agreed = paris('2026-11-26', '08:30')
    const facts = person({
      personCalls: [call(paris('2026-11-25', '18:00'), 'rappeler', agreed)],
    })
    const before = planNextCall(facts, paris('2026-11-25', '18:01'))
    expect(before).toMatchObject({ at: agreed, basis: 'rappel_convenu', dueNow: false })
    const at = planNextCall(facts, paris('2026-11-26', '08:20'))
    expect(at).toMatchObject({ allowedNow: true, dueNow: true, agreedAt: agreed })
    expect(callTimeRefusal(paris('2026-11-26', '08:25'), agreed)).toBeNull()
    expect(callTimeRefusal(paris('2026-11-26', '09:05'), agreed)).toBe('hors_horaires')
    // Its minutes past with no call: the next legal window.
    const missed = planNextCall(facts, paris('2026-11-26', '09:30'))
    expect(missed).toMatchObject({ at: paris('2026-11-26', '10:00'), basis: 'rappel_convenu' })
  })

  it('keeps a callback agreed on an earlier request of the person when a new one comes', () => {
    const agreed = paris('2026-11-25', '20:30')
    const onFirst = { ...call(paris('2026-11-25', '18:00'), 'rappeler', agreed), leadId: 'lead-a' }
    const second = person({
      id: 'lead-b',
      receivedAt: paris('2026-11-25', '19:00'),
      personCalls: [onFirst],
    })
    const plan = planNextCall(second, paris('2026-11-25', '19:05'))
    expect(plan).toMatchObject({ at: agreed, basis: 'rappel_convenu', agreedAt: agreed })
    const due = planNextCall(second, paris('2026-11-25', '20:30'))
    expect(due).toMatchObject({ allowedNow: true, dueNow: true, agreedAt: agreed })
    expect(callTimeRefusal(paris('2026-11-25', '20:30'), due.agreedAt)).toBeNull()
    // Its minutes past with no call: the new request's own first call.
    const next = planNextCall(second, paris('2026-11-26', '09:00'))
    expect(next).toMatchObject({ agreedAt: null, basis: 'premier_appel' })
    // A later call to the person, on either request, ends the agreement.
    const called = person({
      ...second,
      personCalls: [onFirst, { ...call(paris('2026-11-25', '19:30'), 'joint'), leadId: 'lead-a' }],
    })
    expect(planNextCall(called, paris('2026-11-25', '19:40'))).toMatchObject({ agreedAt: null })
  })

  it('takes the person’s reprogramming only when made after their last call, on any request', () => {
    const first = paris('2026-11-25', '10:10')
    const second = (reprogrammedAt: Date) =>
      planNextCall(
        person({
          id: 'lead-b',
          receivedAt: paris('2026-11-25', '10:30'),
          personCalls: [call(first, 'pas_de_reponse')],
          reprogrammed: { for: paris('2026-11-27', '16:00'), at: reprogrammedAt },
        }),
        paris('2026-11-25', '10:40'),
      )
    expect(second(minutes(first, 5))).toMatchObject({
      at: paris('2026-11-27', '16:00'),
      basis: 'reprogramme',
    })
    expect(second(minutes(first, -5))).toMatchObject({ basis: 'premier_appel' })
  })

  it('takes the advisor’s reprogramming over the proposal', () => {
    const first = paris('2026-11-25', '10:10')
    const plan = planNextCall(
      person({
        personCalls: [call(first, 'pas_de_reponse')],
        reprogrammed: { for: paris('2026-11-27', '16:00'), at: minutes(first, 1) },
      }),
      minutes(first, 2),
    )
    expect(plan).toMatchObject({ at: paris('2026-11-27', '16:00'), basis: 'reprogramme' })
  })

  it('plans nothing after the person was reached: the next step is agreed', () => {
    const plan = planNextCall(
      person({ personCalls: [call(paris('2026-11-25', '10:10'), 'joint')] }),
      paris('2026-11-25', '10:20'),
    )
    expect(plan).toMatchObject({ at: null, noPlan: 'a_convenir', allowedNow: true })
  })

  it('refuses 04:12 and 04:13 as call times, with no agreement', () => {
    expect(callTimeRefusal(paris('2026-11-25', '04:12'), null)).toBe('hors_horaires')
    expect(callTimeRefusal(paris('2026-11-25', '04:13'), null)).toBe('hors_horaires')
    expect(callTimeRefusal(paris('2026-11-25', '10:00'), null)).toBeNull()
  })
})
