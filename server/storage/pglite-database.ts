import { existsSync } from 'node:fs'
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { createDataDir, secureDataDir } from './data-dir'
import type { Database } from './database'
import { lockEmbeddedDatabase } from './embedded-lock'
import { openLeadJournal, syncPath } from './lead-journal'
import { startPGliteThread, type PGliteThread } from './pglite-thread'

/**
 * Opens the embedded PostgreSQL (PGlite) stored under `dataDir`, or in memory when `dataDir` is
 * undefined (tests), on a thread of its own (pglite-worker.ts). PGlite runs one statement at a
 * time, and its transactions hold it exclusively.
 * `leadJournal: false` (benchmarks only) leaves out the journal, and with it the promise that an
 * acknowledged lead survives a power cut.
 */
export async function openEmbeddedDatabase(
  dataDir: string | undefined,
  { leadJournal = true } = {},
): Promise<Database> {
  let unlock = () => {}
  let db: PGliteThread
  if (dataDir === undefined) {
    db = await startPGliteThread(undefined)
  } else {
    await createDataDir(dataDir)
    unlock = lockEmbeddedDatabase(dataDir)
    try {
      const files = path.join(dataDir, 'pglite')
      const creating = !existsSync(files)
      db = await startPGliteThread(files)
      // A new database's files come out 0666 whatever the umask.
      if (creating) {
        await secureDataDir(dataDir).catch(async (error: unknown) => {
          await db.close()
          throw error
        })
      }
    } catch (error) {
      unlock()
      throw error
    }
  }
  const journal = dataDir === undefined || !leadJournal ? undefined : await openLeadJournal(dataDir)
  const files = dataDir === undefined ? undefined : path.join(dataDir, 'pglite')
  const makeDurable = async () => {
    if (!journal || !files) return
    await journal.compact(async () => {
      // Every page written, then every file synced: the database alone now holds those leads.
      await db.query('CHECKPOINT')
      await syncTree(files)
    })
  }
  return {
    kind: 'embedded',
    query: db.query,
    transaction: db.transaction,
    dump: db.dump,
    ...(journal ? { journal, makeDurable } : {}),
    async close() {
      try {
        await makeDurable().catch(() => {
          // The journal keeps its leads: they are checked again at the next start.
        })
        await journal?.close()
        await db.close()
      } finally {
        unlock()
      }
    },
  }
}

/** Syncs every file and folder under `dir`: what PGlite's own syncs never do. */
async function syncTree(dir: string): Promise<void> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const target = path.join(entry.parentPath, entry.name)
    if (entry.isDirectory()) await syncTree(target)
    else if (entry.isFile()) await syncPath(target)
  }
  await syncPath(dir)
}
