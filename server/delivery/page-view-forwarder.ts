/**
 * Page views are forwarded best-effort, never stored: the spec lets them be lost (SPEC §8), and
 * keeping ad-click ids would be personal data to retain for nothing. At most `maxInFlight` are
 * sent at once; beyond that they are dropped, so a flood cannot pile up outgoing requests.
 */
import type { FastifyBaseLogger } from 'fastify'
import type { PageViewPayload } from '../../common/page-view-contract'
import { postJson } from './post-json'

export interface PageViewForwarder {
  forward(payload: PageViewPayload): void
  /** Resolves once the page views being sent have been answered or timed out. */
  drain(): Promise<void>
}

export function createPageViewForwarder(options: {
  url: string
  timeoutMs: number
  log: FastifyBaseLogger
  maxInFlight?: number
}): PageViewForwarder {
  const maxInFlight = options.maxInFlight ?? 16
  const inFlight = new Set<Promise<void>>()
  return {
    forward(payload) {
      if (inFlight.size >= maxInFlight) {
        options.log.warn('page view dropped: too many being forwarded')
        return
      }
      const sending = postJson(options.url, payload, { timeoutMs: options.timeoutMs }).then(
        (failure) => {
          if (failure) options.log.warn({ reason: failure }, 'page view forward failed')
        },
      )
      inFlight.add(sending)
      void sending.finally(() => inFlight.delete(sending))
    },
    async drain() {
      await Promise.allSettled([...inFlight])
    },
  }
}
