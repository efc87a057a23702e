/**
 * `/admin/api/push-subscriptions`: an advisor turns Web Push on for a device (POST, the browser's
 * `PushSubscription` JSON), lists their own devices with the key to subscribe with (GET), and
 * turns one off (DELETE with its endpoint). Each change is audited with the push service's host
 * only: an endpoint is the device's address, worth nothing to the audit's reader.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { PushSettings } from '../../common/back-office/screens-api'
import type { AdminUser } from '../accounts/admin-sessions'
import {
  removeSubscription,
  saveSubscription,
  subscriptionsOf,
  type BrowserSubscription,
} from '../storage/push-subscriptions'
import { isP256Point } from '../delivery/vapid-keys'
import type { AdminScreensDeps } from './screens-api'

export const pushSubscriptionsPath = '/admin/api/push-subscriptions'

/** Push services' endpoints run to a few hundred characters; a browser's user agent to ~300. */
const maxEndpointLength = 2048
const maxUserAgentLength = 400

/** The screens' own guards and audit, and the key browsers subscribe with. */
export type PushSubscriptionsDeps = Pick<
  AdminScreensDeps,
  'db' | 'requireAdminApi' | 'requireSameOrigin' | 'audit'
> & { publicKey: string }

class BadSubscription extends Error {}

const refused = 'Abonnement aux notifications invalide\u00a0: réactivez-les depuis ce navigateur.'

function objectOf(value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new BadSubscription(refused)
  }
  return value as Record<string, unknown>
}

/** An https address a push service could be at, without credentials or control characters. */
function endpointOf(value: unknown): string {
  if (typeof value !== 'string' || value.length > maxEndpointLength || /[\s\0]/.test(value)) {
    throw new BadSubscription(refused)
  }
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new BadSubscription(refused)
  }
  if (url.protocol !== 'https:' || url.username || url.password) throw new BadSubscription(refused)
  return value
}

function bytesOf(value: unknown, length: number): Buffer {
  if (typeof value !== 'string' || !/^[A-Za-z0-9_-]+={0,2}$/.test(value)) {
    throw new BadSubscription(refused)
  }
  const bytes = Buffer.from(value.replace(/=+$/, ''), 'base64url')
  if (bytes.length !== length) throw new BadSubscription(refused)
  return bytes
}

/** RFC 8291 §3: `p256dh` an uncompressed P-256 point on the curve, `auth` 16 bytes. */
export function parseBrowserSubscription(body: unknown): BrowserSubscription {
  const subscription = objectOf(body)
  const endpoint = endpointOf(subscription.endpoint)
  const keys = objectOf(subscription.keys)
  if (!isP256Point(bytesOf(keys.p256dh, 65))) throw new BadSubscription(refused)
  bytesOf(keys.auth, 16)
  return { endpoint, p256dh: String(keys.p256dh), auth: String(keys.auth) }
}

function userOf(request: FastifyRequest): AdminUser {
  if (!request.adminUser) throw new Error('admin route reached without an admin session')
  return request.adminUser
}

function userAgentOf(request: FastifyRequest): string | null {
  const agent = request.headers['user-agent']?.replace(/\p{Cc}/gu, '').trim()
  return agent ? agent.slice(0, maxUserAgentLength) : null
}

const pushServiceOf = (endpoint: string) => new URL(endpoint).host

export function registerPushSubscriptionsApi(
  scope: FastifyInstance,
  deps: PushSubscriptionsDeps,
): void {
  void scope.register(async (app) => {
    const { db } = deps
    const read = { preHandler: [deps.requireAdminApi] }
    const write = { preHandler: [deps.requireAdminApi, deps.requireSameOrigin] }

    app.get(pushSubscriptionsPath, read, async (request): Promise<PushSettings> => {
      const user = userOf(request)
      return { publicKey: deps.publicKey, subscriptions: await subscriptionsOf(db, user.id) }
    })

    app.post(pushSubscriptionsPath, write, async (request, reply) => {
      const user = userOf(request)
      const subscription = parseBrowserSubscription(request.body)
      const saved = await db.transaction(async (tx) => {
        const result = await saveSubscription(tx, user.id, subscription, userAgentOf(request))
        await deps.audit(tx, user, 'notifications.activees', {
          appareil: result.entry.id,
          service: pushServiceOf(subscription.endpoint),
        })
        return result
      })
      return reply.code(saved.created ? 201 : 200).send(saved.entry)
    })

    app.delete(pushSubscriptionsPath, write, async (request, reply) => {
      const user = userOf(request)
      const endpoint = endpointOf(objectOf(request.body).endpoint)
      const removed = await db.transaction(async (tx) => {
        const id = await removeSubscription(tx, user.id, endpoint)
        if (id) {
          await deps.audit(tx, user, 'notifications.desactivees', {
            appareil: id,
            service: pushServiceOf(endpoint),
          })
        }
        return id
      })
      if (!removed) {
        return reply
          .code(404)
          .send({ error: 'Cet appareil ne reçoit pas les notifications de ce compte.' })
      }
      return reply.code(204).send()
    })

    app.setErrorHandler((error, request, reply) => {
      if (error instanceof BadSubscription) return reply.code(400).send({ error: error.message })
      const status = (error as { statusCode?: number }).statusCode ?? 500
      if (status < 500) return reply.code(status).send({ error: 'Requête invalide.' })
      request.log.error({ err: error }, 'push subscription request failed')
      return reply.code(500).send({ error: 'Erreur interne\u00a0: réessayez dans un instant.' })
    })
  })
}
