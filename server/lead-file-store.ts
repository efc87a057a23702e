/**
 * Interim lead storage: one JSON line per lead, flushed to disk before the visitor is answered.
 * The relay issue replaces it with a database and an outbox; until then, no acknowledged lead
 * exists only in memory.
 */
import { mkdir, open } from 'node:fs/promises'
import path from 'node:path'

export interface StoredLead {
  receivedAt: string
  clientIp: string
  userAgent: string
  payload: unknown
}

export function createLeadFileStore(dataDir: string) {
  const file = path.join(dataDir, 'leads.jsonl')
  let queue: Promise<void> = Promise.resolve()

  async function write(lead: StoredLead): Promise<void> {
    await mkdir(dataDir, { recursive: true, mode: 0o700 })
    const handle = await open(file, 'a', 0o600)
    try {
      await handle.appendFile(`${JSON.stringify(lead)}\n`)
      await handle.sync()
    } finally {
      await handle.close()
    }
  }

  return {
    file,
    /** Appends one lead; appends are serialised so that lines never interleave. */
    append(lead: StoredLead): Promise<void> {
      const next = queue.then(() => write(lead))
      queue = next.catch(() => undefined)
      return next
    },
  }
}
