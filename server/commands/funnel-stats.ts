/**
 * `leads:stats`: the funnel per day (or for the whole period) and campaign (or ad), as the funnel
 * screen shows it: the
 * anonymous counts, then the persons reached, the appointments and the signatures of the leads
 * received that day, with the rate of each step. Figures only: nothing about any person.
 */
import type { Sql } from '../storage/database'
import { parisDay, readFunnelStats, type FunnelStatsRow } from '../storage/funnel-counts'
import {
  noOutcomes,
  originNames,
  outcomesBy,
  readLeadOutcomes,
  type LeadOutcome,
  type OutcomeCounts,
} from '../storage/funnel-outcomes'

export interface StatsOptions {
  days: number
  json: boolean
  byAd: boolean
  /** One row per campaign (or ad) for the whole period, as the funnel screen shows it. */
  total?: boolean
}

export const defaultStatsDays = 30
/** Counts are kept 25 months: asking for more than that many days shows nothing more. */
export const maxStatsDays = 800

export interface StatsRow extends Omit<FunnelStatsRow, 'utm_campaign'> {
  /** `null` for visits whose address had none. */
  utm_campaign: string | null
  /** The names the ad's link gave bare ids (`campaign_name`, `ad_name`); `null` when none. */
  campaign_name: string | null
  ad_name: string | null
  /** Persons (phone numbers) of the day's leads reached, with an appointment, signed. */
  reached: number
  appointments: number
  signed: number
  premiums_eur: number
  /** Each step per the one before, from 0 to 1; `null` when nothing was there to divide. */
  view_to_lead: number | null
  start_to_lead: number | null
  lead_to_reached: number | null
  reached_to_appointment: number | null
  appointment_to_signed: number | null
  lead_to_signed: number | null
}

/** `part / whole` to 4 decimals; `null` when there is nothing to divide. */
export const rate = (part: number, whole: number) =>
  whole === 0 ? null : Math.round((part / whole) * 10_000) / 10_000

function withRates(
  row: FunnelStatsRow,
  outcomes: OutcomeCounts,
  names: { campaign: string | undefined; ad: string | undefined },
): StatsRow {
  return {
    day: row.day,
    utm_campaign: row.utm_campaign || null,
    utm_content: row.utm_content || null,
    campaign_name: names.campaign ?? null,
    ad_name: names.ad ?? null,
    views: row.views,
    form_starts: row.form_starts,
    estimates: row.estimates,
    leads: row.leads,
    reached: outcomes.reached,
    appointments: outcomes.appointments,
    signed: outcomes.signed,
    premiums_eur: outcomes.premiumsEur,
    view_to_lead: rate(row.leads, row.views),
    start_to_lead: rate(row.leads, row.form_starts),
    lead_to_reached: rate(outcomes.reached, row.leads),
    reached_to_appointment: rate(outcomes.appointments, outcomes.reached),
    appointment_to_signed: rate(outcomes.signed, outcomes.appointments),
    lead_to_signed: rate(outcomes.signed, row.leads),
  }
}

/** One key per day and campaign, or per day and ad. */
const rowKey = (day: string, campaign: string, ad: string | null) =>
  JSON.stringify([day, campaign, ad])

/** The period as ISO 8601 writes an interval of days: `2031-03-14/2031-03-15`. */
function periodOf(days: number, now: Date): string {
  const today = parisDay(now)
  const first = new Date(Date.parse(`${today}T00:00:00Z`) - (days - 1) * 86_400_000)
  return `${first.toISOString().slice(0, 10)}/${today}`
}

/** Adds the counts of rows that share a key: the days of a period, with `total`. */
function sumCounts(rows: readonly FunnelStatsRow[], key: (row: FunnelStatsRow) => string) {
  const sums = new Map<string, FunnelStatsRow>()
  for (const row of rows) {
    const sum = sums.get(key(row))
    if (!sum) sums.set(key(row), { ...row })
    else {
      sum.views += row.views
      sum.form_starts += row.form_starts
      sum.estimates += row.estimates
      sum.leads += row.leads
    }
  }
  return [...sums.values()]
}

/**
 * The counts' rows with the outcomes of the same day's leads (or the period's, with `total`),
 * plus a row of zero counts for a day and origin that has leads but no counts (counted under
 * "(other)", or counts purged first).
 */
async function statsRows(db: Sql, options: StatsOptions, now: Date): Promise<StatsRow[]> {
  const period = periodOf(options.days, now)
  const dayOf = (day: string) => (options.total ? period : day)
  const keyOfRow = (row: FunnelStatsRow) => rowKey(row.day, row.utm_campaign, row.utm_content)
  const counts = sumCounts(await readFunnelStats(db, options, now), (row) =>
    rowKey(dayOf(row.day), row.utm_campaign, row.utm_content),
  ).map((row) => ({ ...row, day: dayOf(row.day) }))
  const leads = await readLeadOutcomes(db, options, now)
  const keyOf = (lead: LeadOutcome) =>
    rowKey(dayOf(lead.day), lead.utm_campaign, options.byAd ? lead.utm_content : null)
  const outcomes = outcomesBy(leads, keyOf)
  const campaignNames = originNames(leads, 'campaign')
  const adNames = originNames(leads, 'ad')
  const rows = [...counts]
  const counted = new Set(counts.map(keyOfRow))
  for (const lead of leads) {
    if (counted.has(keyOf(lead))) continue
    counted.add(keyOf(lead))
    rows.push({
      day: dayOf(lead.day),
      utm_campaign: lead.utm_campaign,
      utm_content: options.byAd ? lead.utm_content : null,
      views: 0,
      form_starts: 0,
      estimates: 0,
      leads: 0,
    })
  }
  const withOutcomes = rows.map((row) =>
    withRates(row, outcomes.get(keyOfRow(row)) ?? noOutcomes, {
      campaign: campaignNames.get(row.utm_campaign),
      ad: options.byAd ? adNames.get(row.utm_content ?? '') : undefined,
    }),
  )
  // Newest day first, in the counts' order within a day; with `total`, as the screen ranks them.
  return withOutcomes.sort(
    (a, b) =>
      b.day.localeCompare(a.day) ||
      (options.total ? b.signed - a.signed || b.leads - a.leads || b.views - a.views : 0),
  )
}

const percent = (value: number | null) => (value === null ? '-' : `${(value * 100).toFixed(1)} %`)

/** A campaign or ad as the table names it: its name beside its id when the link gave one. */
const origin = (id: string | null, name: string | null) =>
  id === null ? '(none)' : name ? `${name} (${id})` : id

function table(rows: readonly StatsRow[], byAd: boolean): string {
  const header = [
    'day',
    'campaign',
    ...(byAd ? ['ad'] : []),
    'views',
    'form starts',
    'estimates',
    'leads',
    'reached',
    'appointments',
    'signed',
    'premiums',
    'view→lead',
    'start→lead',
    'lead→reached',
    'reached→appt.',
    'appt.→signed',
    'lead→signed',
  ]
  const lines = [
    header,
    ...rows.map((row) => [
      row.day,
      origin(row.utm_campaign, row.campaign_name),
      ...(byAd ? [origin(row.utm_content, row.ad_name)] : []),
      String(row.views),
      String(row.form_starts),
      String(row.estimates),
      String(row.leads),
      String(row.reached),
      String(row.appointments),
      String(row.signed),
      `${Math.round(row.premiums_eur)} €`,
      percent(row.view_to_lead),
      percent(row.start_to_lead),
      percent(row.lead_to_reached),
      percent(row.reached_to_appointment),
      percent(row.appointment_to_signed),
      percent(row.lead_to_signed),
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
export async function funnelStats(
  db: Sql,
  options: StatsOptions,
  now: Date = new Date(),
): Promise<string> {
  const rows = await statsRows(db, options, now)
  if (options.json) return `${JSON.stringify(rows, null, 2)}\n`
  const span = `the last ${options.days} day(s)`
  if (rows.length === 0) return `No funnel counts in ${span}.\n`
  return (
    `Funnel of ${span}, per ${options.total ? '' : 'day and '}${options.byAd ? 'ad' : 'campaign'} ` +
    '(days in Europe/Paris; "(none)": the address had no utm_campaign or utm_content; ' +
    '"(other)": campaigns and ads past the daily limit; reached, appointments and signed: ' +
    'persons (phone numbers) among the leads received that day, erased ones gone; ' +
    'premiums: yearly, of the signed contracts):\n' +
    `${table(rows, options.byAd)}\n`
  )
}
