/**
 * `leads:stats`: the funnel counts per day and campaign (or ad), with the two conversion rates a
 * broker compares ads by. Figures only: the counts hold nothing about any person.
 */
import type { Sql } from '../storage/database'
import { readFunnelStats, type FunnelStatsRow } from '../storage/funnel-counts'

export interface StatsOptions {
  days: number
  json: boolean
  byAd: boolean
}

export const defaultStatsDays = 30
/** Counts are kept 25 months: asking for more than that many days shows nothing more. */
export const maxStatsDays = 800

export interface StatsRow extends Omit<FunnelStatsRow, 'utm_campaign'> {
  /** `null` for visits whose address had none. */
  utm_campaign: string | null
  /** Leads per view and per form start, from 0 to 1; `null` when nothing was there to divide. */
  view_to_lead: number | null
  start_to_lead: number | null
}

/** `part / whole` to 4 decimals; `null` when there is nothing to divide. */
export const rate = (part: number, whole: number) =>
  whole === 0 ? null : Math.round((part / whole) * 10_000) / 10_000

function withRates(row: FunnelStatsRow): StatsRow {
  return {
    day: row.day,
    utm_campaign: row.utm_campaign || null,
    utm_content: row.utm_content || null,
    views: row.views,
    form_starts: row.form_starts,
    estimates: row.estimates,
    leads: row.leads,
    view_to_lead: rate(row.leads, row.views),
    start_to_lead: rate(row.leads, row.form_starts),
  }
}

const percent = (value: number | null) => (value === null ? '-' : `${(value * 100).toFixed(1)} %`)

function table(rows: readonly StatsRow[], byAd: boolean): string {
  const header = [
    'day',
    'campaign',
    ...(byAd ? ['ad'] : []),
    'views',
    'form starts',
    'estimates',
    'leads',
    'view→lead',
    'start→lead',
  ]
  const lines = [
    header,
    ...rows.map((row) => [
      row.day,
      row.utm_campaign ?? '(none)',
      ...(byAd ? [row.utm_content ?? '(none)'] : []),
      String(row.views),
      String(row.form_starts),
      String(row.estimates),
      String(row.leads),
      percent(row.view_to_lead),
      percent(row.start_to_lead),
    ]),
  ]
  const textColumns = byAd ? 3 : 2
  const widths = header.map((_, column) =>
    Math.max(...lines.map((line) => line[column]?.length ?? 0)),
  )
  return lines
    .map((line) =>
      line
        .map((cell, column) =>
          column < textColumns
            ? cell.padEnd(widths[column] ?? 0)
            : cell.padStart(widths[column] ?? 0),
        )
        .join('  ')
        .trimEnd(),
    )
    .join('\n')
}

/** What `leads:stats` prints: a table, or one JSON array with `--json`. */
export async function funnelStats(db: Sql, options: StatsOptions, now?: Date): Promise<string> {
  const rows = (await readFunnelStats(db, options, now)).map(withRates)
  if (options.json) return `${JSON.stringify(rows, null, 2)}\n`
  const span = `the last ${options.days} day(s)`
  if (rows.length === 0) return `No funnel counts in ${span}.\n`
  return (
    `Funnel counts of ${span}, per day and ${options.byAd ? 'ad' : 'campaign'} ` +
    '(days in Europe/Paris; "(none)": the address had no utm_campaign or utm_content; ' +
    '"(other)": campaigns and ads past the daily limit):\n' +
    `${table(rows, options.byAd)}\n`
  )
}
