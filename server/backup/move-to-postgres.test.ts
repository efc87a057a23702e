/**
 * `npm run leads:move-to-postgres`: the embedded database's tables copied into an empty
 * PostgreSQL, counts compared, a delivery still pending there delivered by a relay on PostgreSQL,
 * and the embedded database left as it was.
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startRelay } from '../relay'
import { openDatabase } from '../storage/open-database'
import { startForwardTarget, type ForwardTarget } from '../test-support/forward-target'
import { validLead, waitFor } from '../test-support/lead-fixtures'
import {
  createPostgresDatabase,
  postgresUrl,
  warnWhenPostgresMissing,
  type TestDatabase,
} from '../test-support/test-databases'
import { startTestRelay, type TestRelay } from '../test-support/test-relay'
import { moveToPostgres, type TableCount } from './move-to-postgres'

warnWhenPostgresMissing()

describe.skipIf(!postgresUrl)('moving the embedded database to PostgreSQL', () => {
  let embedded: TestRelay
  let target: TestDatabase
  let webhook: ForwardTarget
  let counts: TableCount[]
  const pendingLead = validLead({ nom: 'Enattente' })

  beforeAll(async () => {
    webhook = await startForwardTarget()
    target = await createPostgresDatabase()
    // No webhook yet: the lead is stored with its delivery pending, as after an outage.
    embedded = await startTestRelay('embedded')
    const answer = await embedded.app.inject({
      method: 'POST',
      url: '/api/leads',
      payload: pendingLead,
    })
    expect(answer.statusCode).toBe(202)
    await embedded.db.query(
      `INSERT INTO admin_audit (at, user_email, action, details)
       VALUES (now(), 'courtier@exemple.fr', 'test.deplacement', '{}')`,
    )
    // Stopped, as the command asks, but its files kept.
    await embedded.close()
    counts = await moveToPostgres({ databaseUrl: target.url, dataDir: embedded.config.dataDir })
  }, 120_000)

  afterAll(async () => {
    await embedded?.stop()
    await target?.drop()
    await webhook?.close()
  })

  it('copies every table, with the same count on both sides', () => {
    const tables = counts.map((count) => count.table)
    for (const table of ['leads', 'lead_deliveries', 'contacts', 'admin_audit', 'relay_health']) {
      expect(tables).toContain(table)
    }
    expect(counts.filter((count) => count.embedded !== count.postgres)).toEqual([])
    expect(counts.find((count) => count.table === 'leads')?.postgres).toBe(1)
    expect(counts.find((count) => count.table === 'admin_audit')?.postgres).toBe(1)
  })

  it('leaves the embedded database in place, leads and all', async () => {
    expect(existsSync(path.join(embedded.config.dataDir, 'pglite'))).toBe(true)
    const db = await openDatabase({ databaseUrl: undefined, dataDir: embedded.config.dataDir })
    try {
      expect(await db.query('SELECT count(*)::int AS count FROM leads')).toEqual([{ count: 1 }])
    } finally {
      await db.close()
    }
  })

  it('refuses a PostgreSQL database that is not empty', async () => {
    await expect(
      moveToPostgres({ databaseUrl: target.url, dataDir: embedded.config.dataDir }),
    ).rejects.toThrow(/DATABASE_URL is not empty/)
  })

  it('delivers the pending lead from PostgreSQL, and new rows get new ids', async () => {
    const relay = await startRelay(
      { ...embedded.config, databaseUrl: target.url, leadForwardUrl: webhook.url, port: 0 },
      { logLevel: 'silent', webPush: false },
    )
    try {
      await waitFor(() => webhook.received.some((delivery) => delivery.answered === 'ok'), {
        what: 'the pending lead to reach the webhook',
      })
      expect(webhook.received[0]?.body).toMatchObject({ email: pendingLead.email })
      // Identity columns carry on after the copied rows.
      await relay.db.query(
        `INSERT INTO admin_audit (at, user_email, action, details)
         VALUES (now(), 'courtier@exemple.fr', 'test.apres', '{}')`,
      )
      const ids = await relay.db.query<{ id: string }>('SELECT id FROM admin_audit ORDER BY id')
      expect(new Set(ids.map((row) => row.id)).size).toBe(2)
    } finally {
      await relay.close()
    }
  })
})
