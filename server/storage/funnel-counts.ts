/**
 * Funnel counts: one number per day (Europe/Paris), campaign, ad and step, and nothing else, so
 * that they stay anonymous audience figures (the CNIL's exemption): no identifier, no address, no
 * time finer than the day, never joined to the leads.
 *
 * Each report is one UPSERT rather than a sum kept in memory and flushed: a count is durable once
 * answered, instances sharing one PostgreSQL add up without coordination, and there is nothing to
 * flush on close or before `leads:stats`. Ad traffic sends a few reports a second at most, and the
 * route's rate limit and the cap below bound what hostile traffic can write.
 */
import type { FunnelOrigin, FunnelStep } from '../../common/funnel-contract'
import { maxFunnelOriginLength } from '../../common/funnel-contract'
import type { Sql } from './database'

/** DECISIONS.md and the privacy policy: audience figures are kept 25 months at most. */
export const funnelRetentionMonths = 25

/**
 * Distinct campaign × ad pairs counted per day; the reports of any further pair are counted under
 * `otherOrigin`, so that invented campaign names cannot grow the table without bound. (Reports
 * checked at the same instant may pass the limit by a few: a bound, not an exact count.)
 */
export const maxOriginsPerDay = 500
export const otherOrigin = '(other)'

const parisDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
})

const hourMs = 60 * 60 * 1_000
let lastHour = { hour: NaN, day: '' }

/**
 * The calendar day in Paris, `YYYY-MM-DD`. Paris's day starts, and its clocks change, on the hour
 * in UTC, so one formatting per hour will do (one per lead took about 1 % of the relay's time).
 */
export function parisDay(at: Date): string {
  const hour = Math.floor(at.getTime() / hourMs)
  if (hour !== lastHour.hour) {
    const parts = Object.fromEntries(
      parisDate.formatToParts(at).map((part) => [part.type, part.value]),
    )
    lastHour = { hour, day: `${parts.year}-${parts.month}-${parts.day}` }
  }
  return lastHour.day
}

/**
 * What `count_funnel_step` (migration 8) takes after the step. A lead's origin may be longer than
 * a report's (500 characters against 200): it is counted under its first 200, as a report would
 * have been refused.
 */
export function funnelCountArguments(origin: FunnelOrigin, now: Date) {
  return {
    day: parisDay(now),
    utmCampaign: origin.utm_campaign.slice(0, maxFunnelOriginLength),
    utmContent: origin.utm_content.slice(0, maxFunnelOriginLength),
    maxOrigins: maxOriginsPerDay,
    otherOrigin,
  }
}

/** Adds one to a step's count of the day. */
export async function countFunnelStep(
  db: Sql,
  step: FunnelStep,
  origin: FunnelOrigin,
  now: Date = new Date(),
): Promise<void> {
  const count = funnelCountArguments(origin, now)
  await db.query('SELECT count_funnel_step($1::date, $2, $3, $4, $5, $6)', [
    count.day,
    count.utmCampaign,
    count.utmContent,
    step,
    count.maxOrigins,
    count.otherOrigin,
  ])
}

/** The leads counted today in Paris, every campaign together: what `activityCounter: real` shows. */
export async function readDayRequests(
  db: Sql,
  now: Date = new Date(),
): Promise<{ day: string; requests: number }> {
  const day = parisDay(now)
  const [row] = await db.query<{ requests: number }>(
    `SELECT coalesce(sum(count), 0)::integer AS requests
     FROM funnel_counts WHERE day = $1::date AND step = 'lead'`,
    [day],
  )
  return { day, requests: row?.requests ?? 0 }
}

/** Deletes the counts of days older than the retention period; returns how many rows. */
export async function purgeExpiredFunnelCounts(db: Sql, now: Date = new Date()): Promise<number> {
  const deleted = await db.query(
    `DELETE FROM funnel_counts WHERE day < $1::date - make_interval(months => $2) RETURNING day`,
    [parisDay(now), funnelRetentionMonths],
  )
  return deleted.length
}

export interface FunnelStatsRow {
  day: string
  utm_campaign: string
  /** `null` when the rows of a campaign are summed over its ads. */
  utm_content: string | null
  views: number
  form_starts: number
  estimates: number
  leads: number
}

/** The counts of the last `days` days (today included), per day and campaign, or per ad too. */
export async function readFunnelStats(
  db: Sql,
  { days, byAd }: { days: number; byAd: boolean },
  now: Date = new Date(),
): Promise<FunnelStatsRow[]> {
  const content = byAd ? 'utm_content' : 'NULL::text'
  const sum = (step: FunnelStep) =>
    `coalesce(sum(count) FILTER (WHERE step = '${step}'), 0)::integer`
  return db.query<FunnelStatsRow>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, utm_campaign, ${content} AS utm_content,
            ${sum('view')} AS views, ${sum('form_start')} AS form_starts,
            ${sum('estimate')} AS estimates, ${sum('lead')} AS leads
     FROM funnel_counts
     WHERE day > $1::date - $2::integer AND day <= $1::date
     GROUP BY day, utm_campaign${byAd ? ', utm_content' : ''}
     ORDER BY day DESC, views DESC, utm_campaign${byAd ? ', utm_content' : ''}`,
    [parisDay(now), days],
  )
}
