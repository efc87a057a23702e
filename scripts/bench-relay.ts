/**
 * `npm run bench:relay`: how many leads per second the relay accepts, and how fast it answers,
 * on loopback, for the embedded database and (when TEST_DATABASE_URL is set, as the npm script
 * does through scripts/with-postgres.ts) PostgreSQL. Each run is a real server process with the
 * outbox delivering to a local stand-in; requests are bounded in number and time.
 */
import { rm } from 'node:fs/promises'
import { availableParallelism } from 'node:os'
import { performance } from 'node:perf_hooks'
import { createFakeSite, createTempDir } from '../server/test-support/fake-site'
import { startForwardTarget } from '../server/test-support/forward-target'
import { validLead } from '../server/test-support/lead-fixtures'
import { postLeadTo, startRelayProcess } from '../server/test-support/relay-process'
import { createPostgresDatabase, postgresUrl } from '../server/test-support/test-databases'

const requests = 2_000
const warmup = 100
const concurrency = 16
const maxSeconds = 60

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

async function runOnce(database: string, databaseUrl: string): Promise<Result> {
  const distDir = await createFakeSite()
  const dataDir = await createTempDir('relay-bench-')
  const target = await startForwardTarget()
  const relay = await startRelayProcess({
    DIST_DIR: distDir,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LEAD_FORWARD_URL: target.url,
    LOG_LEVEL: 'warn',
  })
  try {
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
  } finally {
    relay.child.kill('SIGTERM')
    await relay.exited
    await target.close()
    await rm(distDir, { recursive: true, force: true })
    await rm(dataDir, { recursive: true, force: true })
  }
}

async function main(): Promise<void> {
  const results = [await runOnce('embedded (PGlite)', '')]
  if (postgresUrl) {
    const database = await createPostgresDatabase()
    try {
      results.push(await runOnce('PostgreSQL (local, fsync on)', database.url))
    } finally {
      await database.drop()
    }
  } else {
    console.warn('TEST_DATABASE_URL is not set: PostgreSQL skipped (npm run bench:relay sets it).')
  }
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
    ].join('\n'),
  )
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
