/**
 * The real server process pushing to a push service whose certificate only NODE_EXTRA_CA_CERTS
 * makes trusted (as with a broker's own CA or a TLS-inspecting proxy): refused without it, the
 * lead waits; restarted with it, the lead reaches the device, signed with the VAPID_* keys.
 */
import { rm } from 'node:fs/promises'
import webPush from 'web-push'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { LeadNotification } from './delivery/lead-notification'
import { subscribeAdvisorDevice } from './test-support/admin-fixtures'
import { createFakeSite, createTempDir } from './test-support/fake-site'
import { validLead, waitFor } from './test-support/lead-fixtures'
import {
  decryptPush,
  newDeviceKeys,
  readVapidHeader,
  startPushServiceStandIn,
  type PushServiceStandIn,
} from './test-support/push-service-stand-in'
import {
  postLeadTo,
  sharedInstanceEnv,
  startRelayProcess,
  type RelayProcess,
} from './test-support/relay-process'
import {
  createPostgresDatabase,
  databaseKinds,
  type TestDatabase,
} from './test-support/test-databases'

describe.each(databaseKinds())('the server process pushing on the %s database', (kind) => {
  let distDir: string
  let dataDir: string
  let database: TestDatabase | undefined
  let pushService: PushServiceStandIn
  const running: RelayProcess[] = []
  const vapid = webPush.generateVAPIDKeys()
  const device = newDeviceKeys()

  beforeAll(async () => {
    distDir = await createFakeSite()
    dataDir = await createTempDir('push-process-')
    database = kind === 'postgres' ? await createPostgresDatabase() : undefined
    pushService = await startPushServiceStandIn()
    // An advisor's phone subscribed before the server starts (the API is tested elsewhere).
    await subscribeAdvisorDevice(
      { databaseUrl: database?.url, dataDir },
      { endpoint: pushService.endpoint('phone'), ...device.json },
    )
  }, 60_000)
  afterEach(async () => {
    for (const relay of running.splice(0)) {
      relay.child.kill('SIGKILL')
      await relay.exited
    }
  })
  afterAll(async () => {
    await pushService.stop()
    await database?.drop()
    await rm(dataDir, { recursive: true, force: true })
    await rm(distDir, { recursive: true, force: true })
  })

  async function start(extra: Record<string, string>): Promise<RelayProcess> {
    const relay = await startRelayProcess({
      DIST_DIR: distDir,
      DATA_DIR: dataDir,
      DATABASE_URL: database?.url ?? '',
      PUBLIC_URL: 'https://assurance.example',
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      VAPID_SUBJECT: 'https://assurance.example/contact',
      APP_SECRET: sharedInstanceEnv.APP_SECRET,
      FORWARD_TIMEOUT_MS: '2000',
      LOG_LEVEL: 'warn',
      ...extra,
    })
    running.push(relay)
    return relay
  }

  it('trusts the push service through NODE_EXTRA_CA_CERTS, and delivers the lead that waited', async () => {
    const untrusting = await start({})
    expect((await postLeadTo(untrusting.url, validLead({ prenom: 'Chloé' }))).status).toBe(202)
    await waitFor(() => pushService.tlsFailures() >= 2, { what: 'refused handshakes, retried' })
    expect(pushService.received).toEqual([])
    untrusting.child.kill('SIGKILL')
    await untrusting.exited
    running.length = 0

    await start({ NODE_EXTRA_CA_CERTS: pushService.caFile })
    await waitFor(() => pushService.received.length >= 1, {
      timeoutMs: 30_000,
      what: 'the waiting lead pushed',
    })
    const [push] = pushService.received
    const vapidHeader = readVapidHeader(push!.headers.authorization)
    expect(vapidHeader).toMatchObject({
      publicKey: vapid.publicKey,
      signatureValid: true,
      claims: { aud: pushService.origin, sub: 'https://assurance.example/contact' },
    })
    const notification = JSON.parse(decryptPush(push!.body, device).toString()) as LeadNotification
    expect(notification.title).toMatch(/^Nouvelle demande\u00a0: Chloé [A-Z]\.$/)
    expect(notification.url).toMatch(
      /^https:\/\/assurance\.example\/admin\/demandes\/[0-9a-f-]{36}$/,
    )
  }, 120_000)
})
