/**
 * Leads of one campaign all add to one count of the day. On PostgreSQL that count was one row,
 * locked by each lead until its commit: leads arriving together were stored one after the other.
 */
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createPostgresDatabase,
  postgresUrl,
  type TestDatabase,
} from '../test-support/test-databases'
import { openDatabase } from './open-database'
import { createTempDir } from '../test-support/fake-site'

const count =
  "SELECT count_funnel_step('2026-11-24', 'campagne', 'annonce', 'lead', 50, '(autres)')"

describe.skipIf(!postgresUrl)('funnel counts on PostgreSQL', () => {
  let database: TestDatabase
  const clients: pg.Client[] = []

  beforeAll(async () => {
    database = await createPostgresDatabase()
    const db = await openDatabase({
      databaseUrl: database.url,
      dataDir: await createTempDir('funnel-'),
    })
    await db.close()
  })

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.end()))
    await database.drop()
  })

  /** A connection of its own, which its server process's id sets apart from `others`. */
  async function connectionApartFrom(
    others: number[],
  ): Promise<{ client: pg.Client; pid: number }> {
    for (;;) {
      const client = new pg.Client({ connectionString: database.url })
      await client.connect()
      clients.push(client)
      const [{ pid }] = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid'))
        .rows as [{ pid: number }]
      if (others.every((other) => other % 16 !== pid % 16)) return { client, pid }
    }
  }

  it('lets a second connection count while a first one has counted and not yet committed', async () => {
    const first = await connectionApartFrom([])
    const second = await connectionApartFrom([first.pid])
    await first.client.query('BEGIN')
    await first.client.query(count)
    // With one row per count, this waited for the first transaction's end: here, the time-out.
    await second.client.query("SET statement_timeout = '2s'")
    await second.client.query(count)
    await first.client.query('COMMIT')

    const { rows } = await second.client.query<{ total: number; rows: number }>(
      `SELECT sum(count)::integer AS total, count(*)::integer AS rows FROM funnel_counts
       WHERE day = '2026-11-24' AND utm_campaign = 'campagne' AND step = 'lead'`,
    )
    expect(rows).toEqual([{ total: 2, rows: 2 }])
  })
})
