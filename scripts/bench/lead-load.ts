/**
 * The relay benchmark's load: `requests` valid leads posted `concurrency` at a time (after a
 * warm-up), each from its own documentation-range address so that the per-client limit never
 * trips. `runLoadInWorker` runs it on a worker thread, so that the client's own work (building,
 * sending and reading requests) does not share the event loop of the server it measures.
 *
 * The requests go through `node:http` on kept-alive connections, one per concurrent client, as a
 * load tool would: on two cores the client takes its share of the machine from the server it
 * measures, and `fetch` spent about twice the CPU per request.
 */
import http from 'node:http'
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

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? NaN
}

/** A different documentation-range address per request. */
export function clientIp(index: number): string {
  return `198.18.${Math.floor(index / 250) % 250}.${(index % 250) + 1}`
}

/** Posts one lead, as the site's form does; resolves with the status once the answer is read. */
function postLead(agent: http.Agent, target: URL, index: number): Promise<number> {
  const body = JSON.stringify(validLead())
  return new Promise((resolve, reject) => {
    const request = http.request(
      target,
      {
        method: 'POST',
        agent,
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(body),
          'X-Forwarded-For': clientIp(index),
        },
      },
      (response) => {
        response.resume()
        response.once('end', () => resolve(response.statusCode ?? 0))
        response.once('error', reject)
      },
    )
    request.once('error', reject)
    request.end(body)
  })
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
  const client = async () => {
    while (next < count && performance.now() < deadline) {
      const index = first + next++
      const sent = performance.now()
      const status = await post(index)
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
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency })
  const target = new URL('/api/leads', plan.url)
  const post = (index: number) => postLead(agent, target, index)
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
  agent.destroy()
  const seconds = (performance.now() - started) / 1_000
  return {
    accepted,
    failed: latencies.length - accepted,
    perSecond: accepted / seconds,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    warmupP99: percentile(warming.latencies, 0.99),
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
