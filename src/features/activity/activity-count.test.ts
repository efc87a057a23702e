import { describe, expect, it } from 'vitest'
import { activityCounter } from '@/content/activity-counter'
import { nextActivityCount } from '@/features/activity/activity-count'

describe('activityCounter constants', () => {
  it('starts at 31, ticks every 30 seconds and rises by at most 2 (SPEC §4, §9)', () => {
    expect(activityCounter.start).toBe(31)
    expect(activityCounter.tickMs).toBe(30_000)
    expect(activityCounter.maxIncrement).toBe(2)
  })
})

describe('nextActivityCount', () => {
  it.each([0, 0.1, 0.3333])('adds 0 when random() is %d (in [0, 1/3))', (value) => {
    expect(nextActivityCount(activityCounter.start, () => value)).toBe(31)
  })

  it.each([1 / 3, 0.5, 0.6666])('adds 1 when random() is %d (in [1/3, 2/3))', (value) => {
    expect(nextActivityCount(activityCounter.start, () => value)).toBe(32)
  })

  it.each([2 / 3, 0.8, 0.9999999])('adds 2 when random() is %d (in [2/3, 1))', (value) => {
    expect(nextActivityCount(activityCounter.start, () => value)).toBe(33)
  })

  it('never adds more than 2, even for a random() that returns 1', () => {
    expect(nextActivityCount(31, () => 1)).toBe(33)
  })

  it('adds to the value it is given, not to the start value', () => {
    expect(nextActivityCount(100, () => 0.5)).toBe(101)
  })

  it('only ever produces increments of 0, 1 or 2 with the real Math.random', () => {
    const steps = new Set<number>()
    for (let i = 0; i < 2_000; i += 1) steps.add(nextActivityCount(31) - 31)
    expect([...steps].sort()).toEqual([0, 1, 2])
  })

  it('calls random() once per tick', () => {
    let calls = 0
    nextActivityCount(31, () => {
      calls += 1
      return 0.5
    })
    expect(calls).toBe(1)
  })
})
