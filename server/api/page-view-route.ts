import type { FastifyInstance } from 'fastify'
import { containsNul, sendFieldErrors } from './api-errors'
import { parsePageView } from './parse-page-view'
import type { ApiRouteOptions, RelayServices } from './relay-services'

/** `POST /api/page-views`: checked, answered at once, then forwarded best-effort. */
export function registerPageViewRoute(
  app: FastifyInstance,
  services: RelayServices,
  routeOptions: ApiRouteOptions,
): void {
  app.post('/api/page-views', routeOptions, async (request, reply) => {
    const parsed = containsNul(request.body)
      ? ({ ok: false, errors: { body: 'Text must not contain U+0000' } } as const)
      : parsePageView(request.body)
    if (!parsed.ok) return sendFieldErrors(reply, 'Invalid page view', parsed.errors)
    services.pageViews?.forward(parsed.payload)
    return reply.code(202).send({ status: 'accepted' })
  })
}
