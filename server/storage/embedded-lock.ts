/**
 * PGlite runs inside one process: two processes opening the same files would corrupt them. A pid
 * file in DATA_DIR says who holds the embedded database; one left by a killed process is taken over.
 */
import { openSync, readFileSync, rmSync, writeSync, closeSync } from 'node:fs'
import path from 'node:path'
import { ConfigError } from '../config'

export class EmbeddedDatabaseBusyError extends Error {
  override name = 'EmbeddedDatabaseBusyError'
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by process ${pid}. ` +
        'Stop it first, or set DATABASE_URL to share a PostgreSQL server between processes.',
    )
  }
}

export function lockFilePath(dataDir: string): string {
  return path.join(dataDir, 'relay.pid')
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** The live process holding the embedded database in `dataDir`, if any. */
export function embeddedDatabaseHolder(dataDir: string): number | undefined {
  let pid: number
  try {
    pid = Number(readFileSync(lockFilePath(dataDir), 'utf8').trim())
  } catch {
    return undefined
  }
  return Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid) ? pid : undefined
}

/** Takes the lock or throws `EmbeddedDatabaseBusyError`; returns the function that releases it. */
export function lockEmbeddedDatabase(dataDir: string): () => void {
  const file = lockFilePath(dataDir)
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(file, 'wx', 0o600)
      writeSync(fd, String(process.pid))
      closeSync(fd)
      return () => rmSync(file, { force: true })
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      if (code !== 'EEXIST') {
        throw new ConfigError(`DATA_DIR "${dataDir}" is not writable (${code ?? String(error)}).`)
      }
      const holder = embeddedDatabaseHolder(dataDir)
      if (holder !== undefined) throw new EmbeddedDatabaseBusyError(dataDir, holder)
      rmSync(file, { force: true })
    }
  }
  throw new Error(`Could not take the lock ${file}`)
}
