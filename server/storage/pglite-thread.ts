/**
 * The relay's side of the embedded database's thread (pglite-worker.ts): the same `query` and
 * `transaction` as a PGlite in this thread, each statement a message there and back.
 */
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { threadId, Worker } from 'node:worker_threads'
import type { Sql } from './database'
import type { ThreadReply, ThreadRequest } from './pglite-protocol'

export interface PGliteThread extends Sql {
  transaction<T>(work: (tx: Sql) => Promise<T>): Promise<T>
  /** pg_dump's plain SQL of the whole database, consistent: taken with nothing else under way. */
  dump(): Promise<string>
  close(): Promise<void>
}

/** A request before its id is given: `Omit` applied to each kind of request in turn. */
type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never
type Request = WithoutId<ThreadRequest>

const here = fileURLToPath(import.meta.url)

/**
 * From the sources (tests, `npm run dev`), the worker's TypeScript compiled once to JavaScript
 * under `node_modules/.cache/`, named by a hash of its text, where its package imports still
 * resolve. Loading it through tsx instead took 0.6 s more at each start, paid at each of the test
 * suite's databases.
 */
async function compileFromSources(): Promise<string> {
  const text = await readFile(path.join(path.dirname(here), 'pglite-worker.ts'), 'utf8')
  const hash = createHash('sha256').update(text).digest('hex').slice(0, 16)
  const root = path.join(path.dirname(here), '..', '..')
  const compiled = path.join(root, 'node_modules', '.cache', 'pglite-worker', `${hash}.mjs`)
  if (existsSync(compiled)) return compiled
  const { default: ts } = await import('typescript')
  const { outputText } = ts.transpileModule(text, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  })
  await mkdir(path.dirname(compiled), { recursive: true })
  // Written aside then renamed: two test processes may compile it at once.
  const aside = `${compiled}.${process.pid}.${threadId}`
  await writeFile(aside, outputText)
  await rename(aside, compiled)
  return compiled
}

/**
 * The worker's code: from `dist-server/`, the compiled entry of that name
 * (scripts/build-server.ts), at the top of `dist-server/` whether this code was bundled into an
 * entry there or into a chunk under it; from the sources, compiled on the way.
 */
async function startWorker(dataDir: string | undefined): Promise<Worker> {
  if (here.endsWith('.ts')) return new Worker(await compileFromSources(), { workerData: dataDir })
  const compiled = [
    path.join(path.dirname(here), 'pglite-worker.js'),
    path.join(path.dirname(here), '..', 'pglite-worker.js'),
  ].find((candidate) => existsSync(candidate))
  if (!compiled) throw new Error(`pglite-worker.js is missing beside ${here}: run npm run build.`)
  return new Worker(compiled, { workerData: dataDir })
}

/** PostgreSQL's fields (code, detail…) ride along on the error, as PGlite's own errors carry them. */
function errorFrom(fields: Record<string, unknown>): Error {
  return Object.assign(new Error(String(fields.message)), fields)
}

/** Starts PGlite on its own thread, on the files under `dataDir` or in memory. */
export async function startPGliteThread(dataDir: string | undefined): Promise<PGliteThread> {
  const worker = await startWorker(dataDir)
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>()
  let nextId = 1
  let stopped: Error | undefined
  let closing = false

  const stop = (error: Error) => {
    // Every statement fails from now on (a lead gets a 500, /healthz a 503): say why, once.
    if (!stopped && !closing) console.error(`The embedded database has stopped: ${error.message}`)
    stopped ??= error
    for (const waiting of pending.values()) waiting.reject(stopped)
    pending.clear()
  }
  const opened = new Promise<void>((resolve, reject) => {
    pending.set(0, { resolve: () => resolve(), reject })
  })
  worker.on('message', (reply: ThreadReply) => {
    const waiting = pending.get(reply.id)
    if (!waiting) return
    pending.delete(reply.id)
    // The thread keeps the process alive only while a statement is under way, as a socket would.
    if (pending.size === 0) worker.unref()
    if (reply.ok) waiting.resolve(reply.value)
    else waiting.reject(errorFrom(reply.error))
  })
  worker.on('error', (error) => stop(error))
  worker.on('exit', (code) =>
    stop(new Error(`The embedded database's thread has stopped (exit code ${code}).`)),
  )

  const call = (request: Request): Promise<unknown> => {
    if (stopped) return Promise.reject(stopped)
    const id = nextId++
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject })
      if (pending.size === 1) worker.ref()
      worker.postMessage({ ...request, id })
    })
  }
  const queryIn =
    (transaction: number | undefined): Sql['query'] =>
    async <Row extends object>(text: string, params: readonly unknown[] = []) =>
      (await call({ kind: 'query', text, params: [...params], transaction })) as Row[]

  try {
    await opened
  } catch (error) {
    // The caller gets the reason: the thread's exit that follows is not a second failure to report.
    closing = true
    await worker.terminate()
    throw error
  }
  worker.unref()
  return {
    query: queryIn(undefined),
    async transaction(work) {
      const transaction = (await call({ kind: 'begin' })) as number
      let result
      try {
        result = await work({ query: queryIn(transaction) })
      } catch (error) {
        await call({ kind: 'end', transaction, commit: false }).catch(() => undefined)
        throw error
      }
      await call({ kind: 'end', transaction, commit: true })
      return result
    },
    dump: async () => (await call({ kind: 'dump' })) as string,
    async close() {
      closing = true
      if (!stopped) await call({ kind: 'close' })
      await worker.terminate()
    },
  }
}
