/**
 * The deliveries' SQL: one row per lead, destination and event. A claim takes due rows with
 * `FOR UPDATE SKIP LOCKED` and stamps them with a lease, so that instances sharing one PostgreSQL
 * never hold the same delivery at once; a lease left by a killed process runs out and the
 * delivery is claimed again. Delivered and parked rows stay: they are the delivery history.
 */
import type { Database, Sql } from '../storage/database'
import type { DeliveryEvent, DeliveryJob, StageChange } from './destination'
import type { LeadStatus, LossReason } from '../../common/pipeline/lead-stages'
import { storedLeadColumns, storedLeadOf, type LeadRow } from '../storage/lead-row'
import { requestRanks } from '../storage/persons'

/** Temporary failures for this long park a delivery instead of retrying it again. */
export const parkAfterHours = 72

/** A delivery pending longer than this means its destination is failing (/healthz, alerts). */
export const stalePendingSeconds = 15 * 60

export async function claimDueDeliveries(
  db: Database,
  options: { owner: string; leaseMs: number; limit: number; destinations: readonly string[] },
): Promise<DeliveryJob[]> {
  const rows = await db.query<
    Pick<LeadRow, (typeof storedLeadColumns)[number]> & {
      destination: string
      event: DeliveryEvent
      attempts: number
    } & StageChangeColumns
  >(
    `WITH due AS (
       SELECT lead_id, destination, event FROM lead_deliveries
       WHERE state = 'pending' AND next_attempt_at <= now() AND destination = ANY($4::text[])
         AND (lease_until IS NULL OR lease_until <= now())
       ORDER BY next_attempt_at
       LIMIT $3
       FOR UPDATE SKIP LOCKED
     )
     UPDATE lead_deliveries AS d
     SET lease_owner = $1, lease_until = now() + make_interval(secs => $2::double precision / 1000),
         attempts = d.attempts + 1
     FROM due JOIN leads AS l ON l.id = due.lead_id
       LEFT JOIN lead_status_changes AS c
         ON c.lead_id = due.lead_id AND due.event = 'status:' || c.id::text
     WHERE d.lead_id = due.lead_id AND d.destination = due.destination AND d.event = due.event
     RETURNING d.destination, d.event, d.attempts, ${storedLeadColumns.map((column) => `l.${column}`).join(', ')},
       ${stageChangeColumns}`,
    [options.owner, options.leaseMs, options.limit, options.destinations],
  )
  const ranks = await requestRanks(
    db,
    rows.filter((row) => row.event === 'lead').map((row) => row.id),
  )
  return rows.map((row) => {
    const { id, ...lead } = storedLeadOf(row)
    const personRequest = row.event === 'lead' ? ranks.get(id) : undefined
    return {
      ...lead,
      leadId: id,
      destination: row.destination,
      event: row.event,
      stageChange: stageChangeOf(row),
      attempt: row.attempts,
      ...(personRequest && { personRequest }),
    }
  })
}

/** The stage change a `status:` delivery tells of, as the claim returns it (null otherwise). */
const stageChangeColumns = `c.id::text AS change_id, c.at AS change_at, c.status AS change_status,
  c.previous_status AS change_previous_status, c.motif AS change_motif,
  c.annual_premium_eur::float8 AS change_premium`

interface StageChangeColumns {
  change_id: string | null
  change_at: Date | null
  change_status: LeadStatus | null
  change_previous_status: LeadStatus | null
  change_motif: LossReason | null
  change_premium: number | null
}

function stageChangeOf(row: StageChangeColumns): StageChange | undefined {
  if (!row.change_id || !row.change_at || !row.change_status || !row.change_previous_status) {
    return undefined
  }
  return {
    id: row.change_id,
    at: row.change_at,
    status: row.change_status,
    previousStatus: row.change_previous_status,
    motif: row.change_motif,
    annualPremiumEur: row.change_premium,
  }
}

type JobKey = Pick<DeliveryJob, 'leadId' | 'destination' | 'event'>

/** Marks it done; a lead's first delivery anywhere is also its `delivered_at`. */
export async function markDelivered(db: Database, job: JobKey, owner: string): Promise<void> {
  await db.transaction(async (tx) => {
    // The lead first, then its delivery: the order a withdrawal of consent locks them in, so that
    // the two can never wait for each other.
    if (job.event === 'lead') {
      await tx.query('SELECT 1 FROM leads WHERE id = $1 FOR NO KEY UPDATE', [job.leadId])
    }
    const released = await tx.query(
      `UPDATE lead_deliveries
       SET state = 'delivered', done_at = now(), lease_owner = NULL, lease_until = NULL
       WHERE lead_id = $1 AND destination = $2 AND event = $3 AND lease_owner = $4
       RETURNING 1`,
      [job.leadId, job.destination, job.event, owner],
    )
    if (released.length > 0 && job.event === 'lead') {
      await tx.query(
        'UPDATE leads SET delivered_at = COALESCE(delivered_at, now()) WHERE id = $1',
        [job.leadId],
      )
    }
  })
}

/**
 * Records a failed attempt: parked when it is permanent or when temporary failures have lasted
 * `parkAfterHours` (counted on the worker's clock, so tests can move it), otherwise due again
 * after `delayMs`. Resolves with the delivery's new state.
 */
export async function recordFailure(
  db: Sql,
  job: JobKey,
  failure: { owner: string; reason: string; permanent: boolean; delayMs: number; now: Date },
): Promise<'pending' | 'parked'> {
  const [row] = await db.query<{ state: 'pending' | 'parked' }>(
    `UPDATE lead_deliveries
     SET lease_owner = NULL, lease_until = NULL, last_error = $5,
         first_failure_at = COALESCE(first_failure_at, $8::timestamptz),
         state = CASE
           WHEN $6::boolean
             OR COALESCE(first_failure_at, $8::timestamptz)
                <= $8::timestamptz - make_interval(hours => $9)
           THEN 'parked' ELSE 'pending' END,
         done_at = NULL,
         next_attempt_at = now() + make_interval(secs => $7::double precision / 1000)
     WHERE lead_id = $1 AND destination = $2 AND event = $3 AND lease_owner = $4
     RETURNING state`,
    [
      job.leadId,
      job.destination,
      job.event,
      failure.owner,
      failure.reason.slice(0, 500),
      failure.permanent,
      failure.delayMs,
      failure.now,
      parkAfterHours,
    ],
  )
  return row?.state ?? 'pending'
}

export interface DestinationBacklog {
  pending: number
  parked: number
  /** Age of the oldest pending delivery, in seconds; 0 when there is none. */
  oldestPendingSeconds: number
}

/**
 * Pending and parked deliveries per destination (destinations with neither are absent). The
 * going-live check's test lead is left out: what its deliveries did is the check's own report,
 * and a device refusing it for good must not alert the broker, nor its erasure announce a
 * recovery.
 */
export async function deliveryBacklog(db: Sql): Promise<Record<string, DestinationBacklog>> {
  const rows = await db.query<{
    destination: string
    pending: number
    parked: number
    oldest: number | null
  }>(
    `SELECT d.destination,
            count(*) FILTER (WHERE d.state = 'pending')::int AS pending,
            count(*) FILTER (WHERE d.state = 'parked')::int AS parked,
            floor(extract(epoch FROM now() - min(d.created_at) FILTER (WHERE d.state = 'pending')))::int
              AS oldest
     FROM lead_deliveries AS d JOIN leads AS l ON l.id = d.lead_id
     WHERE d.state IN ('pending', 'parked') AND (l.payload ->> 'est_test') IS DISTINCT FROM 'true'
     GROUP BY d.destination
     ORDER BY d.destination`,
  )
  return Object.fromEntries(
    rows.map((row) => [
      row.destination,
      { pending: row.pending, parked: row.parked, oldestPendingSeconds: row.oldest ?? 0 },
    ]),
  )
}

export interface UndoneDelivery {
  leadId: string
  destination: string
  event: DeliveryEvent
  state: 'pending' | 'parked'
  attempts: number
  lastError: string | null
  ageSeconds: number
}

/** Deliveries not done yet, oldest first: what `npm run leads:deliveries` prints. */
export async function undoneDeliveries(db: Sql): Promise<UndoneDelivery[]> {
  const rows = await db.query<{
    lead_id: string
    destination: string
    event: DeliveryEvent
    state: 'pending' | 'parked'
    attempts: number
    last_error: string | null
    age: number
  }>(
    `SELECT lead_id, destination, event, state, attempts, last_error,
            floor(extract(epoch FROM now() - created_at))::int AS age
     FROM lead_deliveries WHERE state IN ('pending', 'parked')
     ORDER BY created_at, lead_id, destination, event`,
  )
  return rows.map((row) => ({
    leadId: row.lead_id,
    destination: row.destination,
    event: row.event,
    state: row.state,
    attempts: row.attempts,
    lastError: row.last_error,
    ageSeconds: row.age,
  }))
}

/**
 * Puts deliveries back in the queue, due now, their failure clock reset: every undelivered one of
 * a lead, or every parked one (of one destination, or the one of a lead, destination and event);
 * one under way is left to finish. Resolves with how many.
 */
export async function replayDeliveries(
  db: Sql,
  which:
    | { leadId: string }
    | { parked: true; destination?: string | undefined }
    | { parked: true; leadId: string; destination: string; event: string },
): Promise<number> {
  const rows = await db.query(
    `UPDATE lead_deliveries
     SET state = 'pending', next_attempt_at = now(), first_failure_at = NULL, lease_owner = NULL,
         lease_until = NULL
     WHERE state IN ('pending', 'parked')
       -- A delivery under way keeps its lease: freeing it would let a second attempt overlap.
       AND (lease_until IS NULL OR lease_until <= now())
       AND ($1::uuid IS NULL OR lead_id = $1::uuid)
       AND ($2::boolean IS NOT TRUE OR state = 'parked')
       AND ($3::text IS NULL OR destination = $3::text)
       AND ($4::text IS NULL OR event = $4::text)
     RETURNING 1`,
    'parked' in which
      ? [
          'leadId' in which ? which.leadId : null,
          true,
          which.destination ?? null,
          'event' in which ? which.event : null,
        ]
      : [which.leadId, null, null, null],
  )
  return rows.length
}
