import type { onRequestHookHandler } from 'fastify'
import type { ErasureLog } from '../backup/erasure-log'
import type { DeliveryPlan } from '../delivery/destinations'
import type { PageViewForwarder } from '../delivery/page-view-forwarder'
import type { Database } from '../storage/database'
import type { WriteHealth } from '../storage/write-health'
import type { UntrustedProxyWatch } from '../untrusted-proxy-watch'
import type { RateLimitPolicy, SharedRateLimiter } from './rate-limiter'

/** What the API routes need from the rest of the relay; tests pass their own. */
export interface RelayServices {
  db: Database
  /** Told after each stored lead, so that delivery starts without waiting for the next poll. */
  onLeadStored: () => void
  /** `undefined` when no `PAGE_VIEW_FORWARD_URL` is set: page views are then checked and dropped. */
  pageViews: PageViewForwarder | undefined
  deliveries: DeliveryPlan
  /** Lead inserts that failed lately, for the health check; absent in tests that need none. */
  writes?: WriteHealth | undefined
  /** Where the back-office's erasures are recorded (BACKUP_DIR/erasures.jsonl). */
  erasures: ErasureLog
  /** Signs and checks the consent-withdrawal links and the back-office's device cookies. */
  appSecret: string
  /** The VAPID public key the back-office's devices subscribe with; absent in tests of other routes. */
  pushPublicKey?: string
  /** Serves the day's request count (`GET /api/activity`): the site shows it (`activityCounter: real`). */
  activityCount?: boolean
  /** The clock back-office sessions are timed by (tests move it); the real one when absent. */
  now?: () => Date
  /** Notes X-Forwarded-For from a proxy TRUST_PROXY does not trust, for the log and /healthz. */
  untrustedProxies?: UntrustedProxyWatch
  /** Leads counted per client across instances (PostgreSQL); in memory per instance without. */
  sharedLeadLimiter?: SharedRateLimiter | undefined
  /** `HEALTH_TOKEN`: `/healthz` shows its details only to a request carrying it. */
  healthToken?: string | undefined
  rateLimits?:
    { leads: RateLimitPolicy; pageViews: RateLimitPolicy; funnel?: RateLimitPolicy } | undefined
}

export interface ApiRouteOptions {
  bodyLimit: number
  onRequest: onRequestHookHandler
}
