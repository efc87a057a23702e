/**
 * `npm run leads:export|leads:erase|leads:purge|leads:deliveries|leads:replay|leads:stats`: runs a
 * lead command on the configured database. With the embedded one while the server runs, the server
 * runs it (see control-socket).
 */
import { once } from 'node:events'
import { createWriteStream, existsSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { ConfigError } from '../config'
import { parseCommandLine } from './lead-commands'
import { runCommand, type Write } from './run-command'

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
    await runCommand(args, writerTo(process.stdout))
    return
  }
  const file = createWriteStream(out, { mode: 0o600 })
  try {
    await runCommand(args, writerTo(file))
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
