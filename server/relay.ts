/**
 * The whole server behind `npm start`, wired together: database, HTTP app, outbox worker,
 * page-view forwarding, the daily retention purge and the command socket. `close()` (and SIGTERM
 * through it) stops in order: no new requests, requests in flight answered, the delivery under
 * way finished, then the database closed.
 */
import type { FastifyInstance } from 'fastify'
import type { RelayServices } from './api/relay-services'
import { buildApp } from './app'
import { controlSocketPath, serveControlSocket } from './commands/control-socket'
import type { ServerConfig } from './config'
import type { BackoffPolicy } from './delivery/backoff'
import { startOutboxWorker, type OutboxWorker } from './delivery/outbox-worker'
import { createPageViewForwarder } from './delivery/page-view-forwarder'
import { purgeExpiredLeads } from './privacy/retention'
import type { Database } from './storage/database'
import { openDatabase } from './storage/open-database'

const dayMs = 24 * 60 * 60 * 1_000

export interface RelayOptions {
  logLevel?: string
  logStream?: { write(line: string): void }
  backoff?: BackoffPolicy
  pollMs?: number
  rateLimits?: RelayServices['rateLimits']
}

export interface Relay {
  app: FastifyInstance
  db: Database
  /** Listens on the configured port and host; resolves with the address. */
  listen(): Promise<string>
  close(): Promise<void>
}

export async function startRelay(config: ServerConfig, options: RelayOptions = {}): Promise<Relay> {
  let app: FastifyInstance | undefined
  const db = await openDatabase(config, {
    onIdleError: (error) => app?.log.error({ err: error }, 'idle database connection failed'),
  })
  let worker: OutboxWorker | undefined
  const services: RelayServices = {
    db,
    onLeadStored: () => worker?.wake(),
    pageViews: undefined,
    forwardingEnabled: config.leadForwardUrl !== undefined,
    rateLimits: options.rateLimits,
  }
  try {
    app = await buildApp(config, services, {
      logLevel: options.logLevel,
      logStream: options.logStream,
    })
  } catch (error) {
    await db.close()
    throw error
  }
  const log = app.log
  if (config.pageViewForwardUrl) {
    services.pageViews = createPageViewForwarder({
      url: config.pageViewForwardUrl,
      timeoutMs: config.forwardTimeoutMs,
      log,
    })
  }
  if (config.leadForwardUrl) {
    worker = startOutboxWorker({
      db,
      targetUrl: config.leadForwardUrl,
      log,
      timeoutMs: config.forwardTimeoutMs,
      backoff: options.backoff,
      pollMs: options.pollMs,
    })
  } else {
    log.warn('LEAD_FORWARD_URL is not set: leads are stored and kept queued until it is')
  }

  const purge = () =>
    purgeExpiredLeads(db).then(
      (count) => log.info({ deleted: count }, 'retention purge done'),
      (error: unknown) => log.error({ err: error }, 'retention purge failed'),
    )
  let purging = purge()
  const purgeTimer = setInterval(() => (purging = purge()), dayMs).unref()

  // Without the socket the relay still works; only the lead commands must wait for a stop.
  const closeSocket =
    db.kind === 'embedded'
      ? await serveControlSocket(controlSocketPath(config.dataDir), db, log).catch(
          (error: unknown) => {
            log.warn(
              { err: error },
              'command socket unavailable: stop the server to run lead commands',
            )
            return undefined
          },
        )
      : undefined

  app.addHook('onClose', async () => {
    clearInterval(purgeTimer)
    await purging
    await worker?.stop()
    await services.pageViews?.drain()
    await closeSocket?.()
    await db.close()
    log.info('relay stopped')
  })

  const ready = app
  return {
    app: ready,
    db,
    listen: () => ready.listen({ port: config.port, host: config.host }),
    close: () => ready.close(),
  }
}
