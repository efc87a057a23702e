import { describe, expect, it } from 'vitest'
import {
  callStanding,
  compareUrgency,
  refusalOf,
  type CallOutcome,
  type LeadCallFacts,
  type RecordedCall,
} from './call-rules'
import { frenchPublicHolidays, isWithinCallingHours } from './calling-hours'

const now = new Date('2026-11-23T10:00:00Z')
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000)

function lead(overrides: Partial<LeadCallFacts> = {}): LeadCallFacts {
  return {
    id: 'lead-a',
    receivedAt: daysAgo(2),
    consentWithdrawnAt: null,
    personCalls: [],
    ...overrides,
  }
}

const call = (
  days: number,
  outcome: CallOutcome = 'tentative',
  leadId = 'lead-a',
): RecordedCall => ({
  leadId,
  at: daysAgo(days),
  outcome,
})

describe('callStanding', () => {
  it('gives a new lead 4 attempts and a deadline 30 days after the request', () => {
    const standing = callStanding(lead(), now)
    expect(standing).toEqual({
      state: 'nouveau',
      reason: null,
      deadline: new Date('2026-12-21T10:00:00Z'),
      attemptsLeft: 4,
      nextCallAt: null,
      calls: 0,
      lastCall: null,
    })
  })

  it('counts attempts and calls that reached the person, not "Ne plus appeler"', () => {
    const standing = callStanding(
      lead({ personCalls: [call(1.5), call(1, 'joint'), call(0.5, 'tentative')] }),
      now,
    )
    expect(standing.state).toBe('joint')
    expect(standing.attemptsLeft).toBe(1)
    expect(standing.calls).toBe(3)
    expect(standing.lastCall).toEqual({ at: daysAgo(0.5), outcome: 'tentative' })
  })

  it('refuses a fifth call in 30 days: the lead is closed, its deadline comes first', () => {
    const standing = callStanding(
      lead({ receivedAt: daysAgo(10), personCalls: [call(9), call(8), call(7), call(1)] }),
      now,
    )
    expect(standing).toMatchObject({
      state: 'clos',
      reason: 'maximum_atteint',
      attemptsLeft: 0,
      nextCallAt: null,
    })
    expect(refusalOf(standing, 'tentative')).toBe('maximum_atteint')
    expect(refusalOf(standing, 'joint')).toBe('maximum_atteint')
    // The person may still ask not to be called any more.
    expect(refusalOf(standing, 'ne_plus_appeler')).toBeNull()
  })

  it("waits when calls about the person's earlier request used the limit", () => {
    const standing = callStanding(
      lead({
        receivedAt: daysAgo(2),
        personCalls: [
          call(20, 'tentative', 'lead-b'),
          call(19, 'tentative', 'lead-b'),
          call(18, 'joint', 'lead-b'),
          call(1),
        ],
      }),
      now,
    )
    expect(standing).toMatchObject({
      state: 'en_attente',
      reason: 'maximum_atteint',
      attemptsLeft: 0,
      nextCallAt: daysAgo(20 - 30),
    })
    expect(refusalOf(standing, 'tentative')).toBe('maximum_atteint')
  })

  it('counts only the last 30 days of calls', () => {
    const standing = callStanding(
      lead({
        personCalls: [call(31, 'tentative', 'older-lead'), call(30.5, 'joint', 'older-lead')],
      }),
      now,
    )
    expect(standing).toMatchObject({ state: 'nouveau', attemptsLeft: 4 })
  })

  it("counts the calls to the person's other leads, but shows this lead's own", () => {
    const standing = callStanding(
      lead({ personCalls: [call(3, 'tentative', 'lead-b'), call(3, 'joint', 'lead-b'), call(1)] }),
      now,
    )
    expect(standing).toMatchObject({ state: 'a_rappeler', attemptsLeft: 1, calls: 1 })
  })

  it('closes a lead more than 30 days after the request (R112-7), not a minute before', () => {
    const received = daysAgo(30)
    expect(callStanding(lead({ receivedAt: received }), now)).toMatchObject({
      state: 'nouveau',
      reason: null,
    })
    const late = new Date(now.getTime() + 60_000)
    const standing = callStanding(lead({ receivedAt: received }), late)
    expect(standing).toMatchObject({ state: 'clos', reason: 'delai_depasse', attemptsLeft: 0 })
    expect(refusalOf(standing, 'tentative')).toBe('delai_depasse')
    expect(refusalOf(standing, 'ne_plus_appeler')).toBeNull()
  })

  it('closes a lead whose consent was withdrawn, for calls and "Ne plus appeler" alike', () => {
    const standing = callStanding(lead({ consentWithdrawnAt: daysAgo(1) }), now)
    expect(standing).toMatchObject({ state: 'clos', reason: 'consentement_retire' })
    expect(refusalOf(standing, 'joint')).toBe('consentement_retire')
    expect(refusalOf(standing, 'ne_plus_appeler')).toBe('consentement_retire')
  })

  it('closes every request the person made before "Ne plus appeler", not a later one', () => {
    const refused = call(1, 'ne_plus_appeler', 'lead-b')
    const earlier = callStanding(lead({ receivedAt: daysAgo(2), personCalls: [refused] }), now)
    expect(earlier).toMatchObject({ state: 'clos', reason: 'ne_plus_appeler' })
    expect(refusalOf(earlier, 'ne_plus_appeler')).toBe('ne_plus_appeler')
    const later = callStanding(lead({ receivedAt: daysAgo(0.5), personCalls: [refused] }), now)
    expect(later).toMatchObject({ state: 'nouveau', reason: null, attemptsLeft: 4 })
  })

  it('puts the withdrawal before the other reasons', () => {
    const standing = callStanding(
      lead({
        receivedAt: daysAgo(40),
        consentWithdrawnAt: daysAgo(35),
        personCalls: [call(36, 'ne_plus_appeler')],
      }),
      now,
    )
    expect(standing.reason).toBe('consentement_retire')
  })
})

describe('compareUrgency', () => {
  function ranked(id: string, facts: Partial<LeadCallFacts>) {
    const whole = lead({ id, ...facts })
    return { id, receivedAt: whole.receivedAt, standing: callStanding(whole, now) }
  }

  it('orders new leads newest first, then the called ones by deadline, the closed ones last', () => {
    const leads = [
      ranked('closed-recent', { receivedAt: daysAgo(1), consentWithdrawnAt: daysAgo(0.5) }),
      ranked('closed-old', { receivedAt: daysAgo(45) }),
      ranked('waiting', {
        receivedAt: daysAgo(5),
        personCalls: [20, 10, 8, 1].map((days) => call(days, 'tentative', 'other')),
      }),
      ranked('reached', { receivedAt: daysAgo(20), personCalls: [call(19, 'joint', 'reached')] }),
      ranked('tried-late', {
        receivedAt: daysAgo(3),
        personCalls: [call(2, 'tentative', 'tried-late')],
      }),
      ranked('tried-early', {
        receivedAt: daysAgo(12),
        personCalls: [call(11, 'tentative', 'tried-early')],
      }),
      ranked('new-old', { receivedAt: daysAgo(6) }),
      ranked('new-fresh', { receivedAt: daysAgo(0.01) }),
    ]
    const order = [...leads].sort(compareUrgency).map((entry) => entry.id)
    expect(order).toEqual([
      'new-fresh',
      'new-old',
      'tried-early',
      'tried-late',
      'reached',
      'waiting',
      'closed-recent',
      'closed-old',
    ])
  })
})

describe('calling hours', () => {
  it('knows the public holidays that move with Easter', () => {
    expect(frenchPublicHolidays(2027)).toEqual([
      '01-01',
      '03-29',
      '05-01',
      '05-06',
      '05-08',
      '05-17',
      '07-14',
      '08-15',
      '11-01',
      '11-11',
      '12-25',
    ])
    expect(frenchPublicHolidays(2026)).toContain('04-06')
  })

  it.each([
    ['2026-11-23T09:00:00Z', true], // Monday 10:00 in Paris
    ['2026-11-23T08:59:00Z', false],
    ['2026-11-23T12:30:00Z', false], // 13:30, the lunch break
    ['2026-11-23T18:59:00Z', true],
    ['2026-11-23T19:00:00Z', false], // 20:00
    ['2026-11-21T10:00:00Z', false], // Saturday
    ['2026-11-11T10:00:00Z', false], // Armistice, a Wednesday
    ['2026-07-14T10:00:00Z', false],
    ['2026-07-15T08:00:00Z', true], // 10:00 in summer time
  ])('%s is within the hours: %s', (at, expected) => {
    expect(isWithinCallingHours(new Date(at))).toBe(expected)
  })
})
