import type { ServerConfig } from '../config'
import type { Database } from './database'
import { restoreJournaledLeads } from './lead-store'
import { journalPath } from './lead-journal'
import { migrate } from './migrations'
import { openEmbeddedDatabase } from './pglite-database'
import { openPostgresDatabase, type PostgresOptions } from './postgres-database'

/** The configured database, migrated to the latest schema. */
export async function openDatabase(
  config: Pick<ServerConfig, 'databaseUrl' | 'dataDir'>,
  options: PostgresOptions = {},
): Promise<Database> {
  const db = config.databaseUrl
    ? openPostgresDatabase(config.databaseUrl, options)
    : await openEmbeddedDatabase(config.dataDir)
  try {
    await migrate(db)
    if (db.journal) {
      const entries = await db.journal.entries()
      const restored = await restoreJournaledLeads(db, entries)
      if (restored > 0) {
        console.warn(
          `${restored} acknowledged lead(s) missing from the embedded database were restored from ${journalPath(config.dataDir)}.`,
        )
      }
      await db.makeDurable?.()
    }
  } catch (error) {
    await db.close()
    throw error
  }
  return db
}
