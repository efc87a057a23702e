import type { FastifyInstance } from 'fastify'
import { sendFieldErrors } from './api-errors'
import { parsePageView } from './parse-page-view'
import type { ApiRouteOptions, RelayServices } from './relay-services'

/** `POST /api/page-views`: checked, answered at once, then forwarded best-effort. */
export function registerPageViewRoute(
  app: FastifyInstance,
  services: RelayServices,
  routeOptions: ApiRouteOptions,
): void {
  app.post('/api/page-views', routeOptions, async (request, reply) => {
    const parsed = parsePageView(request.body)
    if (!parsed.ok) return sendFieldErrors(reply, 'Invalid page view', parsed.errors)
    services.pageViews?.forward(parsed.payload)
    return reply.code(202).send({ status: 'accepted' })
  })
}
