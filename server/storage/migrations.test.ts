import { randomUUID } from 'node:crypto'
import { originKeys } from '../../common/lead/lead-contract'
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

/** What a database of the first release gets on its first start with this code. */
const laterThanFirst = migrations.map((migration) => migration.id).filter((id) => id > 1)

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
    expect(await migrate(db)).toEqual(laterThanFirst)
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
    expect(await migrate(db)).toEqual(laterThanFirst)
    const [row] = await db.query<Record<string, unknown>>(
      `SELECT payload, ${originKeys.join(', ')} FROM leads`,
    )
    expect(row).toStrictEqual({
      payload: { utm_source: 'facebook' },
      ...Object.fromEntries(originKeys.map((key) => [key, null])),
    })
    // Leads of before ad consent was asked never reach Meta.
    expect(await db.query('SELECT consentement_publicite, fbp, fbc FROM leads')).toEqual([
      { consentement_publicite: false, fbp: null, fbc: null },
    ])
    expect(await migrate(db)).toEqual([])
  }, 30_000)

  it("keeps each person's latest interaction once, in contacts, when leaving the per-lead column", async () => {
    db = await open()
    await atFirstRelease(db)
    await db.query(
      `INSERT INTO leads (id, email, telephone, payload, consent_text, client_ip, user_agent,
                          last_interaction_at)
       VALUES ('00000000-0000-4000-8000-000000000002', 'a@b.fr', '0711111111', '{}', 'J’accepte',
               '203.0.113.1', 'Test', timestamptz '2030-01-02 03:04:05+00'),
              ('00000000-0000-4000-8000-000000000003', 'c@d.fr', '0711111111', '{}', 'J’accepte',
               '203.0.113.1', 'Test', timestamptz '2020-01-02 03:04:05+00')`,
    )
    expect(await migrate(db)).toEqual(laterThanFirst)
    const contacts = await db.query<{ email: string; last_interaction_at: Date }>(
      'SELECT email, last_interaction_at FROM contacts ORDER BY email',
    )
    expect(contacts).toEqual([
      { email: 'a@b.fr', last_interaction_at: new Date('2030-01-02T03:04:05Z') },
      { email: 'c@d.fr', last_interaction_at: new Date('2020-01-02T03:04:05Z') },
    ])
    const columns = await db.query(
      `SELECT 1 FROM information_schema.columns
       WHERE table_name = 'leads' AND column_name = 'last_interaction_at'`,
    )
    expect(columns).toEqual([])
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
