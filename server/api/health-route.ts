import type { FastifyInstance } from 'fastify'
import { outboxBacklog } from '../delivery/outbox'
import type { RelayServices } from './relay-services'

const databaseTimeoutMs = 3_000

/** `GET /healthz`: 200 when the database answers, with the delivery backlog; 503 otherwise. */
export function registerHealthRoute(app: FastifyInstance, services: RelayServices): void {
  // Polled every few seconds by orchestrators: only failures are worth a log line.
  app.get('/healthz', { logLevel: 'warn' }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store')
    let timer: NodeJS.Timeout | undefined
    try {
      const backlog = await Promise.race([
        outboxBacklog(services.db),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('database timeout')), databaseTimeoutMs)
        }),
      ])
      return {
        status: 'ok',
        database: services.db.kind,
        forwarding: services.forwardingEnabled ? 'enabled' : 'disabled',
        outbox: backlog,
      }
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable')
      return reply.code(503).send({ status: 'unavailable', database: 'unreachable' })
    } finally {
      clearTimeout(timer)
    }
  })
}
