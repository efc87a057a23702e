/**
 * `npm run backup`: one logical dump of the whole lead database into BACKUP_DIR, while the server
 * runs, then the oldest backups beyond BACKUP_KEEP deleted.
 * - Embedded database: pg_dump compiled to WebAssembly (`@electric-sql/pglite-tools`, decision
 *   0011) on the PGlite that holds the files. While a server runs it holds them, so the server
 *   takes the dump and hands it over its command socket (server/commands/control-socket.ts).
 * - PostgreSQL: the engine's own `pg_dump`, whose snapshot makes the dump consistent while every
 *   instance keeps writing.
 * Both are plain SQL, gzipped, after a first line naming the engine, which `restore` checks.
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import type { ServerConfig } from '../config'
import { dumpCommand } from '../commands/commands'
import { runCommand } from '../commands/run-command'
import { pruneBackups, writeBackup, type BackupFile } from './backup-files'
import { connectionFor, findPostgresTool, serverMajor } from './postgres-tools'

export type BackupEngine = 'embedded' | 'postgres'

const headerPrefix = '-- assurance-leads backup of the '

export function backupHeader(engine: BackupEngine, time: Date): string {
  return `${headerPrefix}${engine === 'embedded' ? 'embedded database' : 'PostgreSQL database'}, taken ${time.toISOString()}\n`
}

/** The engine a backup's first line names, or `undefined` when it is not one of ours. */
export function engineOfHeader(line: string): BackupEngine | undefined {
  if (!line.startsWith(headerPrefix)) return undefined
  const rest = line.slice(headerPrefix.length)
  if (rest.startsWith('embedded database')) return 'embedded'
  if (rest.startsWith('PostgreSQL database')) return 'postgres'
  return undefined
}

export interface BackupResult {
  backup: BackupFile
  pruned: string[]
}

export async function backupDatabase(
  config: Pick<ServerConfig, 'databaseUrl' | 'dataDir' | 'backupDir' | 'backupKeep'>,
  now: Date = new Date(),
): Promise<BackupResult> {
  const engine: BackupEngine = config.databaseUrl ? 'postgres' : 'embedded'
  const backup = await writeBackup(config.backupDir, now, async (write) => {
    await write(backupHeader(engine, now))
    if (config.databaseUrl) await dumpPostgres(config.databaseUrl, write)
    // Run here when no server holds the database, by the server otherwise.
    else await runCommand([dumpCommand], write, config)
  })
  return { backup, pruned: await pruneBackups(config.backupDir, config.backupKeep) }
}

async function dumpPostgres(url: string, write: (piece: Buffer) => Promise<void>): Promise<void> {
  const tool = findPostgresTool('pg_dump', await serverMajor(url))
  const { dbname, env } = connectionFor(url)
  const child = spawn(tool.command, ['--no-owner', '--no-privileges', '--dbname', dbname], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let errors = ''
  child.stderr.setEncoding('utf8')
  child.stderr.on('data', (text: string) => (errors += text))
  const exited = once(child, 'close') as Promise<[number | null, NodeJS.Signals | null]>
  try {
    for await (const piece of child.stdout as AsyncIterable<Buffer>) await write(piece)
  } catch (error) {
    child.kill()
    throw error
  }
  const [code, signal] = await exited
  if (code !== 0) {
    throw new Error(`pg_dump failed (${code ?? signal}): ${errors.trim() || 'no message'}`)
  }
}
