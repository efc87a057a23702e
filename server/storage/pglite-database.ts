import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { PGlite, type Transaction } from '@electric-sql/pglite'
import { ConfigError } from '../config'
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
    await mkdir(dataDir, { recursive: true, mode: 0o700 }).catch((error: unknown) => {
      throw new ConfigError(
        `DATA_DIR "${dataDir}" cannot be created (${(error as NodeJS.ErrnoException).code}).`,
      )
    })
    unlock = lockEmbeddedDatabase(dataDir)
    try {
      db = await PGlite.create(path.join(dataDir, 'pglite'))
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
