/**
 * Delivers stored leads to the forward target, oldest due first, until it answers OK. Each lead's
 * id travels as the `Idempotency-Key` header, so a target that saw an attempt whose answer was lost
 * (timeout, crash before the outbox row was cleared) can recognise the retry.
 */
import { randomUUID } from 'node:crypto'
import { hostname } from 'node:os'
import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../storage/database'
import { defaultBackoff, retryDelayMs, type BackoffPolicy } from './backoff'
import { claimDueLeads, markDelivered, scheduleRetry, type ClaimedLead } from './outbox'
import { postJson } from './post-json'

export interface OutboxWorkerOptions {
  db: Database
  targetUrl: string
  log: FastifyBaseLogger
  timeoutMs: number
  backoff?: BackoffPolicy
  batchSize?: number
  /** How often an idle worker looks for due leads stored by other instances or retries. */
  pollMs?: number
}

export interface OutboxWorker {
  /** Looks for due leads now rather than at the next poll (called after a lead is stored). */
  wake(): void
  /** Stops claiming and resolves once the deliveries in progress have finished. */
  stop(): Promise<void>
}

export function startOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { db, targetUrl, log, timeoutMs } = options
  const backoff = options.backoff ?? defaultBackoff
  const batchSize = options.batchSize ?? 10
  const pollMs = options.pollMs ?? 1_000
  const owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`
  // Longer than any attempt, so a lease only runs out when its holder died.
  const leaseMs = timeoutMs * 2 + 5_000
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

  async function deliver(lead: ClaimedLead): Promise<void> {
    const started = performance.now()
    const failure = await postJson(targetUrl, lead.payload, {
      timeoutMs,
      headers: { 'Idempotency-Key': lead.leadId },
    })
    const context = { leadId: lead.leadId, attempt: lead.attempts }
    try {
      if (failure === undefined) {
        await markDelivered(db, lead.leadId, owner)
        log.info({ ...context, ms: Math.round(performance.now() - started) }, 'lead delivered')
      } else {
        const retryInMs = retryDelayMs(lead.attempts, backoff)
        await scheduleRetry(db, lead.leadId, owner, retryInMs, failure)
        log.warn({ ...context, reason: failure, retryInMs }, 'lead delivery failed')
      }
    } catch (error) {
      // The lease runs out and the lead is claimed again: delivered at least once, never lost.
      log.error({ ...context, err: error }, 'could not record the delivery outcome')
    }
  }

  async function loop(): Promise<void> {
    let claimFailures = 0
    while (running) {
      let claimed: ClaimedLead[]
      try {
        claimed = await claimDueLeads(db, owner, leaseMs, batchSize)
        claimFailures = 0
      } catch (error) {
        claimFailures += 1
        log.error({ err: error }, 'outbox claim failed')
        await sleep(retryDelayMs(claimFailures, { baseMs: pollMs, maxMs: 30_000 }))
        continue
      }
      if (claimed.length === 0) await sleep(pollMs)
      else await Promise.all(claimed.map(deliver))
    }
  }

  const done = loop()
  return {
    wake() {
      if (interrupt) interrupt()
      else woken = true
    },
    async stop() {
      running = false
      interrupt?.()
      await done
    },
  }
}
