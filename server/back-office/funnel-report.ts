/**
 * The funnel screen's figures: for a period, one row per campaign (or per ad of one campaign)
 * summed over the days, and one point per day for the chart, days without counts included.
 */
import { rate } from '../commands/funnel-stats'
import type { Sql } from '../storage/database'
import type {
  FunnelFigures,
  FunnelPeriod,
  FunnelReport,
} from '../../common/back-office/screens-api'
import { parisDay, readFunnelStats, type FunnelStatsRow } from '../storage/funnel-counts'

type Counts = Pick<FunnelFigures, 'views' | 'formStarts' | 'estimates' | 'leads'>

const none: Counts = { views: 0, formStarts: 0, estimates: 0, leads: 0 }

function add(sum: Counts, row: FunnelStatsRow): Counts {
  return {
    views: sum.views + row.views,
    formStarts: sum.formStarts + row.form_starts,
    estimates: sum.estimates + row.estimates,
    leads: sum.leads + row.leads,
  }
}

function withRates(counts: Counts): FunnelFigures {
  return {
    ...counts,
    viewToLead: rate(counts.leads, counts.views),
    startToLead: rate(counts.leads, counts.formStarts),
  }
}

/** The `days` calendar days ending today in Paris, oldest first, as `YYYY-MM-DD`. */
function periodDays(days: number, now: Date): string[] {
  const today = new Date(`${parisDay(now)}T00:00:00Z`)
  return Array.from({ length: days }, (_, index) =>
    new Date(today.getTime() - (days - 1 - index) * 86_400_000).toISOString().slice(0, 10),
  )
}

function sumBy(rows: readonly FunnelStatsRow[], key: (row: FunnelStatsRow) => string) {
  const sums = new Map<string, Counts>()
  for (const row of rows) sums.set(key(row), add(sums.get(key(row)) ?? none, row))
  return sums
}

export async function funnelReport(
  db: Sql,
  options: { days: FunnelPeriod; campaign: string | null },
  now: Date,
): Promise<FunnelReport> {
  const all = await readFunnelStats(
    db,
    { days: options.days, byAd: options.campaign !== null },
    now,
  )
  const rows =
    options.campaign === null ? all : all.filter((row) => row.utm_campaign === options.campaign)
  const byName = sumBy(rows, (row) =>
    options.campaign === null ? row.utm_campaign : (row.utm_content ?? ''),
  )
  const byDay = sumBy(rows, (row) => row.day)
  return {
    days: options.days,
    campaign: options.campaign,
    rows: [...byName]
      .map(([name, counts]) => ({ name, ...withRates(counts) }))
      .sort((a, b) => b.leads - a.leads || b.views - a.views || a.name.localeCompare(b.name)),
    total: withRates(rows.reduce(add, none)),
    perDay: periodDays(options.days, now).map((day) => ({
      day,
      ...withRates(byDay.get(day) ?? none),
    })),
  }
}
