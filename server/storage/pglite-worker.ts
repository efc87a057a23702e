/**
 * The embedded database's own thread. PGlite runs each statement synchronously in WebAssembly, so
 * on the relay's thread every statement held up every request: while a queue of leads was being
 * stored, no other request was read, answered or even timed (`/healthz` included). Here it runs
 * beside the relay, which sends it statements and transactions as messages (pglite-thread.ts).
 *
 * A transaction is PGlite's own: opened by `begin`, it holds the database until its `end`, so that
 * statements sent meanwhile outside it wait their turn, as they would in one thread.
 *
 * A dump (`npm run backup` while the server runs) is pg_dump compiled to WebAssembly, speaking to
 * this very PGlite over its one connection: a statement or a transaction of the relay's running
 * meanwhile would run inside pg_dump's snapshot, or pg_dump inside the relay's transaction. So a
 * dump waits until no statement is under way and no transaction open, and the requests that
 * arrive meanwhile (other than those of transactions already open) wait for it to end.
 */
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite, type Transaction } from '@electric-sql/pglite'
import { pgDump } from '@electric-sql/pglite-tools/pg_dump'
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
/** Statements sent to PGlite and not answered yet. */
let underWay = 0
/** While a dump waits or runs: the requests held back until it ends, in their order. */
let heldBack: ThreadRequest[] | undefined
let dumpWaiting: (() => void) | undefined

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
  underWay += 1
  try {
    reply({ id, ok: true, value: await work() })
  } catch (error) {
    reply({ id, ok: false, error: describe(error) })
  } finally {
    underWay -= 1
    readyForDump()
  }
}

function readyForDump(): void {
  if (dumpWaiting && underWay === 0 && transactions.size === 0) dumpWaiting()
}

/** Whether a request must wait for the dump: all but those of a transaction already open. */
function waitsForDump(request: ThreadRequest): boolean {
  if (!heldBack) return false
  if (request.kind === 'end') return false
  return !(request.kind === 'query' && request.transaction !== undefined)
}

async function dump(db: PGlite, id: number): Promise<void> {
  heldBack = []
  try {
    await new Promise<void>((resolve) => {
      dumpWaiting = resolve
      readyForDump()
    })
    dumpWaiting = undefined
    await answer(id, async () => {
      try {
        // Plain SQL with INSERTs (pglite-tools adds --inserts), restored by PGlite's exec.
        const file = await pgDump({ pg: db, args: ['--no-owner', '--no-privileges'] })
        return await file.text()
      } finally {
        // pg_dump ends by closing its connection, which PGlite ignores: its read-only snapshot
        // would stay open, and every later statement would run in it. Its settings go with it.
        await db.exec('ROLLBACK; RESET ALL')
      }
    })
  } finally {
    const waiting = heldBack
    heldBack = undefined
    for (const request of waiting) handle(db, request)
  }
}

function begin(db: PGlite, id: number): void {
  const number = nextTransaction++
  let begun = false
  // Counted from now, not from PGlite's BEGIN: a dump must not start in between.
  underWay += 1
  const ended = db.transaction(
    (tx) =>
      new Promise<void>((resolve, reject) => {
        begun = true
        underWay -= 1
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
      if (begun) settle(number, error instanceof RollBack ? undefined : error)
      else {
        underWay -= 1
        reply({ id, ok: false, error: describe(error) })
        readyForDump()
      }
    },
  )
}

function settle(transaction: number, error: unknown): void {
  const id = transactions.get(transaction)?.endRequest
  transactions.delete(transaction)
  readyForDump()
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
  port?.on('message', (request: ThreadRequest) => handle(db, request))
}

function handle(db: PGlite, request: ThreadRequest): void {
  if (waitsForDump(request)) {
    heldBack?.push(request)
    return
  }
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
    case 'dump':
      void dump(db, request.id)
      return
  }
}

void main()
