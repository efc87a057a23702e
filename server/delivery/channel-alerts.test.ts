/**
 * A failing channel told on another one: the broker's alert email when the webhook fails, ntfy
 * when the email does, once each way (failing, then recovered), once between instances, through
 * the real relay and real stand-ins. The 15 minutes are a delivery's age in the database, not a
 * wait.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { validLead, waitFor } from '../test-support/lead-fixtures'
import { decodedHeader, startNtfyStandIn, type NtfyStandIn } from '../test-support/ntfy-stand-in'
import { startForwardTarget, type ForwardTarget } from '../test-support/forward-target'
import { startSmtpStandIn, type SmtpStandIn } from '../test-support/smtp-stand-in'
import { databaseKinds } from '../test-support/test-databases'
import { roomyRateLimits, startTestRelay, type TestRelay } from '../test-support/test-relay'
import { checkChannels } from './channel-alerts'
import { replayDeliveries } from './deliveries'
import type { BrokerNotice, DeliveryOutcome, Destination } from './destination'

const failingWebhook = 'Alerte\u00a0: «\u00a0Webhook (CRM)\u00a0» ne reçoit plus les demandes'
const recoveredWebhook = 'Rétabli\u00a0: «\u00a0Webhook (CRM)\u00a0» reçoit de nouveau les demandes'

/** A broker's channel that records what it is asked to tell and answers `answer()`. */
function recordingCarrier(answer: () => DeliveryOutcome): {
  told: BrokerNotice[]
  destinations: Destination[]
} {
  const told: BrokerNotice[] = []
  const send = async (): Promise<DeliveryOutcome> => ({ ok: true })
  const carrier: Destination = {
    name: 'email_courtier',
    events: ['lead'],
    send,
    tellBroker: async (notice) => {
      told.push(notice)
      return answer()
    },
  }
  return { told, destinations: [{ name: 'webhook', events: ['lead'], send }, carrier] }
}

describe.each(databaseKinds())('failing channels on the %s database', (kind) => {
  let relay: TestRelay | undefined
  let smtp: SmtpStandIn | undefined
  let ntfy: NtfyStandIn | undefined
  let target: ForwardTarget | undefined
  afterEach(async () => {
    await relay?.stop()
    await smtp?.stop()
    await ntfy?.close()
    await target?.close()
  })

  async function start(everyMs: number): Promise<TestRelay> {
    smtp = await startSmtpStandIn()
    ntfy = await startNtfyStandIn()
    target = await startForwardTarget()
    relay = await startTestRelay(
      kind,
      {
        publicUrl: 'https://assurance.example',
        leadForwardUrl: target.url,
        ntfy: { url: ntfy.url, token: undefined },
        smtp: {
          url: smtp.url,
          from: 'Alertes <alertes@courtier.example>',
          alertTo: ['conseil@courtier.example'],
          confirmation: false,
        },
      },
      { rateLimits: roomyRateLimits, pollMs: 50, channelAlerts: { everyMs } },
    )
    return relay
  }

  /** One instance's check, with the channels given. */
  const checkWith = (running: TestRelay, destinations: Destination[]) => () =>
    checkChannels({
      db: running.db,
      log: running.app.log,
      destinations,
      adminUrl: 'https://assurance.example/admin/livraisons',
    })

  async function postLead(to: TestRelay): Promise<void> {
    const response = await to.app.inject({
      method: 'POST',
      url: '/api/leads',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(validLead()),
    })
    expect(response.statusCode).toBe(202)
  }

  it('emails the broker once when the webhook parks a lead, and once when it recovers', async () => {
    const running = await start(30)
    target!.mode = 'reject'
    await postLead(running)
    const subjects = () => smtp!.received.map((mail) => mail.parsed.subject)
    await waitFor(() => subjects().includes(failingWebhook), { what: 'the failing alert' })
    const [alert] = smtp!.received.filter((mail) => mail.parsed.subject === failingWebhook)
    expect(alert!.to).toEqual(['conseil@courtier.example'])
    expect(alert!.parsed.text).toContain('L’écran «\u00a0Livraisons\u00a0»')
    expect(alert!.parsed.text).toContain('https://assurance.example/admin/livraisons')

    target!.mode = 'ok'
    await replayDeliveries(running.db, { parked: true })
    await waitFor(() => subjects().includes(recoveredWebhook), { what: 'the recovery notice' })
    // Every check since the failure ran meanwhile: still one of each.
    expect(subjects().filter((subject) => subject === failingWebhook)).toHaveLength(1)
    expect(subjects().filter((subject) => subject === recoveredWebhook)).toHaveLength(1)
    expect(ntfy!.received.filter((message) => message.headers.tags === 'warning')).toEqual([])
  }, 60_000)

  it('tells ntfy when the email fails, never the failing mail server', async () => {
    const running = await start(30)
    smtp!.mode = 'reject'
    await postLead(running)
    const notices = () =>
      ntfy!.received
        .filter((message) => message.headers.tags === 'warning')
        .map((message) => decodedHeader(message.headers.title))
    await waitFor(() => notices().length > 0, { what: 'the ntfy notice' })
    expect(notices()).toEqual([
      'Alerte\u00a0: «\u00a0Email au courtier\u00a0» ne reçoit plus les demandes',
    ])
    expect(smtp!.refused.length).toBeGreaterThan(0)
  }, 60_000)

  it('tells the broker once between instances, after a delivery pending 15 minutes', async () => {
    // The relay's own checks stay out of the way: this test runs them itself.
    const running = await start(3_600_000)
    target!.mode = 'hang'
    await postLead(running)
    const { told, destinations } = recordingCarrier(() => ({ ok: true }))
    const instance = checkWith(running, destinations)
    await Promise.all([instance(), instance()])
    expect(told).toEqual([])

    await running.db.query(
      `UPDATE lead_deliveries SET created_at = now() - interval '16 minutes'
       WHERE destination = 'webhook'`,
    )
    await Promise.all([instance(), instance(), instance()])
    expect(told.map((notice) => notice.title)).toEqual([failingWebhook])
    await instance()
    expect(told).toHaveLength(1)

    await running.db.query(
      "UPDATE lead_deliveries SET state = 'delivered', done_at = now() WHERE destination = 'webhook'",
    )
    await Promise.all([instance(), instance()])
    expect(told.map((notice) => notice.title)).toEqual([failingWebhook, recoveredWebhook])
  }, 60_000)

  it('tries again at the next check when no other channel could tell the broker', async () => {
    const running = await start(3_600_000)
    target!.mode = 'reject'
    await postLead(running)
    await waitFor(
      async () =>
        (await running.db.query("SELECT 1 FROM lead_deliveries WHERE state = 'parked'")).length > 0,
      { what: 'the parked delivery' },
    )
    let answer: DeliveryOutcome = { ok: false, permanent: false, reason: 'SMTP 451' }
    const { told, destinations } = recordingCarrier(() => answer)
    const check = checkWith(running, destinations)
    await check()
    answer = { ok: true }
    await check()
    await check()
    expect(told.map((notice) => notice.title)).toEqual([failingWebhook, failingWebhook])
  }, 60_000)
})
