import type { FastifyInstance, onRequestHookHandler } from 'fastify'
import { registerActivityRoute } from './activity-route'
import { parseJsonBodies, registerApiErrorHandler } from './api-errors'
import { registerFunnelRoute } from './funnel-route'
import { clientAddress, rateLimitKey } from './client-address'
import { registerHealthRoute } from './health-route'
import { registerLeadRoute } from './lead-route'
import { registerPageViewRoute } from './page-view-route'
import { createRateLimiter, defaultRateLimits, type RateLimitPolicy } from './rate-limiter'
import type { RelayServices } from './relay-services'
import { registerWithdrawalRoute } from './withdrawal-route'

/** A lead is well under 3 KB; anything much larger is not one. */
export const apiBodyLimit = 16 * 1024

/** A funnel report is a step and two short ids: under 3 KB even with every character escaped. */
export const funnelBodyLimit = 4 * 1024

/**
 * Refuses a client's burst before its body is even read. A limiter in the database that cannot
 * answer lets the request through: losing a lead costs more than a burst let in.
 */
function limitRate(
  limiter: RateLimitPolicy | { take(key: string): Promise<number> },
): onRequestHookHandler {
  const bucket = 'burst' in limiter ? createRateLimiter(limiter) : limiter
  return async (request, reply) => {
    const waitSeconds = await Promise.resolve(
      bucket.take(rateLimitKey(clientAddress(request))),
    ).catch((error: unknown) => {
      request.log.warn({ err: error }, 'rate limit unavailable: request let through')
      return 0
    })
    if (waitSeconds > 0) {
      request.log.warn({ outcome: 'rate_limited' }, 'too many requests')
      return (
        reply
          .code(429)
          .header('Retry-After', String(waitSeconds))
          // A client this eager may be holding many connections: it gets no kept-alive one.
          .header('Connection', 'close')
          .send({ error: 'Too many requests' })
      )
    }
  }
}

/** The relay's HTTP API, in its own plugin scope so its JSON errors do not touch the site's pages. */
export async function registerApi(app: FastifyInstance, services: RelayServices): Promise<void> {
  const limits = services.rateLimits ?? defaultRateLimits
  await app.register(async (api) => {
    registerApiErrorHandler(api)
    // Only page views and funnel reports may come as text/plain (`no-cors` fetch and sendBeacon
    // allow no other type): a lead must not be postable by a cross-site form.
    parseJsonBodies(api, apiBodyLimit)
    registerLeadRoute(api, services, {
      bodyLimit: apiBodyLimit,
      onRequest: limitRate(services.sharedLeadLimiter ?? limits.leads),
    })
    await api.register(async (pageViews) => {
      parseJsonBodies(pageViews, apiBodyLimit, { plainText: true })
      registerPageViewRoute(pageViews, services, {
        bodyLimit: apiBodyLimit,
        onRequest: limitRate(limits.pageViews),
      })
    })
    await api.register(async (funnel) => {
      parseJsonBodies(funnel, funnelBodyLimit, { plainText: true })
      registerFunnelRoute(funnel, services, {
        bodyLimit: funnelBodyLimit,
        onRequest: limitRate(limits.funnel ?? defaultRateLimits.funnel),
      })
    })
    if (services.activityCount) {
      registerActivityRoute(api, services, limitRate(limits.funnel ?? defaultRateLimits.funnel))
    }
    registerHealthRoute(api, services)
  })
  // French pages, not JSON: a scope of their own, with the form parser only they need.
  await app.register(async (pages) => {
    registerWithdrawalRoute(pages, services, limitRate(limits.leads))
  })
}
