/**
 * PGlite runs inside one process: two processes opening the same files would corrupt them. The
 * server holds an OS advisory lock (flock) on `relay.pid` in DATA_DIR, the file also naming the
 * holder for the message. The kernel drops that lock the moment the process ends, however it ends,
 * so only a running server blocks another: a file left by a killed server, or naming a pid since
 * reused by another process (the flaw of a pid file alone), blocks nothing.
 *
 * Node has no flock of its own, and a native addon is more to build and trust than this needs. A
 * flock lock belongs to the open file, not to the process that took it: the server opens the file,
 * lends that very descriptor to a short-lived `flock` command (util-linux on Linux, or busybox;
 * macOS lacks it and its perl does the same) which locks it and exits, and the lock stays with the
 * server's descriptor until the server closes it or dies.
 */
import { spawnSync } from 'node:child_process'
import {
  closeSync,
  constants,
  fstatSync,
  ftruncateSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs'
import path from 'node:path'
import { ConfigError } from '../config'

export class EmbeddedDatabaseBusyError extends Error {
  override name = 'EmbeddedDatabaseBusyError'
  constructor(
    readonly dataDir: string,
    readonly pid: number | undefined,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by ${pid ? `process ${pid}` : 'another process'}. ` +
        'Stop it first, or set DATABASE_URL to share a PostgreSQL server between processes.',
    )
  }
}

export function lockFilePath(dataDir: string): string {
  return path.join(dataDir, 'relay.pid')
}

/** Commands taking an exclusive lock on descriptor 3 without waiting: exit 0 locked, 1 busy. */
const lockCommands: readonly (readonly [string, ...string[]])[] = [
  ['flock', '--exclusive', '--nonblock', '3'],
  [
    'perl',
    '-MFcntl=:flock',
    '-e',
    'open(my $f, "<&=3") or exit 2; exit(flock($f, LOCK_EX | LOCK_NB) ? 0 : 1)',
  ],
]

/** Locks the open file behind `fd` for as long as it stays open; false when another holds it. */
function tryLock(fd: number): boolean {
  for (const [command, ...args] of lockCommands) {
    const result = spawnSync(command, args, { stdio: ['ignore', 'ignore', 'pipe', fd] })
    if ((result.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT') continue
    if (result.status === 0) return true
    if (result.status === 1) return false
    throw new Error(`${command} could not lock the embedded database: ${String(result.stderr)}`)
  }
  throw new ConfigError(
    'Locking the embedded database needs the `flock` command (util-linux) or perl; install one, or set DATABASE_URL.',
  )
}

function openLockFile(file: string, dataDir: string): number {
  try {
    return openSync(file, constants.O_RDWR | constants.O_CREAT | constants.O_NOFOLLOW, 0o600)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    throw new ConfigError(`DATA_DIR "${dataDir}" is not writable (${code ?? String(error)}).`)
  }
}

function holderPid(file: string): number | undefined {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim())
    return Number.isInteger(pid) && pid > 0 ? pid : undefined
  } catch {
    return undefined
  }
}

/** Whether `fd` is still the file at `file`: a holder deletes it as it lets go. */
function stillAt(fd: number, file: string): boolean {
  const now = statSync(file, { throwIfNoEntry: false })
  return now !== undefined && now.ino === fstatSync(fd).ino && now.dev === fstatSync(fd).dev
}

/** Takes the lock or throws `EmbeddedDatabaseBusyError`; returns the function that releases it. */
export function lockEmbeddedDatabase(dataDir: string): () => void {
  const file = lockFilePath(dataDir)
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const fd = openLockFile(file, dataDir)
    let locked = false
    try {
      locked = tryLock(fd)
    } finally {
      if (!locked) closeSync(fd)
    }
    if (!locked) throw new EmbeddedDatabaseBusyError(dataDir, holderPid(file))
    // Opened just before the last holder deleted it: that file no longer guards anything.
    if (!stillAt(fd, file)) {
      closeSync(fd)
      continue
    }
    ftruncateSync(fd, 0)
    writeSync(fd, String(process.pid), 0)
    return () => {
      rmSync(file, { force: true })
      closeSync(fd)
    }
  }
  throw new Error(`Could not take the lock ${file}`)
}
