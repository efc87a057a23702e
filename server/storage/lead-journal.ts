/**
 * The embedded database's answer to a power cut. PGlite writes its files but never syncs them
 * (its Node file system has no fsync), so a lead committed a moment before the machine loses
 * power may never reach the disk. Each accepted lead is therefore also appended to
 * `DATA_DIR/leads.journal`, one JSON line, on disk before the visitor gets the 202. The file is
 * opened with O_DSYNC, so that a write returns once its data is on disk: one trip to a worker
 * thread per sync rather than a write then an `fdatasync`, each of which would wait its turn behind
 * the requests the event loop is serving. Leads arriving together share one write (group commit).
 *
 * On open, leads the journal has and the database lacks are put back. The journal is emptied only
 * once the database itself is on disk: a CHECKPOINT writes every page, then every file of the
 * database is synced; only the lines written before that checkpoint began are dropped. This is
 * done at open, every few minutes, at a clean stop and after an erasure (so that an erased person
 * never comes back from the journal).
 */
import { constants } from 'node:fs'
import { open, readFile, rename, type FileHandle } from 'node:fs/promises'
import path from 'node:path'
import type { LeadPayload } from '../../common/lead/lead-contract'

export interface JournalEntry {
  id: string
  receivedAt: string
  payload: LeadPayload
  clientIp: string
  userAgent: string
  metaCookies?: { fbp: string | undefined; fbc: string | undefined } | undefined
  destinations: readonly string[]
}

export interface LeadJournal {
  /** Resolves once the entry is on disk. */
  append(entry: JournalEntry): Promise<void>
  /** Every whole entry (a line cut short by a crash is skipped). */
  entries(): Promise<JournalEntry[]>
  /**
   * Drops the entries written before `makeDurable` began, once it has made the database durable.
   * Appends go on meanwhile and are kept.
   */
  compact(makeDurable: () => Promise<void>): Promise<void>
  close(): Promise<void>
}

export function journalPath(dataDir: string): string {
  return path.join(dataDir, 'leads.journal')
}

interface Waiting {
  line: string
  done: (error?: unknown) => void
}

/** Appends, each write on disk when it returns. */
const appendDurably =
  constants.O_WRONLY | constants.O_CREAT | constants.O_APPEND | constants.O_DSYNC

export async function openLeadJournal(dataDir: string): Promise<LeadJournal> {
  const file = journalPath(dataDir)
  let handle: FileHandle = await open(file, appendDurably, 0o600)
  let written = (await handle.stat()).size
  let queue: Waiting[] = []
  // Writes and the rewrite of a compaction take turns on this chain.
  let turn: Promise<void> = Promise.resolve()
  const exclusive = <T>(work: () => Promise<T>): Promise<T> => {
    const result = turn.then(work)
    turn = result.then(
      () => undefined,
      () => undefined,
    )
    return result
  }
  let flushScheduled = false

  const flush = () =>
    exclusive(async () => {
      flushScheduled = false
      const batch = queue
      queue = []
      if (batch.length === 0) return
      try {
        const text = batch.map((waiting) => waiting.line).join('')
        await handle.write(text)
        written += Buffer.byteLength(text)
        for (const waiting of batch) waiting.done()
      } catch (error) {
        for (const waiting of batch) waiting.done(error)
      }
    })

  return {
    append(entry) {
      return new Promise<void>((resolve, reject) => {
        queue.push({
          line: `${JSON.stringify(entry)}\n`,
          done: (error) => (error === undefined ? resolve() : reject(error)),
        })
        if (!flushScheduled) {
          flushScheduled = true
          void flush()
        }
      })
    },

    async entries() {
      const text = await exclusive(() => readFile(file, 'utf8'))
      const entries: JournalEntry[] = []
      for (const line of text.split('\n')) {
        if (!line) continue
        try {
          entries.push(JSON.parse(line) as JournalEntry)
        } catch {
          // The last line of a journal cut by a crash: its lead was never acknowledged.
        }
      }
      return entries
    },

    async compact(makeDurable) {
      const covered = await exclusive(async () => written)
      if (covered === 0) return
      await makeDurable()
      await exclusive(async () => {
        const rest = (await readFile(file)).subarray(covered)
        const next = `${file}.next`
        const fresh = await open(next, 'w', 0o600)
        try {
          await fresh.write(rest)
          await fresh.sync()
        } finally {
          await fresh.close()
        }
        await rename(next, file)
        await syncPath(dataDir)
        await handle.close()
        handle = await open(file, appendDurably, 0o600)
        written = rest.length
      })
    },

    async close() {
      await exclusive(() => handle.close())
    },
  }
}

/** Syncs a file's data to disk, or a folder's entries (what makes a rename in it durable). */
export async function syncPath(target: string): Promise<void> {
  const handle = await open(target, 'r')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}
