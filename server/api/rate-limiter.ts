/**
 * A token bucket per client (an address, or an IPv6 /64: see client-address.ts). In memory by
 * default: each instance counts on its own, which is enough to stop one client's burst; the
 * number of clients remembered is capped, least recently seen forgotten first, so that a spray of
 * addresses cannot grow the memory without bound. Leads on PostgreSQL, where several instances may
 * share the traffic, are counted in the database instead (`createSharedRateLimiter`), so that a
 * client does not get one budget per instance; page views and funnel reports, many and harmless,
 * stay in memory.
 */
import { createHmac } from 'node:crypto'
import type { Sql } from '../storage/database'

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

/** A limiter whose verdict may take a database round trip. */
export interface SharedRateLimiter {
  take(key: string): Promise<number>
  /** Forgets the clients whose bucket has filled up again: they are as if never seen. */
  prune(): Promise<void>
}

/**
 * The same token bucket kept in PostgreSQL, so that several instances count a client's requests
 * together: one statement reads, refills and spends the bucket under the row's lock. The key is
 * an HMAC of the client's address under `secret`, so the table holds no address.
 */
export function createSharedRateLimiter(
  db: Sql,
  policy: RateLimitPolicy,
  { scope, secret }: { scope: string; secret: string },
): SharedRateLimiter {
  const refillSeconds = policy.burst / policy.perSecond
  return {
    async take(key) {
      const hashed = `${scope}:${createHmac('sha256', secret).update(key).digest('base64url')}`
      const [row] = await db.query<{ tokens: number; allowed: boolean }>(
        `INSERT INTO rate_limit_buckets AS b (key, tokens, at, allowed)
           VALUES ($1, $2::double precision - 1, clock_timestamp(), true)
         ON CONFLICT (key) DO UPDATE SET
           tokens = least($2, b.tokens + extract(epoch FROM clock_timestamp() - b.at) * $3)
                    - CASE WHEN least($2, b.tokens + extract(epoch FROM clock_timestamp() - b.at)
                                          * $3) >= 1 THEN 1 ELSE 0 END,
           allowed = least($2, b.tokens + extract(epoch FROM clock_timestamp() - b.at) * $3) >= 1,
           at = clock_timestamp()
         RETURNING tokens, allowed`,
        [hashed, policy.burst, policy.perSecond],
      )
      if (!row || row.allowed) return 0
      return Math.ceil((1 - row.tokens) / policy.perSecond)
    },
    async prune() {
      await db.query(
        `DELETE FROM rate_limit_buckets
          WHERE key LIKE $1 AND at < clock_timestamp() - make_interval(secs => $2)`,
        [`${scope}:%`, refillSeconds],
      )
    },
  }
}
