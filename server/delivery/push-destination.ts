/**
 * Web Push to every advisor's subscribed device (destination `push`): each lead, and each
 * escalation, encrypted for each device (RFC 8291 `aes128gcm`) and signed with the relay's VAPID
 * key (RFC 8292) by the `web-push` package (docs/decisions/0010-web-push.md).
 *
 * The devices are read when the delivery runs, not when the lead is stored: a lead that arrives
 * while none is subscribed is delivered at once with nothing to do, rather than parked for ever.
 * A push service answering 404 or 410 has forgotten that device: its subscription is removed.
 * 429, 5xx and network errors are retried (the whole delivery, to every device: the notification's
 * `tag` and the push service's `Topic` make a second copy replace the first, not add to it). Any
 * other refusal (a 403 when the VAPID keys changed since the device subscribed, RFC 8292 §4.2)
 * parks the delivery only when no device got the push; otherwise it is logged.
 */
import type { Agent } from 'node:https'
import type { FastifyBaseLogger } from 'fastify'
import webPush from 'web-push'
import { leadCardPath } from '../../common/back-office/back-office-routes'
import type { Sql } from '../storage/database'
import {
  allSubscriptions,
  dropSubscription,
  type StoredSubscription,
} from '../storage/push-subscriptions'
import type { BrokerNotice, DeliveryOutcome, Destination } from './destination'
import { permanentFailure, temporaryFailure } from './destination'
import { leadNotification } from './lead-notification'
import type { VapidKeys } from './vapid-keys'
import { describeFailure } from './post-json'

/**
 * How long a push service keeps a notification for a phone that is off: a night (a lead of the
 * evening still shows in the morning); past that the call list is where an advisor looks.
 */
export const pushTtlSeconds = 12 * 60 * 60

export interface PushOptions {
  db: Sql
  keys: VapidKeys
  /** `mailto:` or `https:`, where a push service can reach the broker (RFC 8292 §2.1). */
  subject: string
  /** The site's public address, for the card's absolute URL. */
  siteUrl: string
  timeoutMs: number
  log: FastifyBaseLogger
  /** Tests trust their stand-in's certificate through it; production uses Node's defaults. */
  agent?: Agent | undefined
}

export type DeviceOutcome = 'sent' | 'gone' | { permanent: boolean; reason: string }

/** The push service's host only: an endpoint's path is the device's capability. */
const hostOf = (endpoint: string) => {
  try {
    return new URL(endpoint).host
  } catch {
    return 'an invalid endpoint'
  }
}

/**
 * Sends one payload to one device; a device its push service no longer knows is removed. Also
 * what the agreed callbacks' reminders (callback-reminders.ts) send with.
 */
export function pushSender(options: Omit<PushOptions, 'siteUrl'>) {
  const { db, log } = options
  const vapidDetails = { subject: options.subject, ...options.keys }

  return async function sendTo(
    subscription: StoredSubscription,
    payload: string,
    topic: string,
  ): Promise<DeviceOutcome> {
    const host = hostOf(subscription.endpoint)
    try {
      await webPush.sendNotification(
        {
          endpoint: subscription.endpoint,
          keys: { p256dh: subscription.p256dh, auth: subscription.auth },
        },
        payload,
        {
          vapidDetails,
          TTL: pushTtlSeconds,
          urgency: 'high',
          topic,
          contentEncoding: 'aes128gcm',
          timeout: options.timeoutMs,
          ...(options.agent ? { agent: options.agent } : {}),
        },
      )
      return 'sent'
    } catch (error) {
      if (!(error instanceof webPush.WebPushError)) {
        return {
          permanent: false,
          reason: `push to ${host}: ${describeFailure(error, options.timeoutMs)}`,
        }
      }
      const status = error.statusCode
      if (status === 404 || status === 410) {
        if (await dropSubscription(db, subscription.id)) {
          log.info(
            { subscription: subscription.id, pushService: host, status },
            'push subscription removed: the push service no longer knows that device',
          )
        }
        return 'gone'
      }
      return {
        permanent: !(status === 429 || status >= 500),
        reason: `push to ${host}: HTTP ${status}`,
      }
    }
  }
}

export function pushDestination(options: PushOptions): Destination {
  const { db, log } = options
  const sendTo = pushSender(options)
  return {
    name: 'push',
    events: ['lead', 'escalation'],
    async send(job): Promise<DeliveryOutcome> {
      const subscriptions = await allSubscriptions(db)
      if (subscriptions.length === 0) return { ok: true }
      const payload = JSON.stringify(
        leadNotification(job.payload, {
          leadId: job.leadId,
          cardUrl: `${options.siteUrl}${leadCardPath(job.leadId)}`,
          escalation: job.event === 'escalation',
          requestNumber: job.personRequest?.number,
        }),
      )
      // RFC 8030 §5.4: at most 32 base64url characters; a lead's id without its dashes is.
      const topic = job.leadId.replaceAll('-', '')
      const outcomes = await Promise.all(subscriptions.map((one) => sendTo(one, payload, topic)))
      const failures = outcomes.filter((outcome) => typeof outcome === 'object')
      if (failures.length === 0) return { ok: true }
      const reason = [...new Set(failures.map((failure) => failure.reason))].join('; ')
      if (failures.some((failure) => !failure.permanent)) return temporaryFailure(reason)
      // The going-live check asks whether every device answered: one refusal is its answer.
      if (job.payload.est_test) return permanentFailure(reason)
      // Refused for good by some devices' services while others took it: the lead reached the
      // advisors it could, and parking it would hide that behind one broken device and, at each
      // replay, push it again to every other phone. The refusal is logged for the operator.
      if (outcomes.some((outcome) => outcome === 'sent')) {
        log.warn(
          { lead: job.leadId, refused: failures.length, of: subscriptions.length, reason },
          'push refused for good by some devices; delivered to the others',
        )
        return { ok: true }
      }
      return permanentFailure(reason)
    },
    async tellBroker(notice: BrokerNotice): Promise<DeliveryOutcome> {
      const subscriptions = await allSubscriptions(db)
      if (subscriptions.length === 0) return permanentFailure('no device subscribed')
      const payload = JSON.stringify(notice)
      const topic = notice.tag.replace(/[^A-Za-z0-9]/g, '').slice(0, 32)
      const outcomes = await Promise.all(subscriptions.map((one) => sendTo(one, payload, topic)))
      if (outcomes.some((outcome) => outcome === 'sent')) return { ok: true }
      const failures = outcomes.filter((outcome) => typeof outcome === 'object')
      return permanentFailure(failures.map((failure) => failure.reason).join('; ') || 'no device')
    },
  }
}
