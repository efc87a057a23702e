/**
 * An agreed callback reminded on the devices of the advisor who agreed it, through the push
 * service stand-in, a few minutes before the moment agreed; once; not at all once undone, once the
 * person was called again on any of their requests, after a withdrawal or "ne plus appeler".
 */
import pino from 'pino'
import webPush from 'web-push'
import { afterAll, describe, expect, it } from 'vitest'
import { leadCardPath } from '../../common/back-office/back-office-routes'
import { nextWindowMoment } from '../../common/calls/call-planner'
import { loggedInAdmin, type AdminClient } from '../test-support/admin-client'
import { postLeadBody } from '../test-support/post-lead'
import {
  decryptPush,
  newDeviceKeys,
  startPushServiceStandIn,
  type DeviceKeys,
  type PushServiceStandIn,
} from '../test-support/push-service-stand-in'
import { databaseKinds } from '../test-support/test-databases'
import { roomyRateLimits, startTestRelay, type TestRelay } from '../test-support/test-relay'
import { pushSubscriptionsPath } from '../back-office/push-subscriptions-api'
import { callbackReminder, remindCallbacks } from './callback-reminders'
import { pushSender } from './push-destination'

const publicUrl = 'https://assurance.example'
const minute = 60_000

describe.each(databaseKinds())(
  'agreed callbacks reminded on the %s database',
  { timeout: 60_000 },
  (kind) => {
    let relay: TestRelay | undefined
    let pushService: PushServiceStandIn | undefined
    afterAll(() => Promise.all([relay?.stop(), pushService?.stop()]))

    it('reminds the advisor who agreed it, 5 minutes before, once, with no personal data', async () => {
      pushService = await startPushServiceStandIn()
      // Inside the hours, a day ahead: the callback is recorded then.
      let clock = nextWindowMoment(new Date(Date.now() + 86_400_000))
      relay = await startTestRelay(
        kind,
        { publicUrl },
        // The relay's own check never runs here: the test runs it at the moments it chooses.
        {
          pushAgent: pushService.agent,
          now: () => clock,
          reminderCheckMs: 3_600_000,
          rateLimits: roomyRateLimits,
        },
      )
      const advisor = await loggedInAdmin(relay)
      const colleague = await loggedInAdmin(relay)
      const subscribe = async (who: AdminClient, name: string): Promise<DeviceKeys> => {
        const keys = newDeviceKeys()
        const response = await who.request('POST', pushSubscriptionsPath, {
          body: { endpoint: pushService!.endpoint(name), expirationTime: null, keys: keys.json },
        })
        expect(response.statusCode).toBe(201)
        return keys
      }
      const phone = await subscribe(advisor, 'phone')
      await subscribe(colleague, 'laptop')
      const lead = await postLeadBody(relay.app, { prenom: 'Élodie', nom: 'Martin' })
      const [row] = await relay.db.query<{ id: string }>('SELECT id FROM leads WHERE email = $1', [
        lead.email,
      ])
      const leadId = row!.id

      const agreed = new Date(clock.getTime() + 3 * 60 * minute)
      const recorded = await advisor.request('POST', `/admin/api/leads/${leadId}/calls`, {
        body: { outcome: 'rappeler', rappel_le: agreed.toISOString() },
      })
      expect(recorded.statusCode, recorded.body).toBe(201)

      const keys = webPush.generateVAPIDKeys()
      const send = pushSender({
        db: relay.db,
        keys,
        subject: 'mailto:alertes@courtier.example',
        timeoutMs: 5_000,
        log: pino({ level: 'silent' }),
        agent: pushService.agent,
      })
      const remind = (at: Date) => remindCallbacks(relay!.db, { now: at, siteUrl: publicUrl, send })

      expect(await remind(new Date(agreed.getTime() - 6 * minute))).toBe(0)
      expect(await remind(new Date(agreed.getTime() - 4 * minute))).toBe(1)
      expect(await remind(new Date(agreed.getTime() - 3 * minute))).toBe(0)
      // The lead's own pushes went to both devices; the reminder (its topic) only to the phone.
      const reminders = () =>
        pushService!.received.filter((push) => String(push.headers.topic).startsWith('rappel'))
      expect(reminders().map((push) => push.path)).toEqual(['/push/phone'])
      const text = decryptPush(reminders()[0]!.body, phone).toString('utf8')
      expect(JSON.parse(text)).toEqual(
        callbackReminder(
          { prenom: 'Élodie', nom: 'Martin' },
          { at: agreed, leadId, cardUrl: `${publicUrl}${leadCardPath(leadId)}` },
        ),
      )
      expect(JSON.parse(text)).toMatchObject({ body: 'Élodie M. attend votre appel.' })
      for (const secret of ['Martin', lead.email, String(lead.telephone).replaceAll(' ', '')]) {
        expect(text).not.toContain(secret)
      }

      // A callback undone is not reminded.
      clock = new Date(clock.getTime() + 6 * minute)
      const second = await advisor.request('POST', `/admin/api/leads/${leadId}/calls`, {
        body: {
          outcome: 'rappeler',
          rappel_le: new Date(agreed.getTime() + 60 * minute).toISOString(),
        },
      })
      expect(second.statusCode, second.body).toBe(201)
      const undone = await advisor.request(
        'DELETE',
        `/admin/api/leads/${leadId}/calls/${second.json<{ call: { id: string } }>().call.id}`,
      )
      expect(undone.statusCode).toBe(200)
      expect(await remind(new Date(agreed.getTime() + 58 * minute))).toBe(0)

      const newRequest = async (overrides: Record<string, unknown> = {}) => {
        const posted = await postLeadBody(relay!.app, overrides)
        const [found] = await relay!.db.query<{ id: string }>(
          'SELECT id FROM leads WHERE email = $1',
          [posted.email],
        )
        return found!.id
      }
      const agree = async (id: string, at: Date) => {
        const response = await advisor.request('POST', `/admin/api/leads/${id}/calls`, {
          body: { outcome: 'rappeler', rappel_le: at.toISOString() },
        })
        expect(response.statusCode, response.body).toBe(201)
      }
      const later = (hours: number) => new Date(agreed.getTime() + hours * 60 * minute)

      // Called since on another request of the person (same phone, new email): not reminded.
      const telephone = `06${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`
      const first = await newRequest({ telephone })
      await agree(first, later(2))
      clock = new Date(clock.getTime() + minute)
      const repeat = await newRequest({ telephone })
      clock = new Date(clock.getTime() + 10 * minute)
      const reached = await advisor.request('POST', `/admin/api/leads/${repeat}/calls`, {
        body: { outcome: 'joint' },
      })
      expect(reached.statusCode, reached.body).toBe(201)
      expect(await remind(new Date(later(2).getTime() - 4 * minute))).toBe(0)

      // Consent withdrawn after the callback was agreed: not reminded.
      const withdrawn = await newRequest()
      await agree(withdrawn, later(3))
      await relay.db.query('UPDATE leads SET consent_withdrawn_at = $2 WHERE id = $1', [
        withdrawn,
        clock,
      ])
      expect(await remind(new Date(later(3).getTime() - 4 * minute))).toBe(0)

      // "Ne plus appeler" received before the call that agreed it, recorded after: not reminded.
      const stopped = await newRequest()
      await agree(stopped, later(4))
      const stop = await advisor.request('POST', `/admin/api/leads/${stopped}/calls`, {
        body: {
          outcome: 'ne_plus_appeler',
          at: new Date(clock.getTime() - 5 * minute).toISOString(),
        },
      })
      expect(stop.statusCode, stop.body).toBe(201)
      expect(await remind(new Date(later(4).getTime() - 4 * minute))).toBe(0)
    })
  },
)
