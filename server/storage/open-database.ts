import type { ServerConfig } from '../config'
import type { Database } from './database'
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
  } catch (error) {
    await db.close()
    throw error
  }
  return db
}
