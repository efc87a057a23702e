/**
 * The relay benchmark's load: `requests` valid leads posted `concurrency` at a time (after a
 * warm-up), each from its own documentation-range address so that the per-client limit never
 * trips. `runLoadInWorker` runs it on a worker thread, so that the client's own work (building,
 * sending and reading requests) does not share the event loop of the server it measures.
 *
 * The requests are built before the clock starts and written on kept-alive sockets, one per
 * concurrent client, and only the status and the body's length are read from each answer, as a load
 * tool does (autocannon, wrk): on two cores the client takes its share of the machine from the
 * server it measures. Through `node:http` it took 0.37 ms of CPU a lead, this way 0.16 (measured
 * per thread from `/proc`, 2026-11-24); `fetch` had spent twice `node:http`'s.
 */
import net from 'node:net'
import { performance } from 'node:perf_hooks'
import { Worker } from 'node:worker_threads'
import { validLead } from '../../server/test-support/lead-fixtures'

export interface LoadPlan {
  url: string
  concurrency: number
  requests: number
  warmup: number
  maxSeconds: number
}

export interface Load {
  accepted: number
  failed: number
  perSecond: number
  p50: number
  p99: number
  /** The p99 of the warm-up's leads, the first after the server started. */
  warmupP99: number
}

/** The value below which `fraction` of `sorted` (ascending) falls: 0.5 the median. */
export function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? NaN
}

/** A different documentation-range address per request. */
export function clientIp(index: number): string {
  return `198.18.${Math.floor(index / 250) % 250}.${(index % 250) + 1}`
}

/** One lead's request as bytes, headers and body, built before the clock starts. */
function leadRequest(target: URL, index: number): Buffer {
  const body = Buffer.from(JSON.stringify(validLead()))
  const head =
    `POST ${target.pathname} HTTP/1.1\r\nHost: ${target.host}\r\n` +
    `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n` +
    `X-Forwarded-For: ${clientIp(index)}\r\n\r\n`
  return Buffer.concat([Buffer.from(head, 'latin1'), body])
}

const headerEnd = Buffer.from('\r\n\r\n')
/** Longer than any answer of a server that works: one that never comes fails the run. */
const answerTimeoutMs = 10_000

/**
 * A kept-alive connection that sends one request at a time and reads its answer: the status
 * line, the `Content-Length` and that many bytes of body, which is all a Fastify answer carries.
 * A load tool's way (autocannon, wrk): nothing is built or parsed beyond what the count needs.
 * Meant for the benchmark's loopback server (`http://host:port`), not for any URL.
 */
class Connection {
  private socket: net.Socket | undefined
  private received: Buffer = Buffer.alloc(0)
  private waiting: { resolve(status: number): void; reject(error: Error): void } | undefined

  constructor(private readonly target: URL) {}

  post(request: Buffer): Promise<number> {
    const socket = this.socket ?? this.connect()
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject }
      socket.write(request)
    })
  }

  close(): void {
    this.fail(new Error('The load stopped before this answer came.'))
  }

  private connect(): net.Socket {
    const socket = net.connect(Number(this.target.port), this.target.hostname)
    socket.setNoDelay(true)
    socket.setTimeout(answerTimeoutMs)
    socket.on('data', (chunk) => {
      if (this.socket === socket) this.read(chunk)
    })
    socket.on('timeout', () => {
      if (this.socket === socket && this.waiting) {
        this.fail(new Error(`No answer within ${answerTimeoutMs} ms.`))
      }
    })
    socket.on('error', (error) => {
      if (this.socket === socket) this.fail(error)
    })
    socket.on('close', () => {
      if (this.socket === socket) {
        this.fail(new Error('The server closed the connection before answering.'))
      }
    })
    this.socket = socket
    return socket
  }

  private read(chunk: Buffer): void {
    this.received = this.received.length ? Buffer.concat([this.received, chunk]) : chunk
    const end = this.received.indexOf(headerEnd)
    if (end < 0) return
    const head = this.received.toString('latin1', 0, end)
    const status = /^HTTP\/1\.[01] (\d{3}) /.exec(head)
    const length = /\r\ncontent-length: *(\d+)/i.exec(head)
    if (!status || !length) {
      return this.fail(new Error(`An answer without a status or a Content-Length: ${head}`))
    }
    const total = end + headerEnd.length + Number(length[1])
    if (this.received.length < total) return
    this.received = this.received.subarray(total)
    const waiting = this.waiting
    this.waiting = undefined
    // The server closes the connection after this answer: a request written now would race it.
    if (/\r\nconnection: *close/i.test(head)) this.drop()
    waiting?.resolve(Number(status[1]))
  }

  /** Rejects the request in flight; the next one goes on a new connection. */
  private fail(error: Error): void {
    const waiting = this.waiting
    this.waiting = undefined
    this.drop()
    waiting?.reject(error)
  }

  private drop(): void {
    const socket = this.socket
    this.socket = undefined
    this.received = Buffer.alloc(0)
    socket?.destroy()
  }
}

/**
 * Posts `count` leads (numbered from `first`) `concurrency` at a time, until `deadline`: each
 * answer's latency and how many were accepted.
 */
async function postConcurrently(
  post: (index: number) => Promise<number>,
  {
    first,
    count,
    concurrency,
    deadline,
  }: Record<'first' | 'count' | 'concurrency' | 'deadline', number>,
) {
  const latencies: number[] = []
  let next = 0
  let accepted = 0
  let failed = false
  const client = async () => {
    while (!failed && next < count && performance.now() < deadline) {
      const index = first + next++
      const sent = performance.now()
      const status = await post(index).catch((error: unknown) => {
        failed = true
        throw error
      })
      latencies.push(performance.now() - sent)
      if (status === 202) accepted += 1
    }
  }
  await Promise.all(Array.from({ length: concurrency }, client))
  return { latencies: latencies.sort((a, b) => a - b), accepted }
}

/**
 * The warm-up runs at the concurrency measured: until V8 has compiled the paths that leads take
 * together (a lead waiting behind others, a group stored at once), the first second after a start
 * answers slower than the hours that follow. Its p99 is reported apart, not hidden.
 */
export async function runLoad(plan: LoadPlan): Promise<Load> {
  const { concurrency, requests, warmup } = plan
  const target = new URL('/api/leads', plan.url)
  if (target.protocol !== 'http:' || !target.port) {
    throw new Error(`The load goes to a local http://host:port server, not ${plan.url}.`)
  }
  const leads = Array.from({ length: requests + warmup }, (_, index) => leadRequest(target, index))
  const connections = Array.from({ length: concurrency }, () => new Connection(target))
  const idle = [...connections]
  const post = async (index: number) => {
    const request = leads[index]
    if (!request) throw new Error(`No lead ${index} was built.`)
    const connection = idle.pop()
    if (!connection) throw new Error('More requests in flight than connections.')
    try {
      return await connection.post(request)
    } finally {
      idle.push(connection)
    }
  }
  try {
    const deadline = performance.now() + plan.maxSeconds * 1_000
    const warming = await postConcurrently(post, {
      first: requests,
      count: warmup,
      concurrency,
      deadline,
    })
    const started = performance.now()
    const { latencies, accepted } = await postConcurrently(post, {
      first: 0,
      count: requests,
      concurrency,
      deadline: started + plan.maxSeconds * 1_000,
    })
    const seconds = (performance.now() - started) / 1_000
    return {
      accepted,
      failed: latencies.length - accepted,
      perSecond: accepted / seconds,
      p50: percentile(latencies, 0.5),
      p99: percentile(latencies, 0.99),
      warmupP99: percentile(warming.latencies, 0.99),
    }
  } finally {
    // After a failure the other clients' requests may still be in flight: closing their sockets
    // ends them (rejected, and ignored once the run has failed).
    for (const connection of connections) connection.close()
  }
}

/** `runLoad` on a worker thread, which loads its TypeScript through tsx as this process does. */
export function runLoadInWorker(plan: LoadPlan): Promise<Load> {
  return new Promise((resolve, reject) => {
    // Node 20 does not carry the parent's module hooks into a worker: register tsx's, then load.
    const entry = new URL('./lead-load-worker.ts', import.meta.url).href
    const bootstrap = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}) })`
    const worker = new Worker(bootstrap, { eval: true, workerData: plan })
    worker.once('message', (load: Load) => resolve(load))
    worker.once('error', reject)
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`The load worker exited with code ${code}.`))
    })
  })
}
