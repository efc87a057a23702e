import { describe, expect, it } from 'vitest'
import { rateBands, rateSources } from './insurance-rates'
import { bandOf, estimateSavings, type EstimateInputs } from './savings-estimate'

const base: EstimateInputs = {
  amount: 200_000,
  yearsLeft: 20,
  age: 32,
  monthlyPremium: null,
  insured: 'seul',
}

describe('estimateSavings: worked examples (docs/decisions/0005-savings-estimate.md)', () => {
  it('1. 200 000 €, 20 years left, 32, alone, no premium: 2 400 € to 10 800 €, 10 to 45 €/month', () => {
    // Band 30–39: (0.26 − 0.20) % and (0.36 − 0.09) % of 200 000 € over 20 years.
    expect(estimateSavings(base)).toStrictEqual({
      kind: 'range',
      min: 2_400,
      max: 10_800,
      perMonthMin: 10,
      perMonthMax: 45,
      premiumLooksHigh: false,
    })
  })

  it('2. 250 000 €, 15 years, 45, two at 100 %, premium 190 €/month: 4 200 € to 22 200 €', () => {
    // Bank side: 190 × 12 × 15 = 34 200 €. Individual: 0.40 % and 0.16 % × 250 000 × 15 × 2.
    expect(
      estimateSavings({
        amount: 250_000,
        yearsLeft: 15,
        age: 45,
        monthlyPremium: 190,
        insured: 'deux_100',
      }),
    ).toStrictEqual({
      kind: 'range',
      min: 4_200,
      max: 22_200,
      perMonthMin: 23,
      perMonthMax: 123,
      premiumLooksHigh: false,
    })
  })

  it('2b. the same with two people insured otherwise (or not known) widens the range', () => {
    const estimate = estimateSavings({
      amount: 250_000,
      yearsLeft: 15,
      age: 45,
      monthlyPremium: 190,
      insured: 'deux_autre',
    })
    expect(estimate).toMatchObject({ kind: 'range', min: 4_200, max: 28_200 })
  })

  it('3. 150 000 €, 10 years, 55, alone, no premium: up to 5 200 €, a saving not guaranteed', () => {
    // Band 50–59: 0.45 − 0.65 < 0, so the low bound is 0; (0.65 − 0.30) % × 150 000 × 10 = 5 250.
    expect(estimateSavings({ ...base, amount: 150_000, yearsLeft: 10, age: 55 })).toStrictEqual({
      kind: 'range',
      min: 0,
      max: 5_200,
      perMonthMin: 0,
      perMonthMax: 43,
      premiumLooksHigh: false,
    })
  })

  it('4. 120 000 €, 8 years, 62: no figure without the premium, up to 4 300 € with 95 €/month', () => {
    const senior = { ...base, amount: 120_000, yearsLeft: 8, age: 62 }
    expect(estimateSavings(senior)).toStrictEqual({ kind: 'needs-premium' })
    expect(estimateSavings({ ...senior, monthlyPremium: 95 })).toMatchObject({
      kind: 'range',
      min: 0,
      max: 4_300,
    })
  })

  it('5. a premium already as low as the table gives no saving, said plainly', () => {
    // 28, 180 000 €, 22 years, 5 €/month: 1 320 € in all, below the cheapest individual rate.
    expect(
      estimateSavings({ ...base, amount: 180_000, yearsLeft: 22, age: 28, monthlyPremium: 5 }),
    ).toStrictEqual({ kind: 'none' })
  })
})

describe('estimateSavings: rounding', () => {
  it('rounds totals down to 100 € and monthly figures down to 1 €, never up', () => {
    // 28, 180 000 €, 22 years, 12 €/month: bank 3 168 €, individual 2 772 € at best → 396 €.
    const estimate = estimateSavings({
      ...base,
      amount: 180_000,
      yearsLeft: 22,
      age: 28,
      monthlyPremium: 12,
    })
    expect(estimate).toMatchObject({ kind: 'range', min: 0, max: 300, perMonthMax: 1 })
  })

  it('is exact in integers where decimals would lose 100 € (0.26 − 0.20 = 0.06 %)', () => {
    expect(estimateSavings(base)).toMatchObject({ min: 2_400 })
  })

  it('says no saving under 100 €, rather than showing "up to 0 €"', () => {
    // 18–29 alone, 10 000 €, 1 year: (0.34 − 0.07) % × 10 000 = 27 €.
    expect(estimateSavings({ ...base, amount: 10_000, yearsLeft: 1, age: 25 })).toStrictEqual({
      kind: 'none',
    })
  })
})

describe('estimateSavings: behaviour', () => {
  it('grows with the amount borrowed', () => {
    const maxFor = (amount: number) => {
      const estimate = estimateSavings({ ...base, amount })
      return estimate.kind === 'range' ? estimate.max : 0
    }
    expect(maxFor(100_000)).toBeLessThan(maxFor(200_000))
    expect(maxFor(200_000)).toBeLessThan(maxFor(400_000))
  })

  it('flags a premium that looks like the whole monthly loan payment', () => {
    const estimate = estimateSavings({ ...base, monthlyPremium: 1_100 })
    expect(estimate).toMatchObject({ kind: 'range', premiumLooksHigh: true })
  })

  it.each([
    { amount: 9_999 },
    { amount: 2_000_001 },
    { yearsLeft: 0 },
    { yearsLeft: 36 },
    { age: 17 },
    { age: 86 },
    { monthlyPremium: -1 },
    { monthlyPremium: 5_001 },
    { amount: 150_000.5 },
  ])('refuses inputs out of bounds: %j', (override) => {
    expect(() => estimateSavings({ ...base, ...override })).toThrow(RangeError)
  })

  it('accepts the bounds themselves', () => {
    for (const inputs of [
      { amount: 10_000, yearsLeft: 1, age: 18, monthlyPremium: 0 },
      { amount: 2_000_000, yearsLeft: 35, age: 85, monthlyPremium: 5_000 },
    ]) {
      expect(() => estimateSavings({ ...base, ...inputs })).not.toThrow()
    }
  })
})

describe('rates table', () => {
  it('covers every age from 18 to 85 with exactly one band', () => {
    for (let age = 18; age <= 85; age += 1) {
      expect(rateBands.filter((band) => band === bandOf(age))).toHaveLength(1)
      expect(bandOf(age), `age ${age}`).toBeDefined()
    }
  })

  it('names a published source for every figure, and every source has a title, address and date', () => {
    const used = rateBands.flatMap((band) =>
      [band.bank?.low, band.bank?.high, band.individual.low, band.individual.high].flatMap(
        (rate) => rate?.sources ?? [],
      ),
    )
    for (const band of rateBands) {
      for (const rate of [
        band.bank?.low,
        band.bank?.high,
        band.individual.low,
        band.individual.high,
      ]) {
        if (rate) expect(rate.sources.length).toBeGreaterThan(0)
      }
    }
    for (const id of used) {
      const source = rateSources[id]
      expect(source.title).not.toBe('')
      expect(source.url).toMatch(/^https:\/\//)
      expect(source.date).not.toBe('')
    }
  })

  it('keeps low bounds under high bounds and rates in whole basis points', () => {
    for (const band of rateBands) {
      for (const pair of [band.bank, band.individual]) {
        if (!pair) continue
        expect(pair.low.bp).toBeLessThanOrEqual(pair.high.bp)
        expect(Number.isInteger(pair.low.bp) && Number.isInteger(pair.high.bp)).toBe(true)
      }
    }
  })
})
