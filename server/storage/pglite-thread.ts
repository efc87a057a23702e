/**
 * The relay's side of the embedded database's thread (pglite-worker.ts): the same `query` and
 * `transaction` as a PGlite in this thread, each statement a message there and back.
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import type { Sql } from './database'
import type { ThreadReply, ThreadRequest } from './pglite-protocol'

export interface PGliteThread extends Sql {
  transaction<T>(work: (tx: Sql) => Promise<T>): Promise<T>
  close(): Promise<void>
}

type Request = ThreadRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never

const here = fileURLToPath(import.meta.url)

/**
 * The worker's code. From the sources (tests, `npm run dev`), the TypeScript beside this file,
 * loaded through tsx as this process is. From `dist-server/`, the compiled entry of that name
 * (scripts/build-server.ts), at the top of `dist-server/` whether this code was bundled into an
 * entry there or into a chunk under it.
 */
function startWorker(dataDir: string | undefined): Worker {
  if (here.endsWith('.ts')) {
    const entry = pathToFileURL(path.join(path.dirname(here), 'pglite-worker.ts')).href
    // Node 20 does not carry the parent's module hooks into a worker: register tsx's, then load.
    // (The bare name resolves from the working directory, the repository's, where tsx is.)
    const bootstrap = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}) })`
    return new Worker(bootstrap, { eval: true, workerData: dataDir })
  }
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
  const worker = startWorker(dataDir)
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
    async close() {
      closing = true
      if (!stopped) await call({ kind: 'close' })
      await worker.terminate()
    },
  }
}
