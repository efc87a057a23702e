/**
 * `/admin/api/push-subscriptions` through the relay's HTTP interface on both databases, with real
 * logins: what an advisor's browser, another advisor, a cross-site page and `admin:remove-user`
 * get and leave behind.
 */
import { describe, expect, it } from 'vitest'
import type { PushSettings, PushSubscriptionEntry } from '../../common/back-office/screens-api'
import { removeAccount } from '../accounts/admin-accounts'
import { loggedInAdmin } from '../test-support/admin-client'
import { newDeviceKeys } from '../test-support/push-service-stand-in'
import { databaseKinds } from '../test-support/test-databases'
import { useTestRelay } from '../test-support/test-relay'
import { pushSubscriptionsPath } from './push-subscriptions-api'

let devices = 0
/** A browser's `PushSubscription.toJSON()`, with an endpoint no other test uses. */
function browserSubscription() {
  devices += 1
  return {
    endpoint: `https://push.example/wpush/v2/device-${devices}-${Date.now()}`,
    expirationTime: null,
    keys: newDeviceKeys().json,
  }
}

describe.each(databaseKinds())('the push subscriptions API on the %s database', (kind) => {
  const relay = useTestRelay(kind)

  const audited = async (email: string) =>
    relay().db.query<{ action: string; details: Record<string, unknown> }>(
      `SELECT action, details FROM admin_audit WHERE user_email = $1 AND action LIKE 'notifications.%'
       ORDER BY id`,
      [email],
    )

  it('refuses every route without a session, and a write from another origin', async () => {
    const advisor = await loggedInAdmin(relay())
    const subscription = browserSubscription()
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await advisor.request(method, pushSubscriptionsPath, {
        body: method === 'GET' ? undefined : subscription,
        cookie: null,
      })
      expect(response.statusCode, method).toBe(401)
    }
    for (const origin of ['http://attaquant.example', null]) {
      for (const method of ['POST', 'DELETE'] as const) {
        const response = await advisor.request(method, pushSubscriptionsPath, {
          body: subscription,
          origin,
        })
        expect(response.statusCode, `${method} from ${String(origin)}`).toBe(403)
      }
    }
    expect((await advisor.request('GET', pushSubscriptionsPath)).json()).toMatchObject({
      subscriptions: [],
    })
  })

  it('saves a device, lists only the caller’s own with the public key, and turns one off', async () => {
    const advisor = await loggedInAdmin(relay())
    const colleague = await loggedInAdmin(relay())
    const phone = browserSubscription()
    const created = await advisor.request('POST', pushSubscriptionsPath, {
      body: phone,
      userAgent: 'Mozilla/5.0 (Linux; Android 15) Chrome/140',
    })
    expect(created.statusCode).toBe(201)
    const entry = created.json<PushSubscriptionEntry>()
    expect(entry).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      endpoint: phone.endpoint,
      createdAt: expect.any(String),
      userAgent: 'Mozilla/5.0 (Linux; Android 15) Chrome/140',
    })
    await colleague.request('POST', pushSubscriptionsPath, { body: browserSubscription() })

    const settings = (await advisor.request('GET', pushSubscriptionsPath)).json<PushSettings>()
    expect(settings.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/)
    expect(Buffer.from(settings.publicKey, 'base64url')[0]).toBe(4)
    expect(settings.subscriptions).toEqual([entry])

    // The same browser subscribing again is the same device, not a second one.
    const again = await advisor.request('POST', pushSubscriptionsPath, { body: phone })
    expect(again.statusCode).toBe(200)
    expect(again.json<PushSubscriptionEntry>().id).toBe(entry.id)

    // Another account cannot turn it off; its owner can, once.
    const elsewhere = await colleague.request('DELETE', pushSubscriptionsPath, {
      body: { endpoint: phone.endpoint },
    })
    expect(elsewhere.statusCode).toBe(404)
    const off = await advisor.request('DELETE', pushSubscriptionsPath, {
      body: { endpoint: phone.endpoint },
    })
    expect(off.statusCode).toBe(204)
    const twice = await advisor.request('DELETE', pushSubscriptionsPath, {
      body: { endpoint: phone.endpoint },
    })
    expect(twice.statusCode).toBe(404)
    expect(
      (await advisor.request('GET', pushSubscriptionsPath)).json<PushSettings>().subscriptions,
    ).toEqual([])

    const audit = await audited(advisor.email)
    expect(audit.map((row) => row.action)).toEqual([
      'notifications.activees',
      'notifications.activees',
      'notifications.desactivees',
    ])
    expect(audit[0]!.details).toEqual({ appareil: entry.id, service: 'push.example' })
    expect(JSON.stringify(audit)).not.toContain(phone.endpoint)
  })

  it('gives a device that changed hands to the account that subscribed it last', async () => {
    const first = await loggedInAdmin(relay())
    const second = await loggedInAdmin(relay())
    const shared = browserSubscription()
    await first.request('POST', pushSubscriptionsPath, { body: shared })
    expect((await second.request('POST', pushSubscriptionsPath, { body: shared })).statusCode).toBe(
      200,
    )
    const listed = async (client: typeof first) =>
      (await client.request('GET', pushSubscriptionsPath)).json<PushSettings>().subscriptions
    expect(await listed(first)).toEqual([])
    expect((await listed(second)).map((one) => one.endpoint)).toEqual([shared.endpoint])
  })

  it('refuses what is not a browser subscription, in French', async () => {
    const advisor = await loggedInAdmin(relay())
    const good = browserSubscription()
    const offCurve = Buffer.alloc(65, 1)
    offCurve[0] = 4
    for (const body of [
      [],
      { endpoint: good.endpoint },
      { ...good, endpoint: 'http://push.example/plain' },
      { ...good, endpoint: 'https://user:secret@push.example/x' },
      { ...good, endpoint: `https://push.example/${'x'.repeat(3000)}` },
      { ...good, endpoint: 'pas une adresse' },
      { ...good, keys: { ...good.keys, auth: 'AAAA' } },
      { ...good, keys: { ...good.keys, p256dh: 'AAAA' } },
      { ...good, keys: { ...good.keys, p256dh: offCurve.toString('base64url') } },
      { ...good, keys: { ...good.keys, p256dh: 42 } },
    ]) {
      const response = await advisor.request('POST', pushSubscriptionsPath, { body })
      expect(response.statusCode, JSON.stringify(body).slice(0, 120)).toBe(400)
      expect(response.json()).toEqual({
        error: 'Abonnement aux notifications invalide\u00a0: réactivez-les depuis ce navigateur.',
      })
    }
    expect(await audited(advisor.email)).toEqual([])
  })

  it('removes the devices of an account removed with admin:remove-user', async () => {
    const advisor = await loggedInAdmin(relay())
    const phone = browserSubscription()
    await advisor.request('POST', pushSubscriptionsPath, { body: phone })
    const count = async () =>
      (
        await relay().db.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM push_subscriptions WHERE endpoint = $1',
          [phone.endpoint],
        )
      )[0]!.n
    expect(await count()).toBe(1)
    expect(await removeAccount(relay().db, advisor.email)).toBe(true)
    expect(await count()).toBe(0)
  })
})
