/**
 * Each lead pushed to every advisor's device through a push service stand-in over HTTPS on
 * loopback, on both databases: what the device decrypts with its own keys, what the VAPID header
 * claims, the headers, a device the service forgot, and an outage survived with nothing lost.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { leadCardPath } from '../../common/back-office/back-office-routes'
import { loggedInAdmin, type AdminClient } from '../test-support/admin-client'
import { validLead, waitFor } from '../test-support/lead-fixtures'
import {
  decryptPush,
  newDeviceKeys,
  readVapidHeader,
  startPushServiceStandIn,
  type DeviceKeys,
  type PushServiceStandIn,
} from '../test-support/push-service-stand-in'
import { databaseKinds } from '../test-support/test-databases'
import { roomyRateLimits, startTestRelay, type TestRelay } from '../test-support/test-relay'
import { pushSubscriptionsPath } from '../back-office/push-subscriptions-api'
import { pushTtlSeconds } from './push-destination'
import type { LeadNotification } from './lead-notification'

const fastRetries = { backoff: { baseMs: 50, maxMs: 200 }, pollMs: 50, rateLimits: roomyRateLimits }
const publicUrl = 'https://assurance.example'
const subject = 'mailto:alertes@courtier.example'

// A relay started in each test: the first one also makes the embedded database's template.
describe.each(databaseKinds())(
  'Web Push deliveries on the %s database',
  { timeout: 60_000 },
  (kind) => {
    let relay: TestRelay | undefined
    let pushService: PushServiceStandIn | undefined

    afterEach(async () => {
      await relay?.stop()
      await pushService?.stop()
    })

    async function start() {
      pushService = await startPushServiceStandIn()
      relay = await startTestRelay(
        kind,
        { publicUrl, vapidSubject: subject },
        { ...fastRetries, pushAgent: pushService.agent },
      )
      return { relay, pushService }
    }

    /** A device of `advisor` subscribed through the back-office, as the settings screen does it. */
    async function subscribe(advisor: AdminClient, name: string): Promise<DeviceKeys> {
      const keys = newDeviceKeys()
      const response = await advisor.request('POST', pushSubscriptionsPath, {
        body: { endpoint: pushService!.endpoint(name), expirationTime: null, keys: keys.json },
      })
      expect(response.statusCode).toBe(201)
      return keys
    }

    const postLead = async (overrides: Record<string, unknown> = {}) => {
      const response = await relay!.app.inject({
        method: 'POST',
        url: '/api/leads',
        headers: { 'content-type': 'application/json', 'user-agent': 'Test' },
        payload: JSON.stringify(validLead(overrides)),
      })
      expect(response.statusCode).toBe(202)
      const [row] = await relay!.db.query<{ id: string }>(
        'SELECT id FROM leads ORDER BY received_at DESC LIMIT 1',
      )
      return row!.id
    }

    const pushDelivery = async (leadId: string) =>
      (
        await relay!.db.query<{ state: string; attempts: number; last_error: string | null }>(
          "SELECT state, attempts, last_error FROM lead_deliveries WHERE lead_id = $1 AND destination = 'push'",
          [leadId],
        )
      )[0]

    const receivedBy = (name: string) =>
      pushService!.received.filter((push) => push.path === `/push/${name}`)

    it('pushes each lead to every device, encrypted for it, signed, urgent, without the contact details', async () => {
      const { relay, pushService } = await start()
      const advisor = await loggedInAdmin(relay)
      const colleague = await loggedInAdmin(relay)
      const phone = await subscribe(advisor, 'phone')
      const laptop = await subscribe(colleague, 'laptop')
      const publicKey = (await advisor.request('GET', pushSubscriptionsPath)).json<{
        publicKey: string
      }>().publicKey

      const lead = validLead({ prenom: 'Élodie', nom: 'Martin', utm_campaign: 'printemps' })
      const leadId = await postLead(lead)
      await waitFor(() => pushService.received.length === 2, { what: 'two pushes' })

      for (const [name, keys] of [
        ['phone', phone],
        ['laptop', laptop],
      ] as const) {
        const [push] = receivedBy(name)
        expect(push, name).toBeDefined()
        expect(push!.headers['content-encoding']).toBe('aes128gcm')
        expect(push!.headers.ttl).toBe(String(pushTtlSeconds))
        expect(push!.headers.urgency).toBe('high')
        expect(push!.headers.topic).toBe(leadId.replaceAll('-', ''))
        expect(push!.body.length).toBeLessThanOrEqual(4096)

        const vapid = readVapidHeader(push!.headers.authorization)
        expect(vapid.signatureValid).toBe(true)
        expect(vapid.publicKey).toBe(publicKey)
        expect(vapid.header).toMatchObject({ alg: 'ES256' })
        expect(vapid.claims.aud).toBe(pushService.origin)
        expect(vapid.claims.sub).toBe(subject)
        const secondsLeft = Number(vapid.claims.exp) - Date.now() / 1000
        expect(secondsLeft).toBeGreaterThan(0)
        expect(secondsLeft).toBeLessThanOrEqual(24 * 3600)

        const text = decryptPush(push!.body, keys).toString('utf8')
        const notification = JSON.parse(text) as LeadNotification
        expect(notification).toEqual({
          title: 'Nouvelle demande\u00a0: Élodie M.',
          body: expect.stringContaining('Campagne\u00a0: printemps'),
          url: `${publicUrl}${leadCardPath(leadId)}`,
          tag: `lead-${leadId}`,
        })
        for (const secret of [
          lead.telephone as string,
          (lead.telephone as string).replaceAll(' ', ''),
          lead.email as string,
          'Martin',
        ]) {
          expect(text).not.toContain(secret)
        }
      }
      await waitFor(async () => (await pushDelivery(leadId))?.state === 'delivered', {
        what: 'the push delivery recorded',
      })
      // Neither the endpoints (each a device's address) nor the payload reach the log.
      const log = relay.logLines.join('')
      expect(log).not.toContain('/push/phone')
      expect(log).not.toContain(lead.email as string)
    })

    it('delivers a lead at once when no device is subscribed: nothing waits for one', async () => {
      const { pushService } = await start()
      const leadId = await postLead()
      await waitFor(async () => (await pushDelivery(leadId))?.state === 'delivered', {
        what: 'the push delivery done',
      })
      expect(pushService.received).toEqual([])
    })

    it('removes a device the push service no longer knows (410, 404), and still reaches the others', async () => {
      const { relay, pushService } = await start()
      const advisor = await loggedInAdmin(relay)
      await subscribe(advisor, 'old-phone')
      await subscribe(advisor, 'lost-tablet')
      await subscribe(advisor, 'new-phone')
      pushService.answer(410, 'old-phone')
      pushService.answer(404, 'lost-tablet')

      const leadId = await postLead()
      await waitFor(async () => (await pushDelivery(leadId))?.state === 'delivered', {
        what: 'the push delivery done',
      })
      expect(receivedBy('new-phone')).toHaveLength(1)
      const endpoints = await relay.db.query<{ endpoint: string }>(
        'SELECT endpoint FROM push_subscriptions',
      )
      expect(endpoints.map((row) => row.endpoint)).toEqual([pushService.endpoint('new-phone')])
      expect(relay.logLines.join('')).toContain('push subscription removed')

      // The next lead goes to the device left, and no longer to the gone ones.
      await postLead()
      await waitFor(() => receivedBy('new-phone').length === 2, { what: 'the second push' })
      expect(receivedBy('old-phone')).toHaveLength(1)
      expect(receivedBy('lost-tablet')).toHaveLength(1)
    })

    it('survives an outage of the push service (503, 429, connections cut) and delivers after', async () => {
      const { relay, pushService } = await start()
      const advisor = await loggedInAdmin(relay)
      const phone = await subscribe(advisor, 'phone')
      pushService.answer(503)
      const first = await postLead({ prenom: 'Anne' })
      await waitFor(() => receivedBy('phone').length >= 2, { what: 'retries during the 503s' })
      pushService.answer(429)
      await waitFor(() => receivedBy('phone').length >= 4, { what: 'retries during the 429s' })
      pushService.answer('drop')
      const second = await postLead({ prenom: 'Bruno' })
      const during = receivedBy('phone').length
      await waitFor(() => receivedBy('phone').length >= during + 3, { what: 'retries while down' })
      const failing = await pushDelivery(first)
      expect(failing?.state).toBe('pending')
      expect(failing?.last_error).toMatch(/^push to 127\.0\.0\.1:\d+: /)
      expect(failing?.last_error).not.toContain('/push/phone')

      pushService.answer(201)
      for (const leadId of [first, second]) {
        await waitFor(async () => (await pushDelivery(leadId))?.state === 'delivered', {
          what: 'each lead delivered once the service is back',
        })
      }
      // Both leads reached the device, each under its own tag: nothing was lost.
      const tags = new Set(
        receivedBy('phone').flatMap((push) => {
          try {
            return [(JSON.parse(decryptPush(push.body, phone).toString()) as LeadNotification).tag]
          } catch {
            return []
          }
        }),
      )
      expect(tags).toEqual(new Set([`lead-${first}`, `lead-${second}`]))
      expect(
        (await relay.db.query('SELECT 1 FROM push_subscriptions')).length,
        'a device kept through the outage',
      ).toBe(1)
    })

    it('parks a lead a push service refuses for good (403), and keeps the device', async () => {
      const { relay, pushService } = await start()
      const advisor = await loggedInAdmin(relay)
      await subscribe(advisor, 'phone')
      pushService.answer(403)
      const leadId = await postLead()
      await waitFor(async () => (await pushDelivery(leadId))?.state === 'parked', {
        what: 'the push delivery parked',
      })
      expect((await pushDelivery(leadId))?.last_error).toMatch(/HTTP 403$/)
      expect((await relay.db.query('SELECT 1 FROM push_subscriptions')).length).toBe(1)
    })

    it('delivers to the devices it can when one refuses for good, and logs the refusal', async () => {
      const { relay, pushService } = await start()
      const advisor = await loggedInAdmin(relay)
      await subscribe(advisor, 'phone')
      await subscribe(advisor, 'old-laptop')
      pushService.answer(403, 'old-laptop')
      const leadId = await postLead()
      await waitFor(async () => (await pushDelivery(leadId))?.state === 'delivered', {
        what: 'the push delivery done',
      })
      expect(receivedBy('phone')).toHaveLength(1)
      expect(receivedBy('old-laptop')).toHaveLength(1)
      const warning = relay.logLines.find((line) => line.includes('push refused for good'))
      expect(warning).toMatch(/"refused":1,"of":2/)
      expect(warning).toMatch(/HTTP 403/)
      expect(warning).not.toContain('/push/old-laptop')
    })
  },
)
