import { describe, expect, it } from 'vitest'
import { countListSetting, countSetting } from './settings'

describe('countSetting', () => {
  it('takes the default when the variable is unset or empty', () => {
    expect(countSetting('BENCH_RUNS', undefined, 5, 1)).toBe(5)
    expect(countSetting('BENCH_RUNS', ' ', 5, 1)).toBe(5)
  })

  it('reads a whole number at or above its least value', () => {
    expect(countSetting('BENCH_RUNS', '2', 5, 1)).toBe(2)
    expect(countSetting('BENCH_WARMUP', '0', 1, 0)).toBe(0)
  })

  it('refuses anything else, naming the variable', () => {
    for (const value of ['0', '-1', '2.5', 'five', '3 runs', '3,4']) {
      expect(() => countSetting('BENCH_RUNS', value, 5, 1)).toThrow(
        `BENCH_RUNS must be a whole number of at least 1, got "${value}".`,
      )
    }
    expect(() => countSetting('BENCH_WARMUP', '-1', 1, 0)).toThrow(/BENCH_WARMUP/)
  })
})

describe('countListSetting', () => {
  it('takes the default list when unset, and reads one count or several', () => {
    expect(countListSetting('BENCH_CONCURRENCY', undefined, [16, 64], 1)).toEqual([16, 64])
    expect(countListSetting('BENCH_CONCURRENCY', '16', [16, 64], 1)).toEqual([16])
    expect(countListSetting('BENCH_CONCURRENCY', '8, 32,128', [16, 64], 1)).toEqual([8, 32, 128])
  })

  it('refuses a list with a gap or a wrong count, naming the variable', () => {
    for (const [value, wrong] of [
      ['16,', ''],
      ['16,,64', ''],
      ['0', '0'],
      ['16,x', 'x'],
      ['1.5', '1.5'],
    ]) {
      expect(() => countListSetting('BENCH_CONCURRENCY', value, [16, 64], 1)).toThrow(
        `BENCH_CONCURRENCY must be a whole number of at least 1, got "${wrong}".`,
      )
    }
  })
})
