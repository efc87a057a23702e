/**
 * A token bucket per client (an address, or an IPv6 /64: see client-address.ts), in memory. Each
 * instance counts on its own, which is enough to stop one client's burst; the number of clients
 * remembered is capped, least recently seen forgotten first, so that a spray of addresses cannot
 * grow the memory without bound.
 */
export interface RateLimitPolicy {
  /** Requests a client may send in a burst. */
  burst: number
  /** Requests regained per second, up to `burst`. */
  perSecond: number
  maxClients?: number
}

export interface RateLimiter {
  /** Spends one request of `key`'s budget: `0` when allowed, else the seconds until one is. */
  take(key: string): number
}

export function createRateLimiter(
  policy: RateLimitPolicy,
  now: () => number = performance.now.bind(performance),
): RateLimiter {
  const maxClients = policy.maxClients ?? 50_000
  const buckets = new Map<string, { tokens: number; at: number }>()
  return {
    take(key) {
      const time = now()
      const previous = buckets.get(key)
      const elapsedSeconds = previous ? (time - previous.at) / 1_000 : 0
      const tokens = Math.min(
        policy.burst,
        previous ? previous.tokens + elapsedSeconds * policy.perSecond : policy.burst,
      )
      // Re-inserting keeps the Map in least-recently-seen order for the eviction below.
      buckets.delete(key)
      if (buckets.size >= maxClients) buckets.delete(buckets.keys().next().value as string)
      const allowed = tokens >= 1
      buckets.set(key, { tokens: allowed ? tokens - 1 : tokens, at: time })
      return allowed ? 0 : Math.ceil((1 - tokens) / policy.perSecond)
    },
  }
}

export const defaultRateLimits = {
  leads: { burst: 10, perSecond: 1 / 6 },
  pageViews: { burst: 30, perSecond: 1 },
  // Up to three reports per page load, and visitors of one mobile carrier may share an address.
  funnel: { burst: 60, perSecond: 2 },
} as const satisfies Record<string, RateLimitPolicy>
