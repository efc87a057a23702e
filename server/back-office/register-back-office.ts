/**
 * The broker's back-office under /admin, in a plugin scope of its own: its strict
 * Content-Security-Policy, no caching of anything but its hashed assets, the same-origin check on
 * every state-changing request, the login, the screens' API behind the session, and the pages.
 */
import type { FastifyInstance } from 'fastify'
import { parseJsonBodies, registerApiErrorHandler } from '../api/api-errors'
import type { RelayServices } from '../api/relay-services'
import type { ServerConfig } from '../config'
import { audit, requireAdminApi, requireSameOrigin } from '../accounts/admin-auth'
import { adminAssetsPrefix, registerAdminPages } from './back-office-pages'
import { registerAdminScreensApi } from './screens-api'
import { registerPushSubscriptionsApi } from './push-subscriptions-api'
import { registerLeadStatusApi } from './lead-status-api'
import { createAdminSessions } from '../accounts/admin-sessions'
import { createDeviceCookies } from '../accounts/device-cookies'
import { registerLoginRoutes } from '../accounts/login-routes'
import { createLoginThrottle } from '../accounts/login-throttle'
import { unknownAccountHash } from '../accounts/passwords'

/**
 * Scripts, styles and data from this server only; no inline code, no frames, no plugins. The
 * service worker and the manifest are this server's too (`worker-src` would otherwise fall back
 * to `script-src`, which says the same; written out so that nobody narrows one without the other).
 */
export const adminContentSecurityPolicy = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "worker-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ')

/** Logins and the screens' requests are small; a list's filters fit in far less. */
const adminBodyLimit = 16 * 1024

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS'])

export async function registerAdmin(
  app: FastifyInstance,
  config: Pick<
    ServerConfig,
    'adminDistDir' | 'adminSessionIdleMinutes' | 'adminSessionMaxDays' | 'publicUrl'
  >,
  services: RelayServices,
): Promise<void> {
  const { db } = services
  const sessions = createAdminSessions(db, {
    idleMinutes: config.adminSessionIdleMinutes,
    maxDays: config.adminSessionMaxDays,
    now: services.now,
  })
  const throttle = createLoginThrottle(db, services.appSecret)
  const devices = createDeviceCookies(services.appSecret)
  const sameOrigin = requireSameOrigin(config.publicUrl)
  const loggedIn = requireAdminApi(sessions)
  // Made now, so that the first login with an unknown email does not take twice as long.
  await unknownAccountHash()

  await app.register(async (admin) => {
    registerApiErrorHandler(admin)
    admin.addHook('onRequest', async (request, reply) => {
      if (!safeMethods.has(request.method)) return sameOrigin.call(admin, request, reply)
    })
    admin.addHook('onSend', async (request, reply) => {
      reply.header('Content-Security-Policy', adminContentSecurityPolicy)
      reply.header('Referrer-Policy', 'same-origin')
      reply.header('X-Robots-Tag', 'noindex, nofollow')
      if (!request.url.startsWith(adminAssetsPrefix)) reply.header('Cache-Control', 'no-store')
    })

    await admin.register(async (api) => {
      parseJsonBodies(api, adminBodyLimit)
      registerLoginRoutes(api, { db, sessions, throttle, devices })
      await api.register(async (screens) => {
        screens.addHook('preHandler', loggedIn)
        await registerAdminScreensApi(screens, {
          db,
          wakeDeliveries: () => services.onLeadStored(),
          erasures: services.erasures,
          requireAdminApi: loggedIn,
          requireSameOrigin: sameOrigin,
          audit,
          now: services.now,
        })
        registerLeadStatusApi(screens, {
          db,
          deliveries: services.deliveries,
          wakeDeliveries: () => services.onLeadStored(),
          requireAdminApi: loggedIn,
          requireSameOrigin: sameOrigin,
          audit,
        })
        if (services.pushPublicKey) {
          registerPushSubscriptionsApi(screens, {
            db,
            publicKey: services.pushPublicKey,
            requireAdminApi: loggedIn,
            requireSameOrigin: sameOrigin,
            audit,
          })
        }
        screens.all('/admin/api/*', async (_request, reply) =>
          reply.code(404).send({ error: 'Not Found' }),
        )
      })
    })

    await registerAdminPages(admin, { distDir: config.adminDistDir, sessions })
    // Expired sessions are deleted now and then; until then they open nothing.
    const sweep = setInterval(
      () =>
        void sessions
          .deleteExpired()
          .catch((error: unknown) => admin.log.error({ err: error }, 'session sweep failed')),
      60 * 60 * 1_000,
    ).unref()
    admin.addHook('onClose', async () => clearInterval(sweep))
  })
}
