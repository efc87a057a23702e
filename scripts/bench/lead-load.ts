/**
 * The relay benchmark's load: `requests` valid leads posted `concurrency` at a time (after a
 * warm-up), each from its own documentation-range address so that the per-client limit never
 * trips. `runLoadInWorker` runs it on a worker thread, so that the client's own work (building,
 * sending and reading requests) does not share the event loop of the server it measures.
 */
import { performance } from 'node:perf_hooks'
import { Worker } from 'node:worker_threads'
import { validLead } from '../../server/test-support/lead-fixtures'
import { postLeadTo } from '../../server/test-support/relay-process'

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
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? NaN
}

/** A different documentation-range address per request. */
export function clientIp(index: number): string {
  return `198.18.${Math.floor(index / 250) % 250}.${(index % 250) + 1}`
}

export async function runLoad(plan: LoadPlan): Promise<Load> {
  const { url, concurrency, requests, warmup } = plan
  for (let index = 0; index < warmup; index += 1) {
    await (await postLeadTo(url, validLead(), clientIp(requests + index))).arrayBuffer()
  }
  const latencies: number[] = []
  let next = 0
  let accepted = 0
  const deadline = performance.now() + plan.maxSeconds * 1_000
  const started = performance.now()
  const worker = async () => {
    while (next < requests && performance.now() < deadline) {
      const index = next++
      const sent = performance.now()
      const response = await postLeadTo(url, validLead(), clientIp(index))
      await response.arrayBuffer()
      latencies.push(performance.now() - sent)
      if (response.status === 202) accepted += 1
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  const seconds = (performance.now() - started) / 1_000
  latencies.sort((a, b) => a - b)
  return {
    accepted,
    failed: latencies.length - accepted,
    perSecond: accepted / seconds,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
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
