import type { ServerConfig } from '../config'
import type { Database } from './database'
import { restoreJournaledLeads } from './lead-store'
import { journalPath } from './lead-journal'
import { migrate } from './migrations'
import { openEmbeddedDatabase } from './pglite-database'
import { openPostgresDatabase, type PostgresOptions } from './postgres-database'

export interface OpenOptions extends PostgresOptions {
  /**
   * Benchmarks only, to measure what the journal costs: `false` runs the embedded database without
   * its journal of accepted leads, so that a lead acknowledged before a power cut can be lost.
   */
  leadJournal?: boolean
}

/** The configured database, migrated to the latest schema. */
export async function openDatabase(
  config: Pick<ServerConfig, 'databaseUrl' | 'dataDir'>,
  options: OpenOptions = {},
): Promise<Database> {
  const db = config.databaseUrl
    ? openPostgresDatabase(config.databaseUrl, options)
    : await openEmbeddedDatabase(config.dataDir, { leadJournal: options.leadJournal })
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
