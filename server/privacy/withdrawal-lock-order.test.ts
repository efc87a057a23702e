/**
 * Withdrawals of consent and deliveries lock leads and deliveries in one order: two withdrawals
 * for people sharing a phone, and a delivery of one of their leads marked done, all at once on
 * PostgreSQL, never deadlock. (The embedded database runs one transaction at a time: nothing to
 * interleave there.) The transactions are run statement by statement side by side, so that each
 * takes its first locks before the others go on: without the withdrawals' advisory lock, or with
 * a delivery that locks its row before its lead, PostgreSQL answers a deadlock here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseLeadPayload } from '../api/parse-lead'
import { claimDueDeliveries, markDelivered } from '../delivery/deliveries'
import type { Database, Sql } from '../storage/database'
import { storeLead } from '../storage/lead-store'
import { openDatabase } from '../storage/open-database'
import { validLead } from '../test-support/lead-fixtures'
import {
  createPostgresDatabase,
  databaseKinds,
  type TestDatabase,
} from '../test-support/test-databases'
import { withdrawConsent } from './withdraw-consent'

/**
 * Transactions of `parties` side by side: after each statement, one waits for the others to have
 * run as many (or to be done), or `patienceMs` when another is blocked on a lock. `ran(count)`
 * resolves once one of them has run `count` statements, to start another in the middle.
 */
function lockstep(parties: number, patienceMs = 300) {
  const steps = new Map<number, { arrived: number; all: Promise<void>; release: () => void }>()
  let finished = 0
  let mostRun = 0
  const ranWaiters: Array<{ count: number; resolve: () => void }> = []
  const step = (index: number) => {
    let found = steps.get(index)
    if (!found) {
      let release = () => {}
      const all = new Promise<void>((resolve) => (release = resolve))
      found = { arrived: 0, all, release }
      steps.set(index, found)
    }
    return found
  }
  const releaseComplete = () => {
    for (const each of steps.values()) if (each.arrived + finished >= parties) each.release()
  }
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
  const ran = (count: number) =>
    new Promise<void>((resolve) => {
      if (mostRun >= count) resolve()
      else ranWaiters.push({ count, resolve })
    })
  const together = (db: Database): Database => ({
    ...db,
    transaction: (work) =>
      db
        .transaction((tx) => {
          let done = 0
          const inStep: Sql = {
            async query(text, params) {
              const rows = await tx.query(text, params)
              const reached = step(done++)
              reached.arrived += 1
              mostRun = Math.max(mostRun, done)
              for (const waiter of ranWaiters) if (mostRun >= waiter.count) waiter.resolve()
              releaseComplete()
              await Promise.race([reached.all, pause(patienceMs)])
              return rows as never
            },
          }
          return work(inStep)
        })
        .finally(() => {
          finished += 1
          releaseComplete()
        }),
  })
  return { together, ran }
}

describe.runIf(databaseKinds().includes('postgres'))('lock order on PostgreSQL', () => {
  let database: TestDatabase
  let db: Database

  beforeAll(async () => {
    database = await createPostgresDatabase()
    db = await openDatabase({ databaseUrl: database.url, dataDir: '' })
  })

  afterAll(async () => {
    await db?.close()
    await database?.drop()
  })

  const store = async (email: string) => {
    const parsed = parseLeadPayload(validLead({ email, telephone: '06 98 76 54 32' }))
    if (!parsed.ok) throw new Error('the fixture lead is invalid')
    const stored = await storeLead(db, {
      payload: parsed.payload,
      clientIp: '203.0.113.5',
      userAgent: 'Test',
      destinations: ['webhook'],
    })
    if (stored.status !== 'stored') throw new Error('the fixture lead was not stored')
    return stored.id
  }

  it('runs two overlapping withdrawals and a delivery marked done at once without a deadlock', async () => {
    // Two people sharing a phone: each withdrawal reaches both leads.
    const first = await store('premiere@exemple.fr')
    const second = await store('seconde@exemple.fr')
    const owner = 'lock-order-test'
    const claimed = await claimDueDeliveries(db, {
      owner,
      leaseMs: 60_000,
      limit: 10,
      destinations: ['webhook'],
    })
    const delivery = claimed.find((job) => job.leadId === second)
    expect(delivery).toBeDefined()

    const { together, ran } = lockstep(3)
    const outcomes = await Promise.allSettled([
      withdrawConsent(together(db), first, ['email']),
      withdrawConsent(together(db), second, ['email']),
      // Once a withdrawal has locked both leads (its lock, its lead, then every lead of the
      // person), and before it cancels their deliveries.
      ran(3).then(() => markDelivered(together(db), delivery!, owner)),
    ])

    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([])
    const leads = await db.query<{ id: string; withdrawn: boolean }>(
      `SELECT id, consent_withdrawn_at IS NOT NULL AS withdrawn FROM leads
       WHERE id = ANY($1::uuid[]) ORDER BY id`,
      [[first, second]],
    )
    expect(leads.map((lead) => lead.withdrawn)).toEqual([true, true])
    // Delivered before the withdrawal reached it, or cancelled by it: never left claimed.
    const [state] = await db.query<{ state: string; lease_owner: string | null }>(
      `SELECT state, lease_owner FROM lead_deliveries
       WHERE lead_id = $1 AND destination = 'webhook' AND event = 'lead'`,
      [second],
    )
    expect(['delivered', 'cancelled']).toContain(state?.state)
    expect(state?.lease_owner).toBeNull()
  })
})
