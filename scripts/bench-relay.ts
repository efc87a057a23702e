/**
 * `npm run bench:relay`: how many leads per second the relay accepts, and how fast it answers,
 * on loopback, for the embedded database and (when TEST_DATABASE_URL is set, as the npm script
 * does through scripts/with-postgres.ts) PostgreSQL. Each run is a real server process with the
 * outbox delivering to a local stand-in; requests are bounded in number and time.
 *
 * Then how many leads per second it delivers to a webhook that takes a second to answer, as a
 * busy automation does: with deliveries one batch at a time that figure was about 5; with
 * continuous claiming it is bounded by DELIVERY_CONCURRENCY (default 16) per second.
 */
import { rm } from 'node:fs/promises'
import { availableParallelism } from 'node:os'
import { performance } from 'node:perf_hooks'
import { createFakeSite, createTempDir } from '../server/test-support/fake-site'
import { startForwardTarget, type ForwardTarget } from '../server/test-support/forward-target'
import { validLead } from '../server/test-support/lead-fixtures'
import {
  postLeadTo,
  startRelayProcess,
  type RelayProcess,
} from '../server/test-support/relay-process'
import { createPostgresDatabase, postgresUrl } from '../server/test-support/test-databases'

const requests = 2_000
const warmup = 100
const concurrency = 16
const maxSeconds = 60
/** Leads delivered in the throughput run, and how long the stand-in takes to answer each. */
const deliveredLeads = 320
const slowTargetMs = 1_000

interface Result {
  database: string
  accepted: number
  perSecond: number
  p50: number
  p99: number
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? NaN
}

/** A different documentation-range address per request, so the per-client limit never trips. */
function clientIp(index: number): string {
  return `198.18.${Math.floor(index / 250) % 250}.${(index % 250) + 1}`
}

/**
 * A real server process on its own data, delivering to a stand-in that answers after
 * `targetDelayMs`, for the time `measure` runs; everything is stopped and removed afterwards.
 */
async function withRelay<T>(
  databaseUrl: string,
  targetDelayMs: number,
  measure: (relay: RelayProcess, target: ForwardTarget) => Promise<T>,
): Promise<T> {
  const distDir = await createFakeSite()
  const dataDir = await createTempDir('relay-bench-')
  const target = await startForwardTarget({ delayMs: targetDelayMs })
  const relay = await startRelayProcess({
    DIST_DIR: distDir,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LEAD_FORWARD_URL: target.url,
    FORWARD_TIMEOUT_MS: String(Math.max(10_000, targetDelayMs * 5)),
    LOG_LEVEL: 'warn',
  })
  try {
    return await measure(relay, target)
  } finally {
    relay.child.kill('SIGTERM')
    await relay.exited
    await target.close()
    await rm(distDir, { recursive: true, force: true })
    await rm(dataDir, { recursive: true, force: true })
  }
}

function runOnce(database: string, databaseUrl: string): Promise<Result> {
  return withRelay(databaseUrl, 0, async (relay) => {
    for (let index = 0; index < warmup; index += 1) {
      await postLeadTo(relay.url, validLead(), clientIp(requests + index))
    }
    const latencies: number[] = []
    let next = 0
    let accepted = 0
    const deadline = performance.now() + maxSeconds * 1_000
    const started = performance.now()
    const worker = async () => {
      while (next < requests && performance.now() < deadline) {
        const index = next++
        const sent = performance.now()
        const response = await postLeadTo(relay.url, validLead(), clientIp(index))
        await response.arrayBuffer()
        latencies.push(performance.now() - sent)
        if (response.status === 202) accepted += 1
      }
    }
    await Promise.all(Array.from({ length: concurrency }, worker))
    const seconds = (performance.now() - started) / 1_000
    latencies.sort((a, b) => a - b)
    return {
      database,
      accepted,
      perSecond: accepted / seconds,
      p50: percentile(latencies, 0.5),
      p99: percentile(latencies, 0.99),
    }
  })
}

interface DeliveryResult {
  database: string
  delivered: number
  perSecond: number
}

/**
 * Posts `deliveredLeads` leads at once, then times from the first post until the slow stand-in
 * has answered OK to every one: what a broker's automation receives per second at the default
 * concurrency when each of its answers takes a second.
 */
function runDelivery(database: string, databaseUrl: string): Promise<DeliveryResult> {
  return withRelay(databaseUrl, slowTargetMs, async (relay, target) => {
    const started = performance.now()
    let next = 0
    const poster = async () => {
      while (next < deliveredLeads) {
        const index = next++
        const response = await postLeadTo(relay.url, validLead(), clientIp(index))
        await response.arrayBuffer()
        if (response.status !== 202) throw new Error(`Lead refused: HTTP ${response.status}`)
      }
    }
    await Promise.all(Array.from({ length: concurrency }, poster))
    const deadline = started + maxSeconds * 1_000
    while (target.deliveredCounts().size < deliveredLeads && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    const delivered = target.deliveredCounts().size
    return {
      database,
      delivered,
      perSecond: delivered / ((performance.now() - started) / 1_000),
    }
  })
}

/** Runs `measure` on the embedded database, then on a throwaway PostgreSQL one when available. */
async function onEachDatabase<T>(
  measure: (database: string, databaseUrl: string) => Promise<T>,
): Promise<T[]> {
  const results = [await measure('embedded (PGlite)', '')]
  if (postgresUrl) {
    const database = await createPostgresDatabase()
    try {
      results.push(await measure('PostgreSQL (local, fsync on)', database.url))
    } finally {
      await database.drop()
    }
  }
  return results
}

async function main(): Promise<void> {
  if (!postgresUrl) {
    console.warn('TEST_DATABASE_URL is not set: PostgreSQL skipped (npm run bench:relay sets it).')
  }
  const results = await onEachDatabase(runOnce)
  const deliveries = await onEachDatabase(runDelivery)
  const rows = results.map(
    (result) =>
      `| ${result.database} | ${result.accepted} | ${result.perSecond.toFixed(0)} | ${result.p50.toFixed(1)} | ${result.p99.toFixed(1)} |`,
  )
  console.log(
    [
      `Relay benchmark, ${new Date().toISOString().slice(0, 10)}: ${requests} leads, ${concurrency} at a time, loopback, ${availableParallelism()} cores`,
      '',
      '| database | leads accepted | leads/s | p50 ms | p99 ms |',
      '| --- | ---: | ---: | ---: | ---: |',
      ...rows,
      '',
      `Delivery to a webhook answering in ${slowTargetMs} ms: ${deliveredLeads} leads posted at once, default DELIVERY_CONCURRENCY`,
      '',
      '| database | leads delivered | leads/s |',
      '| --- | ---: | ---: |',
      ...deliveries.map(
        (result) => `| ${result.database} | ${result.delivered} | ${result.perSecond.toFixed(1)} |`,
      ),
    ].join('\n'),
  )
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
