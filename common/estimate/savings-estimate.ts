/**
 * The savings estimate: what switching from the bank's group contract to an individual one may
 * save over the years left, as a range from the rates table's bounds. Pure integer arithmetic, so
 * that the browser, the relay (which recomputes every estimate it receives) and the tests agree to
 * the euro. The model and its limits: docs/decisions/0005-savings-estimate.md.
 */
import { rateBands, type RateBand } from './insurance-rates'

/** Who is insured: alone, two people at 100 % each, or two people otherwise (or not known). */
export const insuredCovers = ['seul', 'deux_100', 'deux_autre'] as const
export type InsuredCover = (typeof insuredCovers)[number]

export interface EstimateInputs {
  /** Amount borrowed, euros. */
  amount: number
  /** Years left to repay. */
  yearsLeft: number
  /** The borrower's age today. */
  age: number
  /** Current insurance premium per month for the whole loan, euros; `null` when not given. */
  monthlyPremium: number | null
  insured: InsuredCover
}

export type EstimateInputName = Exclude<keyof EstimateInputs, 'insured'>

/** Accepted values, inclusive. Outside them the estimate shows no figure. */
export const estimateBounds = {
  amount: { min: 10_000, max: 2_000_000 },
  yearsLeft: { min: 1, max: 35 },
  age: { min: 18, max: 85 },
  monthlyPremium: { min: 0, max: 5_000 },
} as const satisfies Record<EstimateInputName, { min: number; max: number }>

export type Estimate =
  /** A saving of `min` to `max` euros in all (rounded down to 100 €), `perMonth*` to 1 €. */
  | {
      kind: 'range'
      min: number
      max: number
      perMonthMin: number
      perMonthMax: number
      /** The premium typed looks like the whole monthly loan payment: the page then shows no figure. */
      premiumLooksHigh: boolean
    }
  /** The table gives no saving of 100 € or more for these inputs. */
  | { kind: 'none' }
  /** No public bank rate for this age: only the visitor's own premium can give a figure. */
  | { kind: 'needs-premium' }

/** Total insured share (1 = one person at 100 %), lowest and highest the answer allows. */
const coverShares: Record<InsuredCover, readonly [number, number]> = {
  seul: [1, 1],
  deux_100: [2, 2],
  deux_autre: [1, 2],
}

/** Basis points × euros = 1/10 000 of a euro. */
const bpScale = 10_000

export function bandOf(age: number): RateBand | undefined {
  return rateBands.find((band) => age >= band.minAge && age <= band.maxAge)
}

export function isWithinBounds(name: EstimateInputName, value: number): boolean {
  const { min, max } = estimateBounds[name]
  return Number.isInteger(value) && value >= min && value <= max
}

/**
 * The estimate for valid inputs (see `estimateBounds`); throws on inputs outside them, which
 * callers check first.
 */
export function estimateSavings(inputs: EstimateInputs): Estimate {
  const { amount, yearsLeft, age, monthlyPremium, insured } = inputs
  const band = bandOf(age)
  const invalid = (Object.keys(estimateBounds) as EstimateInputName[]).find((name) => {
    const value = inputs[name]
    return value !== null && !isWithinBounds(name, value)
  })
  if (invalid || !band || !(insured in coverShares)) {
    throw new RangeError(`Estimate input out of bounds: ${invalid ?? 'insured'}`)
  }
  const [shareMin, shareMax] = coverShares[insured]
  const individual = (bp: number, share: number) => bp * amount * yearsLeft * share
  let low: number
  let high: number
  if (monthlyPremium === null) {
    if (!band.bank) return { kind: 'needs-premium' }
    low = individual(band.bank.low.bp - band.individual.high.bp, shareMin)
    high = individual(band.bank.high.bp - band.individual.low.bp, shareMax)
  } else {
    const bankCost = monthlyPremium * 12 * yearsLeft * bpScale
    low = bankCost - individual(band.individual.high.bp, shareMax)
    high = bankCost - individual(band.individual.low.bp, shareMin)
  }
  const min = roundDownTo100(Math.max(0, low))
  const max = roundDownTo100(Math.max(0, high))
  if (max < 100) return { kind: 'none' }
  const months = yearsLeft * 12
  return {
    kind: 'range',
    min,
    max,
    perMonthMin: Math.floor(Math.max(0, low) / bpScale / months),
    perMonthMax: Math.floor(Math.max(0, high) / bpScale / months),
    premiumLooksHigh:
      monthlyPremium !== null &&
      monthlyPremium * 12 * bpScale >
        2 * Math.max(maxBankBp, band.individual.high.bp) * amount * shareMax,
  }
}

/** A premium above twice the dearest rate the table knows is unlikely to be insurance alone. */
const maxBankBp = Math.max(...rateBands.map((band) => band.bank?.high.bp ?? 0))

function roundDownTo100(tenThousandths: number): number {
  return Math.floor(tenThousandths / bpScale / 100) * 100
}
