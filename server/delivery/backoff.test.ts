import { describe, expect, it } from 'vitest'
import { retryDelayMs } from './backoff'

const policy = { baseMs: 1_000, maxMs: 60_000 }

describe('retryDelayMs', () => {
  it('doubles with each attempt, keeping between half and all of the ceiling', () => {
    expect(retryDelayMs(1, policy, () => 0)).toBe(500)
    expect(retryDelayMs(1, policy, () => 1)).toBe(1_000)
    expect(retryDelayMs(2, policy, () => 0)).toBe(1_000)
    expect(retryDelayMs(4, policy, () => 1)).toBe(8_000)
  })

  it('stops growing at the maximum, even after very many attempts', () => {
    expect(retryDelayMs(7, policy, () => 1)).toBe(60_000)
    expect(retryDelayMs(10_000, policy, () => 0.5)).toBe(45_000)
  })

  it('spreads retries of leads failing together', () => {
    const delays = new Set(Array.from({ length: 50 }, () => retryDelayMs(5, policy)))
    expect(delays.size).toBeGreaterThan(40)
    for (const delay of delays) {
      expect(delay).toBeGreaterThanOrEqual(8_000)
      expect(delay).toBeLessThanOrEqual(16_000)
    }
  })
})
