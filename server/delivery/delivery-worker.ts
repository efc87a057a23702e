/**
 * Delivers what is queued, to every active destination, with at most `concurrency` deliveries in
 * flight: a freed slot claims the next due delivery at once, so one slow destination never holds
 * the others back, and each delivery is retried on its own until it succeeds or is parked.
 */
import { randomUUID } from 'node:crypto'
import { hostname } from 'node:os'
import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../storage/database'
import { defaultBackoff, retryDelayMs, type BackoffPolicy } from './backoff'
import { claimDueDeliveries, markDelivered, recordFailure } from './deliveries'
import type { DeliveryJob, DeliveryOutcome, Destination } from './destination'

export interface DeliveryWorkerOptions {
  db: Database
  destinations: readonly Destination[]
  log: FastifyBaseLogger
  /** Longest any destination may take over one attempt; the lease outlives it. */
  timeoutMs: number
  concurrency: number
  backoff?: BackoffPolicy | undefined
  /** How often an idle worker looks for due deliveries stored by other instances or retries. */
  pollMs?: number | undefined
  /** The clock that decides when temporary failures have lasted long enough to park. */
  now?: (() => Date) | undefined
}

export interface DeliveryWorker {
  /**
   * Looks for due deliveries within milliseconds rather than at the next poll (called after a lead
   * is stored). The leads of a burst share one claim: with the embedded database, which runs one
   * statement at a time, a claim per lead would sit between the inserts of the leads behind it.
   */
  wake(): void
  /** Stops claiming and resolves once the deliveries in flight have finished. */
  stop(): Promise<void>
}

export function startDeliveryWorker(options: DeliveryWorkerOptions): DeliveryWorker {
  const { db, log, concurrency } = options
  const backoff = options.backoff ?? defaultBackoff
  const pollMs = options.pollMs ?? 1_000
  const now = options.now ?? (() => new Date())
  const byName = new Map(options.destinations.map((destination) => [destination.name, destination]))
  const names = [...byName.keys()]
  const owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`
  const leaseMs = options.timeoutMs * 2 + 5_000
  const inFlight = new Set<Promise<void>>()
  let running = true
  let woken = false
  let interrupt: (() => void) | undefined

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (woken || !running) {
        woken = false
        resolve()
        return
      }
      const done = () => {
        clearTimeout(timer)
        interrupt = undefined
        resolve()
      }
      const timer = setTimeout(done, ms)
      interrupt = done
    })

  const wake = () => {
    if (interrupt) interrupt()
    else woken = true
  }
  // Under load, leads arrive and deliveries finish many at a time: one claim for all of them, a
  // few milliseconds later, costs the database far less than one claim each.
  let wakeTimer: NodeJS.Timeout | undefined
  const wakeSoon = () => {
    wakeTimer ??= setTimeout(() => {
      wakeTimer = undefined
      wake()
    }, 10)
  }

  async function attempt(destination: Destination, job: DeliveryJob): Promise<DeliveryOutcome> {
    try {
      return await destination.send(job)
    } catch (error) {
      // A destination's own bug must not lose the delivery: it is retried like a network error.
      return {
        ok: false,
        permanent: false,
        reason: error instanceof Error ? error.message : 'error',
      }
    }
  }

  async function deliver(job: DeliveryJob): Promise<void> {
    const destination = byName.get(job.destination)
    if (!destination) return
    const started = performance.now()
    const outcome = await attempt(destination, job)
    const context = {
      leadId: job.leadId,
      destination: job.destination,
      event: job.event,
      attempt: job.attempt,
    }
    try {
      if (outcome.ok) {
        await markDelivered(db, job, owner)
        log.info({ ...context, ms: Math.round(performance.now() - started) }, 'delivered')
        return
      }
      const delayMs = retryDelayMs(job.attempt, backoff)
      const state = await recordFailure(db, job, {
        owner,
        reason: outcome.reason,
        permanent: outcome.permanent,
        delayMs,
        now: now(),
      })
      if (state === 'parked') {
        log.error({ ...context, reason: outcome.reason }, 'delivery parked: replay it once fixed')
      } else {
        log.warn({ ...context, reason: outcome.reason, retryInMs: delayMs }, 'delivery failed')
      }
    } catch (error) {
      // The lease runs out and the delivery is claimed again: at least once, never lost.
      log.error({ ...context, err: error }, 'could not record the delivery outcome')
    }
  }

  async function loop(): Promise<void> {
    let claimFailures = 0
    while (running) {
      const free = concurrency - inFlight.size
      if (free > 0 && names.length > 0) {
        let claimed: DeliveryJob[]
        try {
          claimed = await claimDueDeliveries(db, {
            owner,
            leaseMs,
            limit: free,
            destinations: names,
          })
          claimFailures = 0
        } catch (error) {
          claimFailures += 1
          log.error({ err: error }, 'delivery claim failed')
          await sleep(retryDelayMs(claimFailures, { baseMs: pollMs, maxMs: 30_000 }))
          continue
        }
        for (const job of claimed) {
          const delivery: Promise<void> = deliver(job).finally(() => {
            inFlight.delete(delivery)
            wakeSoon()
          })
          inFlight.add(delivery)
        }
        // A full claim means more may be due: claim again as soon as a slot is free.
        if (claimed.length === free) continue
      }
      await sleep(pollMs)
    }
    await Promise.all(inFlight)
    clearTimeout(wakeTimer)
  }

  // With no destination nothing is ever claimed: no loop to wake after each lead.
  if (names.length === 0) return { wake: () => {}, stop: async () => {} }
  const done = loop()
  return {
    wake: wakeSoon,
    async stop() {
      running = false
      interrupt?.()
      await done
    },
  }
}
