import { useState } from 'react'
import type {
  FunnelFigures,
  FunnelPeriod,
  FunnelReport,
  FunnelRow,
} from '../../common/back-office/screens-api'
import { DailyChart } from '../components/daily-chart'
import { buttonClass, ColumnHeads, Message } from '../components/ui'
import { funnelScreenCopy as copy } from '../copy/funnel-screen'
import { count, euros, percent } from '../format'
import { queryString, useApi } from '../use-api'

const periods: FunnelPeriod[] = [7, 30, 90]

/** The cells of a row, in the order of `copy.figureColumns`; leads and signatures stand out. */
function Figures({ figures }: { figures: FunnelFigures }) {
  const cells = [
    { text: count(figures.views) },
    { text: count(figures.formStarts) },
    { text: count(figures.estimates) },
    { text: count(figures.leads), strong: true },
    { text: count(figures.reached) },
    { text: count(figures.appointments) },
    { text: count(figures.signed), strong: true },
    { text: euros(figures.premiumsEur) },
    { text: percent(figures.viewToLead) },
    { text: percent(figures.startToLead) },
    { text: percent(figures.leadToReached) },
    { text: percent(figures.reachedToAppointment) },
    { text: percent(figures.appointmentToSigned) },
    { text: percent(figures.leadToSigned) },
  ]
  return (
    <>
      {cells.map((cell, index) => (
        <td
          key={index}
          className={`px-3 py-2 text-right whitespace-nowrap ${cell.strong ? 'font-semibold' : ''}`}
        >
          {cell.text}
        </td>
      ))}
    </>
  )
}

/** A name for a row: the campaign's or ad's, or what a visit without one stands for. */
const rowName = (name: string, byAd: boolean) => name || (byAd ? copy.noAd : copy.noCampaign)

/** The name the link gave a bare id when there is one, the id itself otherwise. */
const shownName = (row: Pick<FunnelRow, 'name' | 'label'>, byAd: boolean) =>
  row.label ?? rowName(row.name, byAd)

/** The id under a name the link gave, for finding it in Ads Manager. */
function IdUnderName({ row }: { row: Pick<FunnelRow, 'name' | 'label'> }) {
  if (row.label === null) return null
  return <span className="block text-xs font-normal text-slate-700">{copy.idOf(row.name)}</span>
}

/** The first column stays in view while the figures scroll under it on a phone. */
const stickyColumn = 'sticky left-0 z-10 max-w-40 min-w-28'

/**
 * Views, form starts, estimates and leads per campaign for 7, 30 or 90 days, then the persons
 * reached, the appointments, the signatures and their premiums, with the rate of each step; a
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
            {copy.byAdHeading(data?.campaignLabel ?? rowName(campaign, false))}
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
                  {
                    label: byAd ? copy.rowHead.byAd : copy.rowHead.byCampaign,
                    className: `${stickyColumn} bg-slate-100`,
                  },
                  ...copy.figureColumns.map((label) => ({ label, numeric: true })),
                ]}
              />
              <tbody className="divide-y divide-slate-200">
                {data.rows.length === 0 && (
                  <tr>
                    <td
                      colSpan={copy.figureColumns.length + 1}
                      className="px-3 py-4 text-slate-700"
                    >
                      {copy.noVisits}
                    </td>
                  </tr>
                )}
                {data.rows.map((row) => (
                  <tr key={row.name}>
                    <th
                      scope="row"
                      className={`${stickyColumn} bg-white px-3 py-2 font-medium wrap-anywhere text-slate-900`}
                    >
                      {byAd ? (
                        shownName(row, true)
                      ) : (
                        <button
                          type="button"
                          className="text-left text-blue-800 underline"
                          aria-label={copy.seeByAd(shownName(row, false))}
                          onClick={() => setCampaign(row.name)}
                        >
                          {shownName(row, false)}
                        </button>
                      )}
                      <IdUnderName row={row} />
                    </th>
                    <Figures figures={row} />
                  </tr>
                ))}
              </tbody>
              <tfoot className="border-t-2 border-slate-300 font-semibold">
                <tr>
                  <th scope="row" className={`${stickyColumn} bg-white px-3 py-2 text-slate-900`}>
                    {copy.total}
                  </th>
                  <Figures figures={data.total} />
                </tr>
              </tfoot>
            </table>
          </div>
          <p className="text-sm text-slate-700">{copy.laterSteps}</p>
          <DailyChart report={data} />
        </>
      )}
    </div>
  )
}
