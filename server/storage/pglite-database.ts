import { existsSync } from 'node:fs'
import path from 'node:path'
import { PGlite, type Transaction } from '@electric-sql/pglite'
import { createDataDir, secureDataDir } from './data-dir'
import type { Database, Sql } from './database'
import { lockEmbeddedDatabase } from './embedded-lock'

const queryWith =
  (client: PGlite | Transaction): Sql['query'] =>
  async <Row extends object>(text: string, params: readonly unknown[] = []) =>
    (await client.query<Row>(text, [...params])).rows

/**
 * Opens the embedded PostgreSQL (PGlite) stored under `dataDir`, or in memory when `dataDir` is
 * undefined (tests). PGlite runs one statement at a time, and its transactions hold it exclusively.
 */
export async function openEmbeddedDatabase(dataDir: string | undefined): Promise<Database> {
  let unlock = () => {}
  let db: PGlite
  if (dataDir === undefined) {
    db = await PGlite.create()
  } else {
    await createDataDir(dataDir)
    unlock = lockEmbeddedDatabase(dataDir)
    try {
      const files = path.join(dataDir, 'pglite')
      const creating = !existsSync(files)
      db = await PGlite.create(files)
      // A new database's files come out 0666 whatever the umask.
      if (creating) {
        await secureDataDir(dataDir).catch(async (error: unknown) => {
          await db.close()
          throw error
        })
      }
    } catch (error) {
      unlock()
      throw error
    }
  }
  return {
    kind: 'embedded',
    query: queryWith(db),
    transaction: (work) => db.transaction((tx) => work({ query: queryWith(tx) })),
    async close() {
      try {
        await db.close()
      } finally {
        unlock()
      }
    },
  }
}
