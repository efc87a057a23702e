import { estimateMethod } from '../../common/estimate/estimate-copy'
import {
  rateBands,
  rateSources,
  rateTableVersion,
  type Rate,
  type RateSourceId,
} from '../../common/estimate/insurance-rates'

/** 26 basis points → "0,26". */
const percent = (rate: Rate) => (rate.bp / 100).toFixed(2).replace('.', ',')
const range = (pair: { low: Rate; high: Rate }) => `${percent(pair.low)} – ${percent(pair.high)}`

/** Sources in the order the table first cites them, numbered for the table's references. */
const citedSources: RateSourceId[] = [
  ...new Set(
    rateBands.flatMap((band) =>
      [band.bank?.low, band.bank?.high, band.individual.low, band.individual.high].flatMap(
        (rate) => rate?.sources ?? [],
      ),
    ),
  ),
]
const refs = (...rates: (Rate | undefined)[]) =>
  [...new Set(rates.flatMap((rate) => rate?.sources ?? []))]
    .map((id) => citedSources.indexOf(id) + 1)
    .sort((a, b) => a - b)
    .join(', ')

/**
 * "Comment est-ce calculé ?": the estimate's method, assumptions and sources, pre-rendered as a
 * native disclosure, so that none of this text is part of the estimate's script.
 */
export function EstimateMethod() {
  return (
    <details className="rounded-xl text-sm text-slate-700 ring-1 ring-slate-200">
      <summary className="flex min-h-12 items-center px-4 font-bold text-brand-700 underline">
        {estimateMethod.summary}
      </summary>
      <div className="flex flex-col gap-3 px-4 pb-4">
        <p>{estimateMethod.formula}</p>
        <ul className="list-disc space-y-1 pl-5">
          {estimateMethod.assumptions.map((assumption) => (
            <li key={assumption}>{assumption}</li>
          ))}
        </ul>
        <p>{estimateMethod.privacy}</p>
        <div className="overflow-x-auto">
          <table className="w-full text-left">
            <caption className="mb-1 text-left font-bold text-slate-900">
              {estimateMethod.tableCaption(rateTableVersion)}
            </caption>
            <thead>
              <tr>
                <th scope="col">{estimateMethod.columns.age}</th>
                <th scope="col">{estimateMethod.columns.bank}</th>
                <th scope="col">{estimateMethod.columns.individual}</th>
              </tr>
            </thead>
            <tbody>
              {rateBands.map((band) => (
                <tr key={band.minAge}>
                  <th scope="row" className="pr-2 font-normal whitespace-nowrap">
                    {band.minAge}–{band.maxAge}
                    {band.weak ? '*' : ''}
                  </th>
                  <td className="pr-2">
                    {band.bank ? range(band.bank) : estimateMethod.noBankFigure}
                    {band.bank ? <sup> [{refs(band.bank.low, band.bank.high)}]</sup> : null}
                  </td>
                  <td>
                    {range(band.individual)}
                    <sup> [{refs(band.individual.low, band.individual.high)}]</sup>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="mt-1 text-xs">* {estimateMethod.weakBand}</p>
        </div>
        <h3 className="font-bold text-slate-900">{estimateMethod.sourcesTitle}</h3>
        <ol className="list-decimal space-y-1 pl-5 text-xs">
          {citedSources.map((id) => {
            const source = rateSources[id]
            return (
              <li key={id}>
                {source.publisher}, «&nbsp;
                <a href={source.url} className="underline" rel="noopener noreferrer">
                  {source.title}
                </a>
                &nbsp;», {source.date} ({source.kind}).
              </li>
            )
          })}
        </ol>
      </div>
    </details>
  )
}
