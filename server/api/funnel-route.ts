import type { FastifyInstance } from 'fastify'
import { funnelPath, parseFunnelReport } from '../../common/funnel-contract'
import { countFunnelStep } from '../storage/funnel-counts'
import { sendFieldErrors } from './api-errors'
import type { ApiRouteOptions, RelayServices } from './relay-services'

/**
 * `POST /api/funnel`: one step of the landing page's funnel, counted for the day, campaign and
 * ad. Sent with `navigator.sendBeacon`, hence `text/plain`; the answer is never read. Only the
 * step, campaign and ad reach the count: the request's address and browser are not stored.
 */
export function registerFunnelRoute(
  app: FastifyInstance,
  services: RelayServices,
  routeOptions: ApiRouteOptions,
): void {
  app.post(funnelPath, routeOptions, async (request, reply) => {
    const parsed = parseFunnelReport(request.body)
    if (!parsed.ok) return sendFieldErrors(reply, 'Invalid funnel report', parsed.errors)
    await countFunnelStep(services.db, parsed.step, parsed.origin)
    return reply.code(204).send()
  })
}
