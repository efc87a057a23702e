import { useState } from 'react'
import type {
  FunnelFigures,
  FunnelPeriod,
  FunnelReport,
} from '../../common/back-office/screens-api'
import { DailyChart } from '../components/daily-chart'
import { buttonClass, ColumnHeads, Message } from '../components/ui'
import { funnelScreenCopy as copy } from '../copy/funnel-screen'
import { count, percent } from '../format'
import { queryString, useApi } from '../use-api'

const periods: FunnelPeriod[] = [7, 30, 90]

function Figures({ figures }: { figures: FunnelFigures }) {
  return (
    <>
      <td className="px-3 py-2 text-right">{count(figures.views)}</td>
      <td className="px-3 py-2 text-right">{count(figures.formStarts)}</td>
      <td className="px-3 py-2 text-right">{count(figures.estimates)}</td>
      <td className="px-3 py-2 text-right font-semibold">{count(figures.leads)}</td>
      <td className="px-3 py-2 text-right">{percent(figures.viewToLead)}</td>
      <td className="px-3 py-2 text-right">{percent(figures.startToLead)}</td>
    </>
  )
}

/** A name for a row: the campaign's or ad's, or what a visit without one stands for. */
const rowName = (name: string, byAd: boolean) => name || (byAd ? copy.noAd : copy.noCampaign)

/**
 * Views, form starts, estimates and leads per campaign for 7, 30 or 90 days, with the rates; a
 * campaign opens to its ads. The chart shows the leads and the conversion per day.
 */
export function FunnelScreen() {
  const [days, setDays] = useState<FunnelPeriod>(30)
  const [campaign, setCampaign] = useState<string | null>(null)
  const report = useApi<FunnelReport>(
    `/admin/api/funnel${queryString({ jours: days, campagne: campaign ?? undefined })}`,
  )
  const data = report.data
  const byAd = campaign !== null
  const table = byAd ? copy.table.byAd : copy.table.byCampaign

  return (
    <div className="space-y-4">
      <fieldset className="flex flex-wrap items-center gap-3">
        <legend className="mb-1 text-sm font-medium text-slate-900">{copy.period}</legend>
        {periods.map((period) => (
          <label key={period} className="flex items-center gap-1 text-sm text-slate-900">
            <input
              type="radio"
              name="periode"
              value={period}
              checked={days === period}
              onChange={() => setDays(period)}
              className="h-4 w-4"
            />
            {copy.periodDays(period)}
          </label>
        ))}
      </fieldset>
      {byAd && (
        <div className="flex flex-wrap items-center gap-3">
          <h2 className="text-lg font-semibold text-slate-900">
            {copy.byAdHeading(rowName(campaign, false))}
          </h2>
          <button type="button" className={buttonClass.secondary} onClick={() => setCampaign(null)}>
            {copy.allCampaigns}
          </button>
        </div>
      )}
      {report.error && <Message tone="error">{report.error}</Message>}
      {data && (
        <>
          <div
            className="overflow-x-auto rounded-lg bg-white ring-1 ring-slate-200"
            role="region"
            aria-label={table}
            tabIndex={0}
          >
            <table className="min-w-full text-left text-sm">
              <caption className="sr-only">{copy.caption(table, data.days)}</caption>
              <ColumnHeads
                columns={[
                  { label: byAd ? copy.rowHead.byAd : copy.rowHead.byCampaign },
                  ...copy.figureColumns.map((label) => ({ label, numeric: true })),
                ]}
              />
              <tbody className="divide-y divide-slate-200">
                {data.rows.length === 0 && (
                  <tr>
                    <td colSpan={7} className="px-3 py-4 text-slate-700">
                      {copy.noVisits}
                    </td>
                  </tr>
                )}
                {data.rows.map((row) => (
                  <tr key={row.name}>
                    <th scope="row" className="px-3 py-2 font-medium break-all text-slate-900">
                      {byAd ? (
                        rowName(row.name, true)
                      ) : (
                        <button
                          type="button"
                          className="text-left text-blue-800 underline"
                          aria-label={copy.seeByAd(rowName(row.name, false))}
                          onClick={() => setCampaign(row.name)}
                        >
                          {rowName(row.name, false)}
                        </button>
                      )}
                    </th>
                    <Figures figures={row} />
                  </tr>
                ))}
              </tbody>
              <tfoot className="border-t-2 border-slate-300 font-semibold">
                <tr>
                  <th scope="row" className="px-3 py-2 text-slate-900">
                    {copy.total}
                  </th>
                  <Figures figures={data.total} />
                </tr>
              </tfoot>
            </table>
          </div>
          <DailyChart report={data} />
        </>
      )}
    </div>
  )
}
