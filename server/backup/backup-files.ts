/**
 * The backup files in BACKUP_DIR and their names: `backup-<UTC time>.sql.gz`, the time written
 * `YYYY-MM-DDTHH-MM-SSZ` (colons are awkward in file names). A file is written under a hidden
 * temporary name, synced, then renamed, so that a half-written file never looks like a backup.
 * `npm run check` reads the same names to say whether backups are recent.
 */
import { randomBytes } from 'node:crypto'
import { once } from 'node:events'
import { createWriteStream } from 'node:fs'
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { createGzip } from 'node:zlib'

export const backupExtension = 'sql.gz'

const backupName = /^backup-(\d{4})-(\d{2})-(\d{2})T(\d{2})-(\d{2})-(\d{2})Z\.sql\.gz$/

export interface BackupFile {
  name: string
  path: string
  /** When the backup was started, from its name. */
  time: Date
}

export function backupFileName(time: Date): string {
  const stamp = time.toISOString().slice(0, 19).replaceAll(':', '-')
  return `backup-${stamp}Z.${backupExtension}`
}

/** The time a backup's name carries, or `undefined` for any other file. */
export function backupTime(name: string): Date | undefined {
  const match = backupName.exec(name)
  if (!match) return undefined
  const [, year, month, day, hours, minutes, seconds] = match
  const time = new Date(`${year}-${month}-${day}T${hours}:${minutes}:${seconds}Z`)
  return isNaN(time.getTime()) ? undefined : time
}

/** The backups in `dir`, oldest first; none when the directory does not exist. */
export async function listBackups(dir: string): Promise<BackupFile[]> {
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return []
    throw error
  })
  return names
    .flatMap((name) => {
      const time = backupTime(name)
      return time ? [{ name, path: path.join(dir, name), time }] : []
    })
    .sort((a, b) => a.time.getTime() - b.time.getTime())
}

export async function latestBackup(dir: string): Promise<BackupFile | undefined> {
  return (await listBackups(dir)).at(-1)
}

/** Deletes all but the newest `keep` backups; returns the names deleted. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const backups = await listBackups(dir)
  const old = backups.slice(0, Math.max(0, backups.length - keep))
  for (const backup of old) await rm(backup.path, { force: true })
  return old.map((backup) => backup.name)
}

/** Hands one piece of the backup on, waiting while the disk is slower than the database. */
export type WritePiece = (piece: string | Buffer) => Promise<void>

/**
 * Writes, gzipped, what `produce` hands over into `dir` as the backup of `time`: owner-only,
 * synced, renamed into place only once whole. Refuses to replace a backup of the same second.
 */
export async function writeBackup(
  dir: string,
  time: Date,
  produce: (write: WritePiece) => Promise<void>,
): Promise<BackupFile> {
  await mkdir(dir, { recursive: true, mode: 0o700 })
  const name = backupFileName(time)
  const target = path.join(dir, name)
  if (await stat(target).catch(() => undefined)) {
    throw new Error(`${target} exists already: wait a second and run the backup again.`)
  }
  const partial = path.join(dir, `.${name}.${randomBytes(4).toString('hex')}.partial`)
  const gzip = createGzip()
  const written = pipeline(gzip, createWriteStream(partial, { mode: 0o600, flags: 'wx' }))
  try {
    await Promise.all([
      written,
      (async () => {
        await produce(async (piece) => {
          if (!gzip.write(piece)) await once(gzip, 'drain')
        })
        gzip.end()
      })().catch((error: unknown) => {
        gzip.destroy(error as Error)
        throw error
      }),
    ])
    const handle = await open(partial, 'r')
    try {
      await handle.sync()
    } finally {
      await handle.close()
    }
    await rename(partial, target)
    await syncDirectory(dir)
  } catch (error) {
    await written.catch(() => undefined)
    await rm(partial, { force: true })
    throw error
  }
  return { name, path: target, time }
}

/** A rename is on disk only once its directory is synced. */
async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}
