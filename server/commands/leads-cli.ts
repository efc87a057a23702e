/**
 * `npm run leads:export|leads:erase|leads:purge|leads:deliveries|leads:replay|leads:stats`: runs a
 * lead command on the configured database. With the embedded one while the server runs, the server
 * runs it (see control-socket).
 */
import { once } from 'node:events'
import { createWriteStream, existsSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { ConfigError, loadConfig } from '../config'
import { secureDataDir } from '../storage/data-dir'
import type { Database } from '../storage/database'
import { EmbeddedDatabaseBusyError } from '../storage/embedded-lock'
import { openDatabase } from '../storage/open-database'
import { askRunningServer, controlSocketPath } from './control-socket'
import { leadCommandOutput, parseCommandLine } from './lead-commands'

type Write = (chunk: string) => Promise<void>

async function run(args: readonly string[], write: Write): Promise<void> {
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
    return askRunningServer(controlSocketPath(config.dataDir), args, write)
  }
  try {
    for await (const chunk of leadCommandOutput(db, request)) await write(chunk)
  } finally {
    await db.close()
  }
}

/** Writes as fast as the terminal or the disk takes it, never piling the output up in memory. */
function writerTo(sink: NodeJS.WritableStream): Write {
  return async (chunk) => {
    if (!sink.write(chunk)) await once(sink, 'drain')
  }
}

async function main(): Promise<void> {
  if (existsSync('.env')) process.loadEnvFile('.env')
  const args = process.argv.slice(2)
  const { out } = parseCommandLine(args)
  if (!out) {
    await run(args, writerTo(process.stdout))
    return
  }
  const file = createWriteStream(out, { mode: 0o600 })
  try {
    await run(args, writerTo(file))
    await new Promise<void>((resolve, reject) =>
      file.end((error?: Error | null) => (error ? reject(error) : resolve())),
    )
  } catch (error) {
    // A file cut short would pass for a whole export.
    file.destroy()
    await rm(out, { force: true })
    throw error
  }
  console.error(`Written to ${out}.`)
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error)
  process.exitCode = 1
})
