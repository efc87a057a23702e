import { performance } from 'node:perf_hooks'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startPGliteThread, type PGliteThread } from './pglite-thread'

// Starting PGlite takes seconds (more on a loaded machine): one database for the suite.
describe('the embedded database on its own thread', { timeout: 60_000 }, () => {
  let db: PGliteThread
  beforeAll(async () => {
    db = await startPGliteThread(undefined)
  }, 60_000)
  beforeEach(async () => {
    await db.query('DROP TABLE IF EXISTS notes')
    await db.query('CREATE TABLE notes (id integer PRIMARY KEY, text text NOT NULL)')
  })
  afterAll(() => db.close())

  it('leaves this thread free while a statement runs', async () => {
    // A statement of a second or so: in this thread it would hold every timer until it ended.
    const counting = db.query<{ count: number }>(
      'SELECT count(*)::integer AS count FROM generate_series(1, 3000000)',
    )
    let finished = false
    void counting.then(() => (finished = true))
    const started = performance.now()
    await new Promise((resolve) => setTimeout(resolve, 20))
    const late = performance.now() - started - 20
    expect(finished).toBe(false)
    expect(late).toBeLessThan(200)
    expect(await counting).toEqual([{ count: 3_000_000 }])
  })

  it('passes parameters and rows of every type the relay uses', async () => {
    const at = new Date('2026-11-23T10:00:00.000Z')
    const [row] = await db.query(
      `SELECT $1::text AS text, $2::integer AS number, $3::boolean AS flag, $4::timestamptz AS at,
              $5::jsonb AS json, $6::text[] AS list, NULL::text AS nothing`,
      ['Zoé', 42, true, at, JSON.stringify({ a: [1, 'b'] }), ['webhook', 'email']],
    )
    expect(row).toEqual({
      text: 'Zoé',
      number: 42,
      flag: true,
      at,
      json: { a: [1, 'b'] },
      list: ['webhook', 'email'],
      nothing: null,
    })
  })

  it("rejects with PostgreSQL's message and fields, and goes on serving", async () => {
    await db.query("INSERT INTO notes VALUES (1, 'un')")
    const refused = db.query("INSERT INTO notes VALUES (1, 'encore')")
    await expect(refused).rejects.toThrow('duplicate key value violates unique constraint')
    await expect(refused).rejects.toMatchObject({ code: '23505', table: 'notes' })
    expect(await db.query('SELECT text FROM notes')).toEqual([{ text: 'un' }])
  })

  it('commits a transaction that resolves and rolls back one that throws', async () => {
    const id = await db.transaction(async (tx) => {
      await tx.query("INSERT INTO notes VALUES (1, 'gardé')")
      return 1
    })
    expect(id).toBe(1)
    await expect(
      db.transaction(async (tx) => {
        await tx.query("INSERT INTO notes VALUES (2, 'annulé')")
        throw new Error('changed my mind')
      }),
    ).rejects.toThrow('changed my mind')
    await expect(
      db.transaction((tx) => tx.query("INSERT INTO notes VALUES (1, 'doublon')")),
    ).rejects.toMatchObject({ code: '23505' })
    expect(await db.query('SELECT id, text FROM notes')).toEqual([{ id: 1, text: 'gardé' }])
  })

  it('holds statements sent outside a transaction until it ends', async () => {
    const order: string[] = []
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    const transaction = db.transaction(async (tx) => {
      await tx.query("INSERT INTO notes VALUES (1, 'dans la transaction')")
      order.push('inserted')
      await held
      order.push('committing')
    })
    await new Promise((resolve) => setTimeout(resolve, 50))
    const outside = db.query('SELECT count(*)::integer AS count FROM notes').then((rows) => {
      order.push('read')
      return rows
    })
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(order).toEqual(['inserted'])
    release()
    await transaction
    expect(await outside).toEqual([{ count: 1 }])
    expect(order).toEqual(['inserted', 'committing', 'read'])
  })

  it('refuses statements once closed, with a clear error', async () => {
    const closed = await startPGliteThread(undefined)
    await closed.close()
    await expect(closed.query('SELECT 1')).rejects.toThrow(
      "The embedded database's thread has stopped",
    )
  })
})
