import type { FunnelReport } from '../../common/back-office/screens-api'
import { dailyChartCopy as copy } from '../copy/daily-chart'
import { count, percent, shortDay } from '../format'

const width = 720
const height = 240
const margin = { top: 16, right: 48, bottom: 28, left: 40 }
const plotWidth = width - margin.left - margin.right
const plotHeight = height - margin.top - margin.bottom

/** A round top for the leads' axis: 1, 2, 5, 10, 20, 50… above the day with the most. */
function niceMax(value: number): number {
  if (value <= 1) return 1
  const power = 10 ** Math.floor(Math.log10(value))
  const step = [1, 2, 5, 10].find((factor) => factor * power >= value) ?? 10
  return step * power
}

/**
 * Leads per day as bars (left axis) and the conversion of views into leads as a line (right
 * axis), drawn as SVG. Its figures are in the table beside it; the image says what it shows.
 */
export function DailyChart({ report }: { report: FunnelReport }) {
  const days = report.perDay
  const maxLeads = niceMax(Math.max(0, ...days.map((day) => day.leads)))
  const maxRate = Math.max(0.01, ...days.map((day) => day.viewToLead ?? 0))
  const slot = plotWidth / Math.max(1, days.length)
  const barWidth = Math.max(2, slot * 0.7)
  const x = (index: number) => margin.left + index * slot + slot / 2
  const yLeads = (leads: number) => margin.top + plotHeight - (leads / maxLeads) * plotHeight
  const yRate = (rate: number) => margin.top + plotHeight - (rate / maxRate) * plotHeight
  const line = days
    .map((day, index) => (day.viewToLead === null ? null : `${x(index)},${yRate(day.viewToLead)}`))
    .filter(Boolean)
    .join(' ')
  const labelEvery = Math.ceil(days.length / 7)
  const best = days.reduce(
    (top, day) => (day.leads > top.leads ? day : top),
    days[0] ?? { day: '', leads: 0 },
  )

  return (
    <figure className="rounded-lg bg-white p-3 ring-1 ring-slate-200">
      <svg
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={copy.summary(
          report.days,
          report.total.leads,
          best.leads > 0 ? best : undefined,
        )}
        className="h-auto w-full"
      >
        <line
          x1={margin.left}
          x2={width - margin.right}
          y1={margin.top + plotHeight}
          y2={margin.top + plotHeight}
          className="stroke-slate-400"
        />
        {[0, maxLeads / 2, maxLeads].map((tick) => (
          <text
            key={`l${tick}`}
            x={margin.left - 6}
            y={yLeads(tick) + 4}
            textAnchor="end"
            className="fill-slate-700 text-[11px]"
          >
            {count(tick)}
          </text>
        ))}
        {[0, maxRate / 2, maxRate].map((tick) => (
          <text
            key={`r${tick}`}
            x={width - margin.right + 6}
            y={yRate(tick) + 4}
            className="fill-amber-800 text-[11px]"
          >
            {percent(tick)}
          </text>
        ))}
        {days.map((day, index) => (
          <rect
            key={day.day}
            x={x(index) - barWidth / 2}
            y={yLeads(day.leads)}
            width={barWidth}
            height={margin.top + plotHeight - yLeads(day.leads)}
            className="fill-blue-700"
          >
            <title>{copy.bar(day.day, day.leads, day.viewToLead)}</title>
          </rect>
        ))}
        {line && (
          <polyline points={line} fill="none" strokeWidth={2} className="stroke-amber-600" />
        )}
        {days.map((day, index) =>
          index % labelEvery === 0 ? (
            <text
              key={`d${day.day}`}
              x={x(index)}
              y={height - 8}
              textAnchor="middle"
              className="fill-slate-700 text-[11px]"
            >
              {shortDay(day.day)}
            </text>
          ) : null,
        )}
      </svg>
      <figcaption className="mt-2 flex flex-wrap gap-4 text-xs text-slate-700">
        <span>
          <span aria-hidden="true" className="mr-1 inline-block h-3 w-3 bg-blue-700 align-middle" />
          {copy.leadsLegend}
        </span>
        <span>
          <span
            aria-hidden="true"
            className="mr-1 inline-block h-0.5 w-4 bg-amber-600 align-middle"
          />
          {copy.rateLegend}
        </span>
      </figcaption>
    </figure>
  )
}
