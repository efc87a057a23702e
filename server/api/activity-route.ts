import type { FastifyInstance, onRequestHookHandler } from 'fastify'
import { activityPath, type ActivityReport } from '../../common/activity-contract'
import { readDayRequests } from '../storage/funnel-counts'
import type { RelayServices } from './relay-services'

/** Every visitor of the landing page asks once; a minute's staleness is worth a cache's help. */
const cacheSeconds = 60

/**
 * `GET /api/activity`: the day's number of requests, for the landing page's counter when the site
 * is built with `activityCounter: real`. Registered only then: a broker who shows no count does not
 * publish its daily volume either.
 */
export function registerActivityRoute(
  app: FastifyInstance,
  services: RelayServices,
  onRequest: onRequestHookHandler,
): void {
  app.get(activityPath, { onRequest }, async (_request, reply): Promise<ActivityReport> => {
    reply.header('Cache-Control', `public, max-age=${cacheSeconds}`)
    return readDayRequests(services.db)
  })
}
