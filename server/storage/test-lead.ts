/**
 * The going-live check's test lead (`est_test`, `npm run check`): stored like any lead, with one
 * delivery per destination, but outside the funnel's counts and the escalation, then read back
 * delivery by delivery and erased by its id. The check's lead carries the broker's own address,
 * so the erasure removes that lead alone, never another lead of the same email.
 */
import { randomUUID } from 'node:crypto'
import type { Database, Sql } from './database'
import type { ErasureLog } from '../backup/erasure-log'
import { leadIdPattern, leadRow, type IncomingLead } from './lead-store'

/** Stored without `store_lead`: no duplicate check (the check may run twice), no funnel count. */
export async function storeTestLead(db: Database, lead: IncomingLead): Promise<string> {
  const id = randomUUID()
  const row = leadRow(id, lead)
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO contacts (email, last_interaction_at) VALUES ($1, now())
       ON CONFLICT (email) DO NOTHING`,
      [row.email],
    )
    // Escalated from the start: a check interrupted before its erasure alerts nobody later.
    await tx.query(
      `INSERT INTO leads SELECT * FROM jsonb_populate_record(NULL::leads,
         $1::jsonb || jsonb_build_object('received_at', now(), 'escalated_at', now()))`,
      [JSON.stringify(row)],
    )
    await tx.query(
      'INSERT INTO lead_deliveries (lead_id, destination) SELECT $1, unnest($2::text[])',
      [id, lead.destinations],
    )
  })
  return id
}

export interface TestDelivery {
  destination: string
  state: string
  attempts: number
  lastError: string | null
}

export interface TestLeadReport {
  stored: boolean
  deliveries: TestDelivery[]
  /** Devices the `push` destination sends to. */
  pushDevices: number
}

function testLeadId(id: string): string {
  const lead = id.trim().toLowerCase()
  if (!leadIdPattern.test(lead)) throw new Error('Expected a lead id.')
  return lead
}

export async function testLeadReport(db: Sql, id: string): Promise<TestLeadReport> {
  const lead = testLeadId(id)
  const [found] = await db.query<{ id: string }>(
    `SELECT id FROM leads WHERE id = $1 AND payload ->> 'est_test' = 'true'`,
    [lead],
  )
  const deliveries = await db.query<{
    destination: string
    state: string
    attempts: number
    last_error: string | null
  }>(
    `SELECT destination, state, attempts, last_error FROM lead_deliveries
     WHERE lead_id = $1 AND event = 'lead' ORDER BY destination`,
    [lead],
  )
  const [devices] = await db.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM push_subscriptions',
  )
  return {
    stored: found !== undefined,
    deliveries: deliveries.map((row) => ({
      destination: row.destination,
      state: row.state,
      attempts: row.attempts,
      lastError: row.last_error,
    })),
    pushDevices: devices?.count ?? 0,
  }
}

/** Deletes the test lead (its deliveries with it), and its contact row if it was its only lead. */
export async function eraseTestLead(
  db: Database,
  id: string,
  erasures: ErasureLog,
): Promise<boolean> {
  const lead = testLeadId(id)
  return db.transaction(async (tx) => {
    const [deleted] = await tx.query<{ email: string }>(
      `DELETE FROM leads WHERE id = $1 AND payload ->> 'est_test' = 'true' RETURNING email`,
      [lead],
    )
    if (!deleted) return false
    // A backup taken while the check ran must not bring it back: by its id alone, since its
    // address is the broker's own, which real leads may one day share.
    await erasures.record({ reason: 'test_lead', emails: [], phones: [], leadIds: [lead] })
    await tx.query(
      `DELETE FROM contacts AS c
       WHERE c.email = $1 AND NOT EXISTS (SELECT 1 FROM leads AS l WHERE l.email = c.email)`,
      [deleted.email],
    )
    return true
  })
}
