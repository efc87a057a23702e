/**
 * `npm run restore -- FILE`: a backup of `npm run backup` into an empty data directory (embedded
 * database) or an empty PostgreSQL database, and nothing else: restoring over live leads would
 * lose those received since. Before anything can serve from it, every erasure of the erasure log
 * (BACKUP_DIR/erasures.jsonl) is carried out again, so that a person erased after the backup was
 * taken stays erased.
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { createReadStream } from 'node:fs'
import { open, readdir, readFile, rm } from 'node:fs/promises'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { constants, createGunzip, gunzipSync } from 'node:zlib'
import { PGlite } from '@electric-sql/pglite'
import type { ServerConfig } from '../config'
import { erasedTables } from '../privacy/erase-person'
import { createDataDir, secureDataDir } from '../storage/data-dir'
import type { Sql } from '../storage/database'
import { lockEmbeddedDatabase } from '../storage/embedded-lock'
import { openPostgresDatabase } from '../storage/postgres-database'
import { engineOfHeader, type BackupEngine } from './backup'
import { erasureLogName, readErasureLog, reapplyErasures } from './erasure-log'
import {
  connectionFor,
  findPostgresTool,
  notEmptyDatabaseError,
  objectsIn,
  serverMajor,
} from './postgres-tools'

export interface RestoreResult {
  engine: BackupEngine
  /** Lines of the erasure log carried out, and the leads they deleted from the backup. */
  erasures: number
  erasedLeads: number
}

type RestoreConfig = Pick<ServerConfig, 'databaseUrl' | 'dataDir' | 'backupDir'>

export async function restoreBackup(config: RestoreConfig, file: string): Promise<RestoreResult> {
  const engine = await engineOf(file)
  const target: BackupEngine = config.databaseUrl ? 'postgres' : 'embedded'
  if (engine !== target) {
    throw new Error(
      `${file} is a backup of ${engine === 'embedded' ? 'the embedded database' : 'a PostgreSQL database'}, ` +
        `but ${target === 'embedded' ? 'DATABASE_URL is not set' : 'DATABASE_URL is set'}: restore it ` +
        `${engine === 'embedded' ? 'with DATABASE_URL unset, into an empty DATA_DIR' : 'with DATABASE_URL set to an empty database'}` +
        (engine === 'embedded'
          ? ', then use npm run leads:move-to-postgres to reach PostgreSQL.'
          : '.'),
    )
  }
  // Read before touching anything: a log that cannot be read must stop the restore.
  const entries = await readErasureLog(path.join(config.backupDir, erasureLogName))
  const erasedLeads = config.databaseUrl
    ? await restorePostgres(config.databaseUrl, file, (db) => reapplyErasures(db, entries))
    : await restoreEmbedded(config.dataDir, file, (db) => reapplyErasures(db, entries))
  return { engine, erasures: entries.length, erasedLeads }
}

/** The first line of the backup, unzipped: the engine it was taken from. */
async function engineOf(file: string): Promise<BackupEngine> {
  const notBackup = (why: string) =>
    new Error(
      `${file} is not a backup made by npm run backup (${why}): ` +
        'give one of the backup-….sql.gz files of BACKUP_DIR.',
    )
  let start: Buffer
  const handle = await open(file, 'r').catch((error: NodeJS.ErrnoException) => {
    throw notBackup(error.code ?? error.message)
  })
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(4_096), 0, 4_096, 0)
    start = buffer.subarray(0, bytesRead)
  } finally {
    await handle.close()
  }
  let text: string
  try {
    // The beginning alone: the rest of the stream is not there to finish it.
    text = gunzipSync(start, { finishFlush: constants.Z_SYNC_FLUSH }).toString('utf8')
  } catch {
    throw notBackup('not gzip')
  }
  const engine = engineOfHeader(text.split('\n')[0] ?? '')
  if (!engine) throw notBackup('no backup header')
  return engine
}

async function restoreEmbedded(
  dataDir: string,
  file: string,
  erase: (db: Sql) => Promise<number>,
): Promise<number> {
  const present = await readdir(dataDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return []
    throw error
  })
  if (present.length > 0) {
    throw new Error(
      `DATA_DIR ${dataDir} is not empty: a backup is restored only into an empty data directory. ` +
        `Stop the server, move the directory aside (mv ${dataDir} ${dataDir}.before-restore), ` +
        'then run the restore again.',
    )
  }
  await createDataDir(dataDir)
  // No server can start on it before the erasures are carried out.
  const unlock = lockEmbeddedDatabase(dataDir)
  let restored = false
  try {
    const sql = gunzipSync(await readFile(file)).toString('utf8')
    const db = await PGlite.create(path.join(dataDir, 'pglite'))
    try {
      await db.exec(sql)
      // The dump empties the search path for its own statements; the relay's are unqualified.
      await db.exec('SET search_path TO "$user", public')
      const erased = await db.transaction((tx) =>
        erase({
          query: async <Row extends object>(text: string, params: readonly unknown[] = []) =>
            (await tx.query<Row>(text, [...params])).rows,
        }),
      )
      if (erased > 0) {
        // As after any erasure: nothing of those rows left readable in the files.
        await db.exec(`VACUUM FULL ${erasedTables.join(', ')}`)
      }
      await db.exec('CHECKPOINT')
      restored = true
      return erased
    } finally {
      await db.close()
    }
  } finally {
    // Empty before, empty again after a failure: a half-restored database never starts.
    if (!restored) await rm(path.join(dataDir, 'pglite'), { recursive: true, force: true })
    unlock()
    await secureDataDir(dataDir)
  }
}

async function restorePostgres(
  url: string,
  file: string,
  erase: (db: Sql) => Promise<number>,
): Promise<number> {
  const db = openPostgresDatabase(url, { maxConnections: 1 })
  try {
    const count = await objectsIn(db)
    if (count > 0) throw notEmptyDatabaseError(count)
    const tool = findPostgresTool('psql', await serverMajor(url))
    const { dbname, env } = connectionFor(url)
    // One transaction: a failure leaves the database empty, ready for another attempt.
    const child = spawn(
      tool.command,
      ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '--single-transaction', '--dbname', dbname],
      { env, stdio: ['pipe', 'ignore', 'pipe'] },
    )
    let errors = ''
    child.stderr.setEncoding('utf8')
    child.stderr.on('data', (text: string) => (errors += text))
    const exited = once(child, 'close') as Promise<[number | null, NodeJS.Signals | null]>
    await pipeline(createReadStream(file), createGunzip(), child.stdin).catch(() => {
      // psql stopped reading: its exit status and message say why.
    })
    const [code, signal] = await exited
    if (code !== 0) {
      throw new Error(`psql could not restore ${file} (${code ?? signal}): ${errors.trim()}`)
    }
    return await db.transaction(erase).catch((error: unknown) => {
      throw new Error(
        `The backup was restored, but the erasure log could not be re-applied (${error instanceof Error ? error.message : String(error)}): ` +
          'do not start the server on this database, which may hold people erased since the backup. ' +
          'Drop it and create it again (dropdb, createdb), fix the cause, then restore again.',
      )
    })
  } finally {
    await db.close()
  }
}
