/**
 * Escalation: a lead whose person (persons.ts) nobody has claimed, called or moved to a stage
 * within `LEAD_ESCALATE_MINUTES` of staffed time (the legal calling hours) is sent once more to the destinations that take `escalation`, as
 * deliveries of their own, durable and retried like the lead's. Staffed time only: a lead that
 * arrives on Friday at 22:00 escalates that many minutes after Monday's opening (or the next
 * one, public holidays skipped). One conditional UPDATE stamps `escalated_at`, so instances
 * sharing one PostgreSQL escalate each lead once between them.
 */
import type { FastifyBaseLogger } from 'fastify'
import { requestValidityDays } from '../../common/calls/call-rules'
import { isWithinCallingHours } from '../../common/calls/calling-hours'
import type { Database } from '../storage/database'
import { startPeriodicCheck, type PeriodicCheck } from './periodic-check'

const minuteMs = 60_000
const hourMs = 60 * minuteMs
/** Leads older than this are never escalated: beyond any due time LEAD_ESCALATE_MINUTES allows. */
const lookBackMs = 21 * 24 * hourMs

/**
 * When `minutes` of calling hours have passed since `receivedAt`. Paris is a whole number of
 * hours from UTC and the hours open and close on the hour, so each UTC hour is open or closed
 * throughout: the walk goes an hour at a time.
 */
export function escalationDueAt(receivedAt: Date, minutes: number): Date {
  let remaining = minutes * minuteMs
  let at = receivedAt.getTime()
  // Far more hours than any week holds, holidays included: a bound, never reached.
  for (let step = 0; step < 24 * 60; step += 1) {
    const hourEnd = Math.floor(at / hourMs) * hourMs + hourMs
    if (isWithinCallingHours(new Date(at))) {
      if (remaining <= hourEnd - at) return new Date(at + remaining)
      remaining -= hourEnd - at
    }
    at = hourEnd
  }
  return new Date(at)
}

/**
 * Escalates the leads due by `now`: no request of its person claimed, called or moved to a
 * stage, nor the same email or phone called since it arrived; consent not withdrawn. Resolves with their ids.
 */
export async function escalateDueLeads(
  db: Database,
  options: { now: Date; minutes: number; destinations: readonly string[] },
): Promise<string[]> {
  const { now, minutes } = options
  // Taken: this lead or a request of its person (the same email or phone, received within 30
  // days of it: persons.ts) claimed, called or moved to a stage; or the same email or phone
  // called since it arrived.
  const waiting = `l.escalated_at IS NULL AND l.claimed_by IS NULL AND l.consent_withdrawn_at IS NULL
    AND NOT EXISTS (
      SELECT 1 FROM lead_calls AS c JOIN leads AS o ON o.id = c.lead_id
      WHERE c.undone_at IS NULL AND (c.lead_id = l.id
         OR ((o.email = l.email OR o.telephone = l.telephone) AND c.at >= l.received_at)))
    AND NOT EXISTS (
      SELECT 1 FROM leads AS o
      WHERE (o.email = l.email OR o.telephone = l.telephone)
        AND o.received_at BETWEEN l.received_at - make_interval(days => ${requestValidityDays})
                              AND l.received_at + make_interval(days => ${requestValidityDays})
        AND (o.claimed_by IS NOT NULL OR o.status_changed_at IS NOT NULL
             OR EXISTS (SELECT 1 FROM lead_calls AS c WHERE c.lead_id = o.id AND c.undone_at IS NULL)))`
  const candidates = await db.query<{ id: string; received_at: Date }>(
    `SELECT l.id, l.received_at FROM leads AS l
     WHERE l.received_at > $1::timestamptz AND l.received_at <= $2::timestamptz AND ${waiting}`,
    [new Date(now.getTime() - lookBackMs), new Date(now.getTime() - minutes * minuteMs)],
  )
  const due = candidates
    .filter((lead) => escalationDueAt(lead.received_at, minutes) <= now)
    .map((lead) => lead.id)
  if (due.length === 0) return []
  return db.transaction(async (tx) => {
    // Re-checked under the row locks: another instance, a claim or a call may have come first.
    const escalated = await tx.query<{ id: string }>(
      `UPDATE leads AS l SET escalated_at = $2 WHERE l.id = ANY($1::uuid[]) AND ${waiting}
       RETURNING l.id`,
      [due, now],
    )
    const ids = escalated.map((row) => row.id)
    if (ids.length > 0 && options.destinations.length > 0) {
      await tx.query(
        `INSERT INTO lead_deliveries (lead_id, destination, event)
         SELECT lead.id, destination.name, 'escalation'
         FROM unnest($1::uuid[]) AS lead (id) CROSS JOIN unnest($2::text[]) AS destination (name)
         ON CONFLICT DO NOTHING`,
        [ids, options.destinations],
      )
    }
    return ids
  })
}

export type EscalationChecks = PeriodicCheck

/** Looks for leads to escalate every `everyMs`, one check at a time. */
export function startEscalationChecks(options: {
  db: Database
  log: FastifyBaseLogger
  minutes: number
  destinations: readonly string[]
  everyMs: number
  now: () => Date
  /** Called with the escalated leads' ids, so the worker delivers them now. */
  onEscalated: (ids: string[]) => void
}): EscalationChecks {
  const check = () =>
    escalateDueLeads(options.db, {
      now: options.now(),
      minutes: options.minutes,
      destinations: options.destinations,
    }).then(
      (ids) => {
        if (ids.length === 0) return
        options.log.info({ leads: ids }, 'leads escalated: nobody claimed or called them in time')
        options.onEscalated(ids)
      },
      (error: unknown) => options.log.error({ err: error }, 'escalation check failed'),
    )
  return startPeriodicCheck(check, options.everyMs)
}
