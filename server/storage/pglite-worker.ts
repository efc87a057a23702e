/**
 * The embedded database's own thread. PGlite runs each statement synchronously in WebAssembly, so
 * on the relay's thread every statement held up every request: while a queue of leads was being
 * stored, no other request was read, answered or even timed (`/healthz` included). Here it runs
 * beside the relay, which sends it statements and transactions as messages (pglite-thread.ts).
 *
 * A transaction is PGlite's own: opened by `begin`, it holds the database until its `end`, so that
 * statements sent meanwhile outside it wait their turn, as they would in one thread.
 */
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite, type Transaction } from '@electric-sql/pglite'
import type { ThreadReply, ThreadRequest } from './pglite-protocol'

const port = parentPort
if (!port) throw new Error('pglite-worker.ts runs as a worker thread only.')

/** Why a transaction was rolled back on request: thrown inside PGlite's transaction to end it. */
class RollBack extends Error {}

interface OpenTransaction {
  tx: Transaction
  end(commit: boolean): void
  /** The request that asked to end it, answered once PGlite has committed or rolled back. */
  endRequest?: number
}

const transactions = new Map<number, OpenTransaction>()
let nextTransaction = 1

function reply(message: ThreadReply): void {
  port?.postMessage(message)
}

/** What the relay's side needs of an error: its message and PostgreSQL's fields (code, detail…). */
function describe(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) }
  const fields: Record<string, unknown> = { message: error.message, name: error.name }
  for (const [key, value] of Object.entries(error)) {
    if (['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value
  }
  return fields
}

async function answer(id: number, work: () => Promise<unknown>): Promise<void> {
  try {
    reply({ id, ok: true, value: await work() })
  } catch (error) {
    reply({ id, ok: false, error: describe(error) })
  }
}

function begin(db: PGlite, id: number): void {
  const number = nextTransaction++
  let begun = false
  const ended = db.transaction(
    (tx) =>
      new Promise<void>((resolve, reject) => {
        begun = true
        transactions.set(number, {
          tx,
          end: (commit) => (commit ? resolve() : reject(new RollBack())),
        })
        reply({ id, ok: true, value: number })
      }),
  )
  // The outcome of the commit (or rollback) goes to whoever sent `end`; a failure to begin, to
  // whoever sent `begin`.
  ended.then(
    () => settle(number, undefined),
    (error: unknown) => {
      if (!begun) reply({ id, ok: false, error: describe(error) })
      else settle(number, error instanceof RollBack ? undefined : error)
    },
  )
}

function settle(transaction: number, error: unknown): void {
  const id = transactions.get(transaction)?.endRequest
  transactions.delete(transaction)
  if (id === undefined) return
  reply(
    error === undefined ? { id, ok: true, value: null } : { id, ok: false, error: describe(error) },
  )
}

async function main(): Promise<void> {
  const dataDir = workerData as string | undefined
  let db: PGlite
  try {
    db = dataDir === undefined ? await PGlite.create() : await PGlite.create(dataDir)
  } catch (error) {
    reply({ id: 0, ok: false, error: describe(error) })
    return
  }
  reply({ id: 0, ok: true, value: null })
  port?.on('message', (request: ThreadRequest) => {
    switch (request.kind) {
      case 'query': {
        const open =
          request.transaction === undefined ? db : transactions.get(request.transaction)?.tx
        if (!open) {
          reply({ id: request.id, ok: false, error: { message: 'The transaction has ended.' } })
          return
        }
        void answer(request.id, async () => (await open.query(request.text, request.params)).rows)
        return
      }
      case 'begin':
        begin(db, request.id)
        return
      case 'end': {
        const open = transactions.get(request.transaction)
        if (!open) {
          reply({ id: request.id, ok: false, error: { message: 'The transaction has ended.' } })
          return
        }
        open.endRequest = request.id
        open.end(request.commit)
        return
      }
      case 'close':
        void answer(request.id, () => db.close()).then(() => port?.close())
        return
    }
  })
}

void main()
