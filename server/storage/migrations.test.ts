import { afterEach, describe, expect, it } from 'vitest'
import { originKeys } from '../../src/features/lead/lead-contract'
import {
  createPostgresDatabase,
  databaseKinds,
  type TestDatabase,
} from '../test-support/test-databases'
import type { Database } from './database'
import { migrate, migrations } from './migrations'
import { openEmbeddedDatabase } from './pglite-database'
import { openPostgresDatabase } from './postgres-database'

// A fresh embedded database takes seconds to start on a busy machine.
describe.each(databaseKinds())('migrations on the %s database', (kind) => {
  let db: Database | undefined
  let postgres: TestDatabase | undefined

  afterEach(async () => {
    await db?.close()
    await postgres?.drop()
    db = postgres = undefined
  })

  async function open(): Promise<Database> {
    if (kind === 'embedded') return openEmbeddedDatabase(undefined)
    postgres = await createPostgresDatabase()
    return openPostgresDatabase(postgres.url)
  }

  /** A database as the first release left it, holding one lead. */
  async function atFirstRelease(database: Database): Promise<void> {
    await database.transaction(async (tx) => {
      await tx.query(`CREATE TABLE schema_migrations (
        id integer PRIMARY KEY,
        name text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`)
      for (const statement of migrations[0]!.statements) await tx.query(statement)
      await tx.query(`INSERT INTO schema_migrations (id, name) VALUES (1, 'first release')`)
      await tx.query(
        `INSERT INTO leads (id, email, telephone, payload, consent_text, client_ip, user_agent)
         VALUES ('00000000-0000-4000-8000-000000000001', 'a@b.fr', '0612345678',
                 '{"utm_source":"facebook"}', 'J’accepte', '203.0.113.1', 'Test')`,
      )
    })
  }

  it('adds the origin columns to a database of the first release, keeping its leads', async () => {
    db = await open()
    await atFirstRelease(db)
    expect(await migrate(db)).toEqual([3])
    const [row] = await db.query<Record<string, unknown>>(
      `SELECT payload, ${originKeys.join(', ')} FROM leads`,
    )
    expect(row).toStrictEqual({
      payload: { utm_source: 'facebook' },
      ...Object.fromEntries(originKeys.map((key) => [key, null])),
    })
    expect(await migrate(db)).toEqual([])
  }, 30_000)

  it('builds a new database with every migration, the origin columns included', async () => {
    db = await open()
    expect(await migrate(db)).toEqual(migrations.map((migration) => migration.id))
    const columns = await db.query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns
       WHERE table_name = 'leads' AND data_type = 'text' AND is_nullable = 'YES'`,
    )
    expect(columns.map((column) => column.column_name)).toEqual(
      expect.arrayContaining([...originKeys]),
    )
  }, 30_000)
})
