/**
 * A person's second request (server/storage/persons.ts) alerted as such, on both databases: the
 * broker's email titled "2ᵉ demande de …" with the day of the first, the advisor's phone told
 * "2ᵉ demande d’Élodie M." (decrypted as the device would), and every request still delivered to
 * the webhook as before.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { loggedInAdmin } from '../test-support/admin-client'
import { startForwardTarget, type ForwardTarget } from '../test-support/forward-target'
import { waitFor } from '../test-support/lead-fixtures'
import { postLead } from '../test-support/post-lead'
import {
  decryptPush,
  newDeviceKeys,
  startPushServiceStandIn,
  type PushServiceStandIn,
} from '../test-support/push-service-stand-in'
import { startSmtpStandIn, type SmtpStandIn } from '../test-support/smtp-stand-in'
import { databaseKinds } from '../test-support/test-databases'
import { roomyRateLimits, startTestRelay, type TestRelay } from '../test-support/test-relay'
import { pushSubscriptionsPath } from '../back-office/push-subscriptions-api'
import type { LeadNotification } from './lead-notification'

const fastRetries = { backoff: { baseMs: 50, maxMs: 200 }, pollMs: 50, rateLimits: roomyRateLimits }
const brokerAddress = 'conseil@courtier.example'

describe.each(databaseKinds())(
  'a repeat request alerted on the %s database',
  { timeout: 60_000 },
  (kind) => {
    let relay: TestRelay | undefined
    let pushService: PushServiceStandIn | undefined
    let smtp: SmtpStandIn | undefined
    let target: ForwardTarget | undefined

    afterEach(async () => {
      await relay?.stop()
      await pushService?.stop()
      await smtp?.stop()
      await target?.close()
    })

    it('titles the same phone with a new email "2ᵉ demande" in the email and on the lock screen', async () => {
      pushService = await startPushServiceStandIn()
      smtp = await startSmtpStandIn()
      target = await startForwardTarget()
      relay = await startTestRelay(
        kind,
        {
          publicUrl: 'https://assurance.example',
          vapidSubject: 'mailto:alertes@courtier.example',
          leadForwardUrl: target.url,
          smtp: {
            url: smtp.url,
            from: 'Alertes <alertes@courtier.example>',
            alertTo: [brokerAddress],
            confirmation: false,
          },
        },
        { ...fastRetries, pushAgent: pushService.agent },
      )
      const advisor = await loggedInAdmin(relay)
      const device = newDeviceKeys()
      const subscribed = await advisor.request('POST', pushSubscriptionsPath, {
        body: {
          endpoint: pushService.endpoint('phone'),
          expirationTime: null,
          keys: device.json,
        },
      })
      expect(subscribed.statusCode).toBe(201)
      const titles = () =>
        pushService!.received.map(
          (push) =>
            (JSON.parse(decryptPush(push.body, device).toString('utf8')) as LeadNotification).title,
        )
      const subjects = () => smtp!.received.map((mail) => mail.parsed.subject)

      const person = { prenom: 'Élodie', nom: 'Martin', telephone: '06 12 34 56 78' }
      const first = await postLead(relay, { ...person, email: 'elodie@exemple.fr' })
      await waitFor(() => titles().length === 1 && subjects().length === 1, {
        what: 'the first request alerted',
      })
      const second = await postLead(relay, { ...person, email: 'elodie.martin@travail.example' })
      await waitFor(() => titles().length === 2 && subjects().length === 2, {
        what: 'the second request alerted',
      })

      expect(titles()).toEqual(['Nouvelle demande\u00a0: Élodie M.', '2ᵉ demande d’Élodie M.'])
      // The email's subject says what the push says: no phone, no surname on a lock screen.
      expect(subjects()).toEqual(['Nouvelle demande\u00a0: Élodie M.', '2ᵉ demande d’Élodie M.'])
      const repeat = smtp.received[1]!
      expect(repeat.parsed.text).toMatch(/Sa demande précédente date du \p{L}+ \d+ \p{L}+ 2\d{3}/u)
      expect(String(repeat.parsed.html)).toContain('2ᵉ demande d’Élodie M.')
      expect(String(repeat.parsed.html)).toContain('Élodie Martin')

      // Both stored and delivered to the webhook, each as itself.
      await waitFor(() => target!.received.length === 2, { what: 'both requests forwarded' })
      const forwarded = target.received.map((delivery) => delivery.body.email)
      expect(forwarded.sort()).toEqual(['elodie.martin@travail.example', 'elodie@exemple.fr'])
      expect(first).not.toBe(second)
    })
  },
)
