import { randomUUID } from 'node:crypto'
import { rm } from 'node:fs/promises'
import { afterEach, describe, expect, it } from 'vitest'
import { createTempDir } from '../test-support/fake-site'
import {
  createPostgresDatabase,
  databaseKinds,
  type TestDatabase,
} from '../test-support/test-databases'
import type { Database } from './database'
import { migrate, migrations } from './migrations'
import { openEmbeddedDatabase } from './pglite-database'
import { openPostgresDatabase } from './postgres-database'

describe.each(databaseKinds())('migration 2 on the %s database', (kind) => {
  let db: Database | undefined
  let postgres: TestDatabase | undefined
  let dataDir: string | undefined

  afterEach(async () => {
    await db?.close()
    await postgres?.drop()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })

  async function openBare(): Promise<Database> {
    if (kind === 'postgres') {
      postgres = await createPostgresDatabase()
      return openPostgresDatabase(postgres.url)
    }
    dataDir = await createTempDir('relay-migration-')
    return openEmbeddedDatabase(dataDir)
  }

  it('carries the leads queued for the single webhook over to their own deliveries, untouched', async () => {
    db = await openBare()
    // The schema as migration 1 left it, with one lead queued after two failures and one delivered.
    await db.transaction(async (tx) => {
      await tx.query(`CREATE TABLE schema_migrations (
        id integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`)
      for (const statement of migrations[0]!.statements) await tx.query(statement)
      await tx.query('INSERT INTO schema_migrations (id, name) VALUES (1, $1)', [
        migrations[0]!.name,
      ])
    })
    const queued = randomUUID()
    const delivered = randomUUID()
    for (const id of [queued, delivered]) {
      await db.query(
        `INSERT INTO leads (id, email, telephone, payload, consent_text, client_ip, user_agent)
         VALUES ($1, $2, '0612345678', '{}'::jsonb, 'texte', '127.0.0.1', 'test')`,
        [id, `${id}@exemple.fr`],
      )
    }
    await db.query(
      `INSERT INTO lead_outbox (lead_id, attempts, next_attempt_at, last_error)
       VALUES ($1, 2, now() + interval '5 minutes', 'HTTP 500')`,
      [queued],
    )
    expect(await migrate(db)).toEqual([2])
    const rows = await db.query<Record<string, unknown>>(
      `SELECT lead_id, destination, event, state, attempts, last_error,
              next_attempt_at > now() AS later
       FROM lead_deliveries`,
    )
    expect(rows).toEqual([
      {
        lead_id: queued,
        destination: 'webhook',
        event: 'lead',
        state: 'pending',
        attempts: 2,
        last_error: 'HTTP 500',
        later: true,
      },
    ])
    expect(await migrate(db)).toEqual([])
  }, 60_000)
})
