/**
 * The funnel screen's figures: for a period, one row per campaign (or per ad of one campaign)
 * summed over the days, and one point per day for the chart, days without counts included. The
 * anonymous counts give views to leads; the leads received in the period give the persons reached,
 * the appointments and the signatures (funnel-outcomes.ts).
 */
import { rate } from '../commands/funnel-stats'
import type { Sql } from '../storage/database'
import type {
  FunnelFigures,
  FunnelPeriod,
  FunnelReport,
} from '../../common/back-office/screens-api'
import { parisDay, readFunnelStats, type FunnelStatsRow } from '../storage/funnel-counts'
import {
  noOutcomes,
  originNames,
  outcomesBy,
  readLeadOutcomes,
  sumOutcomes,
  type LeadOutcome,
  type OutcomeCounts,
} from '../storage/funnel-outcomes'

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

/** The counts and the later steps, with the rate of each step per the one before. */
export function funnelFigures(counts: Counts, outcomes: OutcomeCounts): FunnelFigures {
  return {
    ...counts,
    ...outcomes,
    viewToLead: rate(counts.leads, counts.views),
    startToLead: rate(counts.leads, counts.formStarts),
    leadToReached: rate(outcomes.reached, counts.leads),
    reachedToAppointment: rate(outcomes.appointments, outcomes.reached),
    appointmentToSigned: rate(outcomes.signed, outcomes.appointments),
    leadToSigned: rate(outcomes.signed, counts.leads),
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
  const byAd = options.campaign !== null
  const all = await readFunnelStats(db, { days: options.days, byAd }, now)
  const allLeads = await readLeadOutcomes(db, { days: options.days }, now)
  const rows = byAd ? all.filter((row) => row.utm_campaign === options.campaign) : all
  const leads = byAd ? allLeads.filter((lead) => lead.utm_campaign === options.campaign) : allLeads
  const countsByName = sumBy(rows, (row) => (byAd ? (row.utm_content ?? '') : row.utm_campaign))
  const nameOf = (lead: LeadOutcome) => (byAd ? lead.utm_content : lead.utm_campaign)
  const outcomesByName = outcomesBy(leads, nameOf)
  const labels = originNames(leads, byAd ? 'ad' : 'campaign')
  // A campaign's or ad's leads may all have been counted under "(other)": it still has its row.
  const names = new Set([...countsByName.keys(), ...outcomesByName.keys()])
  const outcomesByDay = outcomesBy(leads, (lead) => lead.day)
  const countsByDay = sumBy(rows, (row) => row.day)
  return {
    days: options.days,
    campaign: options.campaign,
    campaignLabel: byAd
      ? (originNames(allLeads, 'campaign').get(options.campaign ?? '') ?? null)
      : null,
    rows: [...names]
      .map((name) => ({
        name,
        label: labels.get(name) ?? null,
        ...funnelFigures(countsByName.get(name) ?? none, outcomesByName.get(name) ?? noOutcomes),
      }))
      .sort(
        (a, b) =>
          b.signed - a.signed ||
          b.leads - a.leads ||
          b.views - a.views ||
          a.name.localeCompare(b.name),
      ),
    total: funnelFigures(rows.reduce(add, none), sumOutcomes(leads)),
    perDay: periodDays(options.days, now).map((day) => ({
      day,
      ...funnelFigures(countsByDay.get(day) ?? none, outcomesByDay.get(day) ?? noOutcomes),
    })),
  }
}
