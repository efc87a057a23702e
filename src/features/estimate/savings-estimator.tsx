import { useEffect, useRef, useState, type ChangeEvent, type FocusEvent } from 'react'
import { callbackAnchorId } from '../../../common/routes/anchors'
import { estimateCopy, estimateFields, insuredField } from '../../../common/estimate/estimate-copy'
import { publishSimulation } from '@/features/estimate/estimate-store'
import { estimateShownEvent } from '../../../common/funnel-contract'
import {
  estimateSavings,
  insuredCovers,
  isWithinBounds,
  type Estimate,
  type EstimateInputName,
  type EstimateInputs,
  type InsuredCover,
} from '../../../common/estimate/savings-estimate'
import { simulationOf } from '../../../common/lead/lead-contract'

const numberFields: readonly EstimateInputName[] = ['amount', 'yearsLeft', 'age', 'monthlyPremium']
type RawInputs = Record<EstimateInputName, string> & { insured: InsuredCover }

const emptyInputs: RawInputs = {
  amount: '',
  yearsLeft: '',
  age: '',
  monthlyPremium: '',
  insured: 'seul',
}

const fieldId = (name: EstimateInputName | 'insured') => `estimate-${name}`

/**
 * "200 000", "200000 €" and "200.000" all read 200000; cents, as a premium often has them
 * ("42,30"), are rounded to the euro. Anything else is not a number.
 */
function parseWholeNumber(text: string): number | undefined {
  const compact = text.replace(/[\s€]/g, '')
  if (/^\d{1,3}(\.\d{3})+$/.test(compact)) return Number(compact.replaceAll('.', ''))
  if (/^\d{1,9}[.,]\d{1,2}$/.test(compact)) return Math.round(Number(compact.replace(',', '.')))
  return /^\d{1,9}$/.test(compact) ? Number(compact) : undefined
}

/** The inputs when all are valid, and which typed values are not. */
function evaluate(raw: RawInputs): {
  inputs: EstimateInputs | undefined
  invalid: Set<EstimateInputName>
} {
  const invalid = new Set<EstimateInputName>()
  const values: Partial<EstimateInputs> = { insured: raw.insured, monthlyPremium: null }
  let complete = true
  for (const name of numberFields) {
    if (raw[name].trim() === '') {
      if (name !== 'monthlyPremium') complete = false
      continue
    }
    const value = parseWholeNumber(raw[name])
    if (value === undefined || !isWithinBounds(name, value)) invalid.add(name)
    else values[name] = value
  }
  return {
    inputs: complete && invalid.size === 0 ? (values as EstimateInputs) : undefined,
    invalid,
  }
}

/** What the inputs hold now, including what was typed before the script arrived. */
function readInputs(root: HTMLElement): RawInputs {
  const value = (name: EstimateInputName | 'insured') =>
    root.querySelector<HTMLInputElement | HTMLSelectElement>(`#${fieldId(name)}`)?.value ?? ''
  const insured = value('insured') as InsuredCover
  return {
    amount: value('amount'),
    yearsLeft: value('yearsLeft'),
    age: value('age'),
    monthlyPremium: value('monthlyPremium'),
    insured: insuredCovers.includes(insured) ? insured : 'seul',
  }
}

/**
 * The instant savings estimate: computed in the browser as the visitor types, no request sent.
 * The figure it shows is handed to the lead form, which sends it with the lead.
 */
export function SavingsEstimator() {
  const rootRef = useRef<HTMLFieldSetElement>(null)
  const [raw, setRaw] = useState<RawInputs>(emptyInputs)
  const [shownErrors, setShownErrors] = useState<ReadonlySet<EstimateInputName>>(new Set())
  const { inputs, invalid } = evaluate(raw)

  useEffect(() => {
    if (!rootRef.current) return
    const typed = readInputs(rootRef.current)
    setRaw(typed)
    setShownErrors(evaluate(typed).invalid)
  }, [])

  const estimate = inputs && estimateSavings(inputs)
  // A premium that looks like the whole loan payment would give an invented saving: no figure.
  const shown = estimate?.kind === 'range' && estimate.premiumLooksHigh ? 'implausible' : estimate
  useEffect(() => {
    publishSimulation(
      inputs && shown !== 'implausible' ? simulationOf(inputs, estimate) : undefined,
    )
    // Tells the funnel counts (entry-after-paint.ts) a figure is shown; they count the first one.
    if (shown === estimate && estimate?.kind === 'range') {
      document.dispatchEvent(new Event(estimateShownEvent))
    }
  })

  function handleChange(event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) {
    const name = event.target.id.replace('estimate-', '') as keyof RawInputs
    const value = event.target.value
    setRaw((current) => ({ ...current, [name]: value }))
    setShownErrors((current) => {
      const next = new Set(current)
      next.delete(name as EstimateInputName)
      return next
    })
  }

  function handleBlur(event: FocusEvent<HTMLInputElement>) {
    const name = event.target.id.replace('estimate-', '') as EstimateInputName
    if (invalid.has(name)) setShownErrors((current) => new Set(current).add(name))
  }

  function numberField(name: EstimateInputName) {
    const copy = estimateFields[name]
    const id = fieldId(name)
    const error = shownErrors.has(name) ? copy.error : undefined
    return (
      <div className={`flex flex-col gap-1 ${name === 'monthlyPremium' ? 'col-span-2' : ''}`}>
        <label htmlFor={id} className="text-sm font-bold text-slate-900">
          {copy.label}
          <span className="sr-only"> {copy.unit}</span>
          {'optional' in copy ? (
            <span className="font-normal text-slate-600"> ({copy.optional})</span>
          ) : null}
        </label>
        <div className="relative">
          <input
            id={id}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={handleChange}
            onBlur={handleBlur}
            className="form-input pr-16"
          />
          <span aria-hidden="true" className="estimate-unit">
            {copy.unitShort}
          </span>
        </div>
        {error ? (
          <p id={`${id}-error`} className="form-error">
            {error}
          </p>
        ) : null}
      </div>
    )
  }

  return (
    <fieldset ref={rootRef} className="flex flex-col gap-3">
      <legend className="mb-3 text-lg font-bold text-brand-900">{estimateCopy.legend}</legend>
      <div className="grid grid-cols-2 items-end gap-3">
        {numberField('amount')}
        {numberField('yearsLeft')}
        {numberField('age')}
        <div className="flex flex-col gap-1">
          <label htmlFor={fieldId('insured')} className="text-sm font-bold text-slate-900">
            {insuredField.label}
          </label>
          <select id={fieldId('insured')} onChange={handleChange} className="form-input">
            {insuredCovers.map((cover) => (
              <option key={cover} value={cover}>
                {insuredField.options[cover]}
              </option>
            ))}
          </select>
        </div>
        {numberField('monthlyPremium')}
      </div>
      <div role="status" className="estimate-result">
        <EstimateResult estimate={shown} yearsLeft={inputs?.yearsLeft} />
      </div>
    </fieldset>
  )
}

const messages = {
  none: estimateCopy.noSaving,
  'needs-premium': estimateCopy.needsPremium,
  implausible: estimateCopy.premiumLooksHigh,
} as const

function EstimateResult({
  estimate,
  yearsLeft = 0,
}: {
  estimate: Estimate | 'implausible' | undefined
  yearsLeft: number | undefined
}) {
  if (!estimate) return <p className="text-sm text-slate-700">{estimateCopy.waiting}</p>
  if (estimate === 'implausible' || estimate.kind !== 'range') {
    return (
      <>
        <p className="text-sm text-slate-900">
          {messages[estimate === 'implausible' ? estimate : estimate.kind]}
        </p>
        <a href={`#${callbackAnchorId}`} className="text-sm font-bold text-brand-700 underline">
          {estimateCopy.callbackOffer}
        </a>
      </>
    )
  }
  const { min, max, perMonthMin, perMonthMax } = estimate
  return (
    <>
      <p className="text-xl font-bold text-success-700 sm:text-2xl">
        {min > 0 ? estimateCopy.range(min, max) : estimateCopy.upTo(max)}
      </p>
      <p className="text-sm text-slate-800">
        {min > 0
          ? estimateCopy.rangeDetail(yearsLeft, perMonthMin, perMonthMax)
          : estimateCopy.upToDetail(yearsLeft, perMonthMax)}
      </p>
      <p className="text-xs font-bold text-slate-600">{estimateCopy.disclaimer}</p>
    </>
  )
}
