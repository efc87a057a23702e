/**
 * On the embedded database, leads arriving while others are stored go together, in one statement
 * (`store_leads`): each is stored, counted and queued as if alone, a repeat within the group is
 * seen, and a group that fails is tried again lead by lead.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseLeadPayload } from '../api/parse-lead'
import type { Database } from './database'
import { storeLead, type StoreResult } from './lead-store'
import { openDatabase } from './open-database'
import { createTempDir } from '../test-support/fake-site'
import { validLead } from '../test-support/lead-fixtures'

function incoming(overrides: Record<string, unknown>) {
  const parsed = parseLeadPayload(validLead(overrides))
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors))
  return {
    payload: parsed.payload,
    clientIp: '203.0.113.9',
    userAgent: 'test',
    destinations: ['webhook', 'email'],
  }
}

describe('leads stored together on the embedded database', () => {
  let db: Database

  beforeAll(async () => {
    db = await openDatabase({ databaseUrl: undefined, dataDir: await createTempDir('together-') })
  }, 60_000)
  afterAll(() => db.close())

  /** The database, with every statement it is sent written down, and failures on demand. */
  function watched(fails: (text: string, params: readonly unknown[]) => boolean = () => false) {
    const statements: string[] = []
    const watchedDb: Database = {
      ...db,
      async query(text, params = []) {
        statements.push(text)
        if (fails(text, params)) throw new Error('refused by the test')
        return db.query(text, params)
      },
    }
    return { db: watchedDb, statements }
  }

  const campaignRows = (campaign: string) =>
    db.query<{ leads: number; deliveries: number; counted: number }>(
      `SELECT (SELECT count(*) FROM leads WHERE utm_campaign = $1)::integer AS leads,
              (SELECT count(*) FROM lead_deliveries d JOIN leads l ON l.id = d.lead_id
               WHERE l.utm_campaign = $1)::integer AS deliveries,
              (SELECT coalesce(sum(count), 0) FROM funnel_counts
               WHERE utm_campaign = $1 AND step = 'lead')::integer AS counted`,
      [campaign],
    )

  it('stores leads sent at once in fewer statements, each queued and counted, a repeat seen once', async () => {
    const campaign = 'ensemble'
    const { db: spy, statements } = watched()
    const leads = Array.from({ length: 20 }, (_, index) =>
      incoming({ email: `ensemble-${index}@exemple.fr`, utm_campaign: campaign }),
    )
    const results = await Promise.all([...leads, leads[3]!].map((lead) => storeLead(spy, lead)))
    expect(results.filter((result) => result.status === 'stored')).toHaveLength(20)
    expect(results.at(-1)).toEqual({ status: 'duplicate' })
    expect(statements.some((text) => text.includes('store_leads('))).toBe(true)
    expect(statements.length).toBeLessThan(10)
    expect(await campaignRows(campaign)).toEqual([{ leads: 20, deliveries: 40, counted: 20 }])
  })

  it('stores each lead alone when the group fails, and only the lead that fails is refused', async () => {
    const campaign = 'un-par-un'
    const { db: spy, statements } = watched(
      (text, params) =>
        text.includes('store_leads(') || String(params[0]).includes('refuse@exemple.fr'),
    )
    const leads = Array.from({ length: 8 }, (_, index) =>
      incoming({ email: `seul-${index}@exemple.fr`, utm_campaign: campaign }),
    )
    const outcomes = await Promise.allSettled(
      [...leads, incoming({ email: 'refuse@exemple.fr', utm_campaign: campaign })].map((lead) =>
        storeLead(spy, lead),
      ),
    )
    const stored = outcomes.filter(
      (outcome): outcome is PromiseFulfilledResult<StoreResult> =>
        outcome.status === 'fulfilled' && outcome.value.status === 'stored',
    )
    expect(stored).toHaveLength(8)
    expect(outcomes.at(-1)?.status).toBe('rejected')
    expect(statements.some((text) => text.includes('store_leads('))).toBe(true)
    expect(await campaignRows(campaign)).toEqual([{ leads: 8, deliveries: 16, counted: 8 }])
  })
})
