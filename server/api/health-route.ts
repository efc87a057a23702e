import { timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  deliveryBacklog,
  stalePendingSeconds,
  type DestinationBacklog,
} from '../delivery/deliveries'
import { probeWrite } from '../storage/write-health'
import type { RelayServices } from './relay-services'

const databaseTimeoutMs = 3_000

/**
 * `GET /healthz`: 503 when the database does not answer, or does not take writes (a write probe
 * fails, or the last leads could not be stored), with the reason. Otherwise 200 with the backlog per
 * destination, and `"status": "degraded"` (nothing a restart would mend) when a delivery is
 * parked, one has been pending over 15 minutes, or no destination is configured at all; and
 * `warnings` about the configuration when there are some (a proxy TRUST_PROXY does not trust).
 * With `HEALTH_TOKEN` set, all but `status` goes only to a request with `Authorization: Bearer
 * <token>`: the backlog tells a stranger which channels the broker uses and when they fail.
 */
export function registerHealthRoute(app: FastifyInstance, services: RelayServices): void {
  // Polled every few seconds by orchestrators: only failures are worth a log line.
  app.get('/healthz', { logLevel: 'warn' }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store')
    const detailed = mayReadDetails(request, services.healthToken)
    // A reverse proxy must not hand one caller's detailed answer to another.
    if (services.healthToken) reply.header('Vary', 'Authorization')
    const send = (code: number, body: { status: string } & Record<string, unknown>) =>
      reply.code(code).send(detailed ? body : { status: body.status })
    let timer: NodeJS.Timeout | undefined
    try {
      const [backlog, writeFailure] = await Promise.race([
        Promise.all([
          deliveryBacklog(services.db),
          probeWrite(services.db).then(
            () => services.writes?.problem(),
            (error: unknown) =>
              `the database refuses writes: ${error instanceof Error ? error.message : String(error)}`,
          ),
        ]),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('database timeout')), databaseTimeoutMs)
        }),
      ])
      if (writeFailure) {
        request.log.error({ reason: writeFailure }, 'health check: leads cannot be stored')
        return send(503, { status: 'unavailable', database: 'not writable', reason: writeFailure })
      }
      const { active, queued } = services.deliveries
      const empty: DestinationBacklog = { pending: 0, parked: 0, oldestPendingSeconds: 0 }
      const names = [...new Set([...queued, ...active, ...Object.keys(backlog)])]
      const destinations = Object.fromEntries(
        names.map((name) => [name, { active: active.includes(name), ...(backlog[name] ?? empty) }]),
      )
      const all = Object.values(destinations)
      // A destination that is off (the webhook before LEAD_FORWARD_URL is set) is not failing.
      const working = all.filter((entry) => entry.active)
      // `push` is always on but reaches only the devices advisors subscribed: not a configuration.
      const configured = active.filter((name) => name !== 'push')
      const reasons = [
        ...(configured.length === 0 ? ['no destination is configured'] : []),
        ...(working.some((entry) => entry.parked > 0) ? ['a delivery is parked'] : []),
        ...(working.some((entry) => entry.oldestPendingSeconds > stalePendingSeconds)
          ? ['a delivery has been pending for over 15 minutes']
          : []),
      ]
      const warnings = services.untrustedProxies?.warnings() ?? []
      return send(200, {
        status: reasons.length > 0 ? 'degraded' : 'ok',
        ...(reasons.length > 0 ? { reasons } : {}),
        // Settings to look at, that leave the leads' way alone: not a reason to be degraded.
        ...(warnings.length > 0 ? { warnings } : {}),
        database: services.db.kind,
        destinations,
        outbox: {
          pending: all.reduce((sum, entry) => sum + entry.pending, 0),
          oldestSeconds: Math.max(0, ...all.map((entry) => entry.oldestPendingSeconds)),
        },
      })
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable')
      return send(503, { status: 'unavailable', database: 'unreachable' })
    } finally {
      clearTimeout(timer)
    }
  })
}

function mayReadDetails(request: FastifyRequest, token: string | undefined): boolean {
  if (!token) return true
  const given = Buffer.from(/^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '')
  const expected = Buffer.from(token)
  return given.length === expected.length && timingSafeEqual(given, expected)
}
