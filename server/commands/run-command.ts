import { erasureLogIn } from '../backup/erasure-log'
import { loadConfig, type ServerConfig } from '../config'
import { secureDataDir } from '../storage/data-dir'
import type { Database } from '../storage/database'
import { EmbeddedDatabaseBusyError } from '../storage/embedded-lock'
import { openDatabase } from '../storage/open-database'
import { commandOutput } from './commands'
import { askRunningServer, controlSocketPath } from './control-socket'

export type Write = (chunk: string) => Promise<void>

/**
 * Runs a command on the configured database; with the embedded one held by a running server, the
 * server runs it (see control-socket.ts).
 */
export async function runCommand(
  args: readonly string[],
  write: Write,
  config: Pick<ServerConfig, 'databaseUrl' | 'dataDir' | 'backupDir'> = loadConfig(process.env),
): Promise<void> {
  // Opening the embedded database may create files in DATA_DIR: owner-only, as the server's.
  if (!config.databaseUrl) await secureDataDir(config.dataDir)
  let db: Database
  try {
    db = await openDatabase(config)
  } catch (error) {
    // Its lock is the one sure sign that a server runs, so the command tries it first.
    if (!(error instanceof EmbeddedDatabaseBusyError)) throw error
    return askRunningServer(controlSocketPath(config.dataDir), args, write)
  }
  try {
    const context = { erasures: erasureLogIn(config.backupDir) }
    for await (const chunk of commandOutput(db, args, context)) await write(chunk)
  } finally {
    await db.close()
  }
}
