/**
 * A dump on the embedded database's thread runs alone on its one connection: it waits for the
 * transaction under way, the statements sent meanwhile wait for it, and none of them runs in
 * pg_dump's read-only snapshot afterwards (pglite-worker.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startPGliteThread, type PGliteThread } from './pglite-thread'

describe('a dump of the embedded database on its thread', { timeout: 60_000 }, () => {
  let db: PGliteThread
  beforeAll(async () => {
    db = await startPGliteThread(undefined)
    await db.query('CREATE TABLE notes (id integer PRIMARY KEY, text text NOT NULL)')
  }, 60_000)
  afterAll(() => db.close())

  it('waits for the open transaction, holds back what comes after, then leaves no snapshot', async () => {
    let dumped: Promise<string> | undefined
    let later: Promise<unknown> | undefined
    await db.transaction(async (tx) => {
      await tx.query("INSERT INTO notes VALUES (1, 'in the transaction, before the dump asked')")
      dumped = db.dump()
      later = db.query("INSERT INTO notes VALUES (3, 'sent after the dump')")
      // The transaction goes on while the dump waits for it.
      await tx.query("INSERT INTO notes VALUES (2, 'in the transaction, after the dump asked')")
    })
    const sql = await dumped
    await later
    expect(sql).toContain('before the dump asked')
    expect(sql).toContain('after the dump asked')
    expect(sql).not.toContain('sent after the dump')
    // Statements after the dump read and write the database as it is now.
    await db.query("INSERT INTO notes VALUES (4, 'after it all')")
    expect(await db.query('SELECT id FROM notes ORDER BY id')).toEqual([
      { id: 1 },
      { id: 2 },
      { id: 3 },
      { id: 4 },
    ])
    expect(await db.query('SHOW transaction_read_only')).toEqual([{ transaction_read_only: 'off' }])
  })
})
