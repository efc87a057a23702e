/**
 * `npm run bench:relay`: what accepting a lead costs. For the embedded database and (when
 * TEST_DATABASE_URL is set, as the npm script does through scripts/with-postgres.ts) PostgreSQL,
 * this process runs in turn the relay and a baseline (a bare Fastify route that parses the same
 * JSON and commits one transaction inserting the lead and its delivery, with no checks), each on
 * a fresh database of that engine, and posts leads over loopback 16 and 64 at a time from a worker
 * thread (`--same-thread-client`: from this thread): leads/s, p50 and p99, and the relay's share
 * of the baseline. The relay runs with no active destination
 * (its deliveries stay queued), so that only acceptance is measured. Then, apart, how many leads
 * per second a relay process delivers to a webhook that takes 1 s to answer, at the default
 * DELIVERY_CONCURRENCY and one at a time, and the export of 50,000 leads while serving.
 *
 * BENCH_ROUNDS=3 runs relay and baseline three times each, taking turns, and prints medians.
 *
 * `-- --no-journal` runs the embedded relay without its journal of accepted leads (which a server
 * never does), to show what the journal costs; `accept` alone measures acceptance, `export` alone
 * the export.
 */
import { randomUUID } from 'node:crypto'
import { spawn } from 'node:child_process'
import { rm } from 'node:fs/promises'
import { availableParallelism } from 'node:os'
import { performance } from 'node:perf_hooks'
import Fastify from 'fastify'
import { loadConfig } from '../server/config'
import { startRelay } from '../server/relay'
import { createFakeSite, createTempDir } from '../server/test-support/fake-site'
import { startForwardTarget, type ForwardTarget } from '../server/test-support/forward-target'
import { validLead, waitFor } from '../server/test-support/lead-fixtures'
import {
  postLeadTo,
  startRelayProcess,
  type RelayProcess,
} from '../server/test-support/relay-process'
import { createPostgresDatabase, postgresUrl } from '../server/test-support/test-databases'
import { openDatabase } from '../server/storage/open-database'
import { median } from './bench/budgets'
import { clientIp, runLoad, runLoadInWorker, type Load } from './bench/lead-load'
import { countListSetting, countSetting, fromEnv } from './bench/settings'

const requests = 2_000
/** Leads posted first, at the same concurrency, and measured apart (see `runLoad`). */
const warmup = 1_000
/** BENCH_CONCURRENCY=16 (or 16,64, the default) picks how many leads are posted at a time. */
const concurrencies = fromEnv(countListSetting, 'BENCH_CONCURRENCY', [16, 64], 1)
const maxSeconds = 60

interface Server {
  url: string
  close(): Promise<void>
}

/** A fresh database of the engine: a temporary DATA_DIR, or a new PostgreSQL database. */
async function freshDatabase(engine: Engine) {
  const dataDir = await createTempDir('relay-bench-')
  const postgres = engine === 'postgres' ? await createPostgresDatabase() : undefined
  return {
    dataDir,
    databaseUrl: postgres?.url,
    async drop() {
      await postgres?.drop()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * The relay as `npm start` runs it (info logs, written nowhere here), without destinations, with
 * rate limits out of the way (every request comes from loopback).
 */
async function startAcceptingRelay(engine: Engine, leadJournal: boolean): Promise<Server> {
  const database = await freshDatabase(engine)
  const distDir = await createFakeSite()
  const config = loadConfig({
    DIST_DIR: distDir,
    DATA_DIR: database.dataDir,
    DATABASE_URL: database.databaseUrl ?? '',
    PORT: '0',
    HOST: '127.0.0.1',
    APP_SECRET: 'bench-secret-of-at-least-thirty-two-characters',
  })
  const roomy = { burst: 1_000_000, perSecond: 1_000_000 }
  const relay = await startRelay(config, {
    leadJournal,
    logLevel: 'info',
    logStream: { write: () => undefined },
    rateLimits: { leads: roomy, pageViews: roomy, funnel: roomy },
  })
  const url = await relay.listen()
  return {
    url,
    async close() {
      await relay.close()
      await database.drop()
      await rm(distDir, { recursive: true, force: true })
    },
  }
}

/**
 * The least a relay could do: parse the JSON, then one transaction inserting the lead (the
 * leads table's columns, defaults and indexes) and its delivery (likewise), then 202.
 */
async function startBaseline(engine: Engine): Promise<Server> {
  const database = await freshDatabase(engine)
  const db = await openDatabase(database)
  await db.query('CREATE TABLE baseline_leads (LIKE leads INCLUDING ALL)')
  await db.query('CREATE TABLE baseline_deliveries (LIKE lead_deliveries INCLUDING ALL)')
  const app = Fastify()
  app.post('/api/leads', async (request, reply) => {
    const lead = request.body as Record<string, string>
    await db.transaction(async (tx) => {
      const id = randomUUID()
      await tx.query(
        `INSERT INTO baseline_leads (id, email, telephone, payload, consent_text, client_ip,
                                     user_agent)
         VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7)`,
        [
          id,
          lead.email,
          lead.telephone,
          JSON.stringify(lead),
          lead.consentement_texte,
          request.ip,
          request.headers['user-agent'] ?? '',
        ],
      )
      await tx.query(
        "INSERT INTO baseline_deliveries (lead_id, destination) VALUES ($1, 'webhook')",
        [id],
      )
    })
    return reply.code(202).send({ status: 'accepted' })
  })
  const url = await app.listen({ port: 0, host: '127.0.0.1' })
  return {
    url,
    async close() {
      await app.close()
      await db.close()
      await database.drop()
    },
  }
}

type Engine = 'embedded' | 'postgres'
const engineNames: Record<Engine, string> = {
  embedded: 'embedded (PGlite)',
  postgres: 'PostgreSQL (local, fsync on)',
}

/**
 * BENCH_ROUNDS (default 1): how many times relay and baseline each run at each concurrency, taking
 * turns; each figure printed is then the median of its rounds, which a shared host needs.
 */
const rounds = fromEnv(countSetting, 'BENCH_ROUNDS', 1, 1)

function medianLoad(loads: readonly Load[]): Load {
  const middle = (pick: (load: Load) => number) => median(loads.map(pick))
  return {
    accepted: middle((load) => load.accepted),
    failed: Math.max(...loads.map((load) => load.failed)),
    perSecond: middle((load) => load.perSecond),
    p50: middle((load) => load.p50),
    p99: middle((load) => load.p99),
    warmupP99: middle((load) => load.warmupP99),
  }
}

/** `--same-thread-client` posts from the server's own event loop, as runs before 2026-11-23 did. */
const sameThreadClient = process.argv.includes('--same-thread-client')

async function measureServer(start: () => Promise<Server>, concurrency: number): Promise<Load> {
  const server = await start()
  try {
    const plan = { url: server.url, concurrency, requests, warmup, maxSeconds }
    return await (sameThreadClient ? runLoad(plan) : runLoadInWorker(plan))
  } finally {
    await server.close()
  }
}

/**
 * The acceptance table: relay and baseline on each engine, 16 and 64 at a time. `leadJournal`
 * false runs the embedded relay without its journal of accepted leads, to show what it costs.
 */
async function acceptance(leadJournal: boolean): Promise<void> {
  const engines: Engine[] = postgresUrl ? ['embedded', 'postgres'] : ['embedded']
  if (!postgresUrl) {
    console.warn('TEST_DATABASE_URL is not set: PostgreSQL skipped (npm run bench:relay sets it).')
  }
  const rows: string[] = []
  const cell = (result: Load) =>
    `${result.perSecond.toFixed(0)} | ${result.p50.toFixed(1)} | ${result.p99.toFixed(1)}`
  for (const engine of engines) {
    for (const concurrency of concurrencies) {
      // Each on a fresh database, one after the other, so that neither runs on the other's rows;
      // with several rounds they take turns, so that the host's drift falls on both alike.
      const baselines: Load[] = []
      const relays: Load[] = []
      for (let round = 0; round < rounds; round += 1) {
        baselines.push(await measureServer(() => startBaseline(engine), concurrency))
        relays.push(
          await measureServer(() => startAcceptingRelay(engine, leadJournal), concurrency),
        )
      }
      const baseline = medianLoad(baselines)
      const relay = medianLoad(relays)
      const failed = relay.failed + baseline.failed
      rows.push(
        `| ${engineNames[engine]}${engine === 'embedded' && !leadJournal ? ', no journal' : ''} | ${concurrency} | ${cell(relay)} | ${relay.warmupP99.toFixed(1)} | ${cell(baseline)} | ${(relay.perSecond / baseline.perSecond).toFixed(2)} |` +
          (failed > 0 ? ` ${failed} not accepted` : ''),
      )
    }
  }
  console.log(
    [
      `Relay benchmark, ${new Date().toISOString().slice(0, 10)}: ${requests} leads per run after ${warmup} of warm-up at the same concurrency, loopback, ${availableParallelism()} cores, Node ${process.versions.node}` +
        (rounds > 1 ? `; medians of ${rounds} rounds taking turns` : ''),
      '',
      '| database | concurrent | relay leads/s | relay p50 ms | relay p99 ms | relay warm-up p99 ms | baseline leads/s | baseline p50 ms | baseline p99 ms | relay / baseline |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
      ...rows,
    ].join('\n'),
  )
}

/** A real relay process delivering to a local stand-in, both torn down after `run`. */
async function withRelay<T>(
  options: { env: Record<string, string>; targetDelayMs?: number },
  run: (relay: RelayProcess, target: ForwardTarget) => Promise<T>,
): Promise<T> {
  const distDir = await createFakeSite()
  const dataDir = await createTempDir('relay-bench-')
  const target = await startForwardTarget({ delayMs: options.targetDelayMs ?? 0 })
  const relay = await startRelayProcess({
    DIST_DIR: distDir,
    DATA_DIR: dataDir,
    LEAD_FORWARD_URL: target.url,
    LOG_LEVEL: 'warn',
    ...options.env,
  })
  try {
    return await run(relay, target)
  } finally {
    relay.child.kill('SIGTERM')
    await relay.exited
    await target.close()
    await rm(distDir, { recursive: true, force: true })
    await rm(dataDir, { recursive: true, force: true })
  }
}

const slowTargetMs = 1_000

/** Leads delivered per second to a webhook answering in 1 s, from the first post to the last 2xx. */
function deliveryThroughput(deliveryConcurrency: number, deliveredLeads: number): Promise<number> {
  const env = { DATABASE_URL: '', DELIVERY_CONCURRENCY: String(deliveryConcurrency) }
  return withRelay({ env, targetDelayMs: slowTargetMs }, async (relay, target) => {
    const started = performance.now()
    for (let index = 0; index < deliveredLeads; index += 1) {
      await postLeadTo(relay.url, validLead(), clientIp(index))
    }
    await waitFor(() => target.deliveredCounts().size === deliveredLeads, {
      timeoutMs: maxSeconds * 3 * 1_000,
      what: `${deliveredLeads} deliveries`,
    })
    return deliveredLeads / ((performance.now() - started) / 1_000)
  })
}

const exportedLeads = 50_000

/**
 * `npm run leads:export` of 50,000 leads from the embedded database while the server runs (it
 * answers the command over its socket): how long it takes, and the slowest `/healthz` meanwhile.
 */
async function exportWhileServing(): Promise<{ seconds: number; worstHealthMs: number }> {
  const dataDir = await createTempDir('relay-export-')
  const distDir = await createFakeSite()
  const db = await openDatabase({ databaseUrl: undefined, dataDir })
  await db.query(
    `INSERT INTO contacts (email, last_interaction_at)
     SELECT 'export-' || i || '@exemple.fr', now() FROM generate_series(1, $1::int) AS i`,
    [exportedLeads],
  )
  await db.query(
    `INSERT INTO leads (id, email, telephone, payload, consent_text, client_ip, user_agent)
     SELECT gen_random_uuid(), 'export-' || i || '@exemple.fr', '0612345678',
            jsonb_build_object('nom', 'Martin', 'prenom', 'Zoé', 'email', 'export-' || i || '@exemple.fr',
              'telephone', '0612345678', 'source', 'facebook_ads',
              'page_url', 'https://assurance.example/', 'timestamp', '2026-11-23T10:00:00.000Z',
              'consentement', true, 'consentement_texte', 'texte'),
            'texte', '203.0.113.9', 'Bench'
     FROM generate_series(1, $1::int) AS i`,
    [exportedLeads],
  )
  await db.close()
  const relay = await startRelayProcess({ DIST_DIR: distDir, DATA_DIR: dataDir, LOG_LEVEL: 'warn' })
  try {
    let exporting = true
    let worstHealthMs = 0
    const probe = (async () => {
      while (exporting) {
        const sent = performance.now()
        await (await fetch(`${relay.url}/healthz`)).arrayBuffer()
        worstHealthMs = Math.max(worstHealthMs, performance.now() - sent)
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
    })()
    const started = performance.now()
    // Spawned, not spawnSync: the probe above must keep running meanwhile.
    const exporter = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'server/commands/leads-cli.ts',
        'export',
        '--out',
        `${dataDir}/export.csv`,
      ],
      { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, stdio: 'ignore' },
    )
    const code = await new Promise<number | null>((resolve) => exporter.once('exit', resolve))
    const seconds = (performance.now() - started) / 1_000
    exporting = false
    await probe
    if (code !== 0) throw new Error(`leads:export failed with exit code ${code}`)
    return { seconds, worstHealthMs }
  } finally {
    relay.child.kill('SIGTERM')
    await relay.exited
    await rm(distDir, { recursive: true, force: true })
    await rm(dataDir, { recursive: true, force: true })
  }
}

/** The export's figure alone: `tsx scripts/bench-relay.ts export`. */
async function printExport(): Promise<void> {
  const exported = await exportWhileServing()
  console.log(
    `\nleads:export of ${exportedLeads} leads while the server runs (embedded database): ` +
      `${exported.seconds.toFixed(1)} s, slowest /healthz meanwhile ${exported.worstHealthMs.toFixed(0)} ms`,
  )
}

async function main(): Promise<void> {
  const args = process.argv.slice(2)
  const part = args.find((arg) => !arg.startsWith('--'))
  if (part === 'export') return printExport()
  await acceptance(!args.includes('--no-journal'))
  if (part === 'accept') return
  const concurrent = await deliveryThroughput(16, 160)
  const sequential = await deliveryThroughput(1, 15)
  console.log(
    [
      '',
      `Delivery to a webhook answering in ${slowTargetMs} ms (embedded database):`,
      '',
      '| DELIVERY_CONCURRENCY | leads | leads delivered/s |',
      '| --- | ---: | ---: |',
      `| 16 (default) | 160 | ${concurrent.toFixed(1)} |`,
      `| 1 (one at a time) | 15 | ${sequential.toFixed(1)} |`,
    ].join('\n'),
  )
  await printExport()
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
