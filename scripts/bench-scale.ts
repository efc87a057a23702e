/**
 * `npm run bench:scale`: one instance, then two, on one PostgreSQL (fsync on) behind Caddy with
 * deploy/Caddyfile, as a broker scaling out would run them. Posts leads over HTTPS through Caddy,
 * `BENCH_CONCURRENCY` at a time (default 16), `BENCH_SCALE_LEADS` in all (default 3,000), from 400
 * client addresses of the loopback network, a kept-alive connection each (so that the relay's
 * per-client budget counts visitors, not the benchmark), and prints for each: leads
 * acknowledged per second, the p50 and p99 of the answer, and the time from the 202 to the
 * webhook (median, p99). With two, one instance is killed (SIGKILL) halfway: requests it held then
 * fail and are counted apart; every acknowledged lead must still reach the webhook, and a lead
 * may reach it twice only if its delivery was in flight at the kill. Exits non-zero when an
 * acknowledged lead is lost.
 */
import { readFile, rm } from 'node:fs/promises'
import { Agent, request as httpsRequest } from 'node:https'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { findCaddy, startCaddy } from '../server/test-support/caddy'
import { createFakeSite, createTempDir } from '../server/test-support/fake-site'
import { startForwardTarget, type ForwardTarget } from '../server/test-support/forward-target'
import { validLead, waitFor } from '../server/test-support/lead-fixtures'
import {
  sharedInstanceEnv,
  startRelayProcess,
  type RelayProcess,
} from '../server/test-support/relay-process'
import { createPostgresDatabase, postgresUrl } from '../server/test-support/test-databases'
import { openPostgresDatabase } from '../server/storage/postgres-database'
import { percentile } from './bench/lead-load'
import { ensureServerBuild } from './bench/server-build'
import { countSetting, fromEnv } from './bench/settings'

const root = path.resolve(import.meta.dirname, '..')
const concurrency = fromEnv(countSetting, 'BENCH_CONCURRENCY', 16, 1)
const leadCount = fromEnv(countSetting, 'BENCH_SCALE_LEADS', 3_000, 10)
/** How long acknowledged leads may take to reach the webhook once the posting is over. */
const deliveryPatienceMs = 120_000

interface Posted {
  email: string
  status: number
  sentAt: number
  answeredAt: number
}

interface Run {
  instances: number
  seconds: number
  posted: Posted[]
  killedAt: number | undefined
}

/**
 * Visitors: one loopback address each (Linux routes all of 127.0.0.0/8 to the loopback
 * interface), leads spread over them in turn: 3,000 leads make 8 each, under a client's burst.
 */
const visitors = 400
const visitorAddress = (index: number) =>
  `127.0.${1 + Math.floor(index / 250)}.${(index % 250) + 1}`

async function runWith(caddyPath: string, instances: number, target: ForwardTarget): Promise<Run> {
  const database = await createPostgresDatabase()
  const distDir = await createFakeSite()
  const caddyDir = await createTempDir('scale-caddy-')
  const relays: RelayProcess[] = []
  const dataDirs: string[] = []
  try {
    for (let index = 0; index < instances; index += 1) {
      const dataDir = await createTempDir('scale-data-')
      dataDirs.push(dataDir)
      relays.push(
        await startRelayProcess(
          {
            ...sharedInstanceEnv,
            DIST_DIR: distDir,
            DATA_DIR: dataDir,
            DATABASE_URL: database.url,
            LEAD_FORWARD_URL: target.url,
            LOG_LEVEL: 'warn',
          },
          { built: true },
        ),
      )
    }
    const caddy = await startCaddy(
      caddyPath,
      await readFile(path.join(root, 'deploy/Caddyfile'), 'utf8'),
      {
        dir: caddyDir,
        relay: relays.map((relay) => new URL(relay.url).host).join(' '),
      },
    )
    const ca = await caddy.rootCertificate()
    const agents = Array.from(
      { length: visitors },
      (_, index) =>
        new Agent({ ca, keepAlive: true, maxSockets: 1, localAddress: visitorAddress(index) }),
    )
    const post = (index: number): Promise<Posted> => {
      const lead = validLead()
      const body = JSON.stringify(lead)
      const sentAt = performance.now()
      return new Promise((resolve) => {
        const done = (status: number) =>
          resolve({ email: String(lead.email), status, sentAt, answeredAt: performance.now() })
        const outgoing = httpsRequest(
          `${caddy.origin}/api/leads`,
          {
            method: 'POST',
            agent: agents[index % visitors],
            headers: {
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(body),
            },
          },
          (response) => {
            response.resume()
            response.on('end', () => done(response.statusCode ?? 0))
          },
        )
        outgoing.on('error', () => done(0))
        outgoing.end(body)
      })
    }
    await waitFor(
      () =>
        post(leadCount + 1).then(
          (warm) => warm.status === 202,
          () => false,
        ),
      { timeoutMs: 30_000, what: 'Caddy serving HTTPS' },
    )
    target.received.length = 0

    const posted: Posted[] = []
    let next = 0
    let killedAt: number | undefined
    const started = performance.now()
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < leadCount) {
          const index = next++
          if (instances > 1 && index === Math.floor(leadCount / 2)) {
            killedAt = performance.now()
            relays.at(-1)?.child.kill('SIGKILL')
          }
          posted.push(await post(index))
        }
      }),
    )
    const seconds = (performance.now() - started) / 1_000
    const waiting = new Set(posted.filter((one) => one.status === 202).map((one) => one.email))
    // A delivery the killed instance held comes back once its lease has run out.
    await waitFor(
      () => {
        for (const delivery of target.received) waiting.delete(String(delivery.body.email))
        return waiting.size === 0
      },
      { timeoutMs: deliveryPatienceMs, what: 'every acknowledged lead delivered' },
    ).catch(() => undefined)
    if (waiting.size > 0) {
      const db = openPostgresDatabase(database.url)
      const rows = await db.query<{ state: string; stored: string; count: string }>(
        `SELECT coalesce(d.state, 'no delivery') AS state, (l.id IS NOT NULL)::text AS stored,
                count(*)::text AS count
           FROM unnest($1::text[]) AS lost (email)
           LEFT JOIN leads AS l ON l.email = lost.email
           LEFT JOIN lead_deliveries AS d ON d.lead_id = l.id
          GROUP BY 1, 2`,
        [[...waiting]],
      )
      await db.close()
      console.log(
        `  not delivered: ${rows.map((row) => `${row.count} stored=${row.stored} ${row.state}`).join(', ')}`,
      )
    }
    for (const agent of agents) agent.destroy()
    await caddy.stop()
    return { instances, seconds, posted, killedAt }
  } finally {
    for (const relay of relays) {
      relay.child.kill('SIGTERM')
      await relay.exited
    }
    await database.drop()
    for (const dir of [distDir, caddyDir, ...dataDirs])
      await rm(dir, { recursive: true, force: true })
  }
}

function report(run: Run, target: ForwardTarget): string[] {
  const acknowledged = run.posted.filter((one) => one.status === 202)
  const failed = run.posted.length - acknowledged.length
  const answers = acknowledged.map((one) => one.answeredAt - one.sentAt).sort((a, b) => a - b)
  const firstArrival = new Map<string, number>()
  const arrivals = new Map<string, number>()
  for (const delivery of target.received) {
    const email = String(delivery.body.email)
    arrivals.set(email, (arrivals.get(email) ?? 0) + 1)
    if (!firstArrival.has(email)) firstArrival.set(email, delivery.receivedAt)
  }
  const lost = acknowledged.filter((one) => !firstArrival.has(one.email))
  const toWebhook = acknowledged
    .flatMap((one) => {
      const arrival = firstArrival.get(one.email)
      return arrival === undefined ? [] : [arrival - one.answeredAt]
    })
    .sort((a, b) => a - b)
  const twice = [...arrivals.values()].filter((count) => count > 1).length
  const ms = (value: number) => `${value.toFixed(1)} ms`
  return [
    `${run.instances} instance${run.instances > 1 ? 's' : ''}${run.killedAt ? ', one killed halfway' : ''}`,
    `  acknowledged ${acknowledged.length} of ${run.posted.length} (${failed} failed) in ${run.seconds.toFixed(1)} s: ${(acknowledged.length / run.seconds).toFixed(0)} leads/s`,
    `  answer        p50 ${ms(percentile(answers, 0.5))}   p99 ${ms(percentile(answers, 0.99))}`,
    `  202 → webhook median ${ms(percentile(toWebhook, 0.5))}   p99 ${ms(percentile(toWebhook, 0.99))}`,
    `  lost ${lost.length}   delivered twice ${twice}`,
  ]
}

async function main(): Promise<void> {
  if (!postgresUrl) {
    throw new Error('TEST_DATABASE_URL is not set: run `npm run bench:scale`, which starts one.')
  }
  const caddyPath = findCaddy()
  if (!caddyPath) {
    throw new Error(
      'Caddy is not installed: `sudo apt-get install caddy` (or `npx tsx scripts/ensure-caddy.ts` as root).',
    )
  }
  ensureServerBuild()
  console.log(
    `${leadCount} leads through Caddy over HTTPS, ${concurrency} at a time, on one PostgreSQL:`,
  )
  let lostAny = false
  for (const instances of [1, 2]) {
    const target = await startForwardTarget()
    try {
      const run = await runWith(caddyPath, instances, target)
      const lines = report(run, target)
      console.log(`\n${lines.join('\n')}`)
      if (!/lost 0 /.test(lines.at(-1) ?? '')) lostAny = true
    } finally {
      await target.close()
    }
  }
  if (lostAny) {
    console.error('\nAn acknowledged lead never reached the webhook.')
    process.exitCode = 1
  }
}

await main()
