/**
 * `npm run leads:export|leads:erase|leads:purge|leads:deliveries|leads:replay`: runs a lead command on the configured
 * database. With the embedded one while the server runs, the server runs it (see control-socket).
 */
import { existsSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { ConfigError, loadConfig } from '../config'
import { secureDataDir } from '../storage/data-dir'
import type { Database } from '../storage/database'
import { EmbeddedDatabaseBusyError } from '../storage/embedded-lock'
import { openDatabase } from '../storage/open-database'
import { askRunningServer, controlSocketPath } from './control-socket'
import { parseCommandLine, runLeadCommand } from './lead-commands'

async function run(args: readonly string[]): Promise<string> {
  const { request } = parseCommandLine(args)
  const config = loadConfig(process.env)
  // Opening the embedded database may create files in DATA_DIR: owner-only, as the server's.
  if (!config.databaseUrl) await secureDataDir(config.dataDir)
  let db: Database
  try {
    db = await openDatabase(config)
  } catch (error) {
    // Its lock is the one sure sign that a server runs, so the command tries it first.
    if (!(error instanceof EmbeddedDatabaseBusyError)) throw error
    return askRunningServer(controlSocketPath(config.dataDir), args)
  }
  try {
    return await runLeadCommand(db, request)
  } finally {
    await db.close()
  }
}

async function main(): Promise<void> {
  if (existsSync('.env')) process.loadEnvFile('.env')
  const args = process.argv.slice(2)
  const { out } = parseCommandLine(args)
  const output = await run(args)
  if (out) {
    await writeFile(out, output, { mode: 0o600 })
    console.error(`Written to ${out}.`)
  } else {
    process.stdout.write(output)
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error)
  process.exitCode = 1
})
