import { afterEach, describe, expect, it } from 'vitest'
import { validLead, waitFor } from '../test-support/lead-fixtures'
import { decodedHeader, startNtfyStandIn, type NtfyStandIn } from '../test-support/ntfy-stand-in'
import { startSmtpStandIn, type SmtpStandIn } from '../test-support/smtp-stand-in'
import { databaseKinds } from '../test-support/test-databases'
import {
  roomyRateLimits,
  startTestRelay,
  useTestRelay,
  type TestRelay,
} from '../test-support/test-relay'
import { escalateDueLeads, escalationDueAt } from './escalation'

/** Tuesday 2 March 2027, 10:30 in Paris (UTC+1). */
const tuesdayMorning = new Date('2027-03-02T09:30:00Z')
const minutesAfter = (at: Date, minutes: number) => new Date(at.getTime() + minutes * 60_000)

describe('escalationDueAt', () => {
  it('counts calling hours only', () => {
    expect(escalationDueAt(tuesdayMorning, 5)).toEqual(new Date('2027-03-02T09:35:00Z'))
    // 12:58: two minutes before lunch, three after it.
    expect(escalationDueAt(new Date('2027-03-02T11:58:00Z'), 5)).toEqual(
      new Date('2027-03-02T13:03:00Z'),
    )
  })

  it('escalates a lead of Friday 22:00 five minutes after Monday 10:00', () => {
    expect(escalationDueAt(new Date('2027-03-05T21:00:00Z'), 5)).toEqual(
      new Date('2027-03-08T09:05:00Z'),
    )
  })

  it('skips a public holiday: Friday 22:00 before Easter Monday waits for Tuesday', () => {
    // 26 March 2027, 22:00 in Paris (UTC+1); Easter Monday is 29 March; Tuesday 10:05 is UTC+2.
    expect(escalationDueAt(new Date('2027-03-26T21:00:00Z'), 5)).toEqual(
      new Date('2027-03-30T08:05:00Z'),
    )
  })
})

describe.each(databaseKinds())('escalation on the %s database', (kind) => {
  const relay = useTestRelay(kind, { rateLimits: roomyRateLimits })

  const newPhone = () => `06${String(Math.random()).slice(2, 10)}`
  async function leadAt(receivedAt: Date, telephone = newPhone()): Promise<string> {
    const lead = validLead({ telephone })
    const response = await relay().app.inject({
      method: 'POST',
      url: '/api/leads',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(lead),
    })
    expect(response.statusCode).toBe(202)
    const [row] = await relay().db.query<{ id: string }>(
      'UPDATE leads SET received_at = $2 WHERE email = $1 RETURNING id',
      [lead.email, receivedAt],
    )
    return row!.id
  }
  const escalate = (now: Date) =>
    escalateDueLeads(relay().db, { now, minutes: 5, destinations: ['email_courtier', 'ntfy'] })

  it('escalates once after five minutes, not before, with one delivery per destination', async () => {
    const at = new Date('2027-04-06T08:00:00Z')
    const id = await leadAt(at)
    expect(await escalate(minutesAfter(at, 4))).not.toContain(id)
    expect(await escalate(minutesAfter(at, 6))).toEqual([id])
    expect(await escalate(minutesAfter(at, 7))).toEqual([])
    const deliveries = await relay().db.query<{ destination: string; event: string }>(
      'SELECT destination, event FROM lead_deliveries WHERE lead_id = $1 AND event = $2 ORDER BY 1',
      [id, 'escalation'],
    )
    expect(deliveries).toEqual([
      { destination: 'email_courtier', event: 'escalation' },
      { destination: 'ntfy', event: 'escalation' },
    ])
  })

  it('leaves a claimed lead and a called lead alone', async () => {
    const at = new Date('2027-04-07T08:00:00Z')
    const claimed = await leadAt(at)
    const called = await leadAt(at)
    await relay().db.query(
      "UPDATE leads SET claimed_by = 'claire@courtier.example', claimed_at = $2 WHERE id = $1",
      [claimed, minutesAfter(at, 1)],
    )
    await relay().db.query(
      "INSERT INTO lead_calls (lead_id, at, outcome, admin_email) VALUES ($1, $2, 'tentative', 'a@b.fr')",
      [called, minutesAfter(at, 2)],
    )
    const escalated = await escalate(minutesAfter(at, 30))
    expect(escalated).not.toContain(claimed)
    expect(escalated).not.toContain(called)
  })

  it('leaves a request alone when another of its person is claimed or moved to a stage', async () => {
    const at = new Date('2027-04-08T08:00:00Z')
    const [claimedPhone, stagedPhone] = [newPhone(), newPhone()]
    // A arrives, then B with the same phone: the advisor takes the card, which is B's.
    const a = await leadAt(at, claimedPhone)
    const b = await leadAt(minutesAfter(at, 1), claimedPhone)
    await relay().db.query(
      "UPDATE leads SET claimed_by = 'claire@courtier.example', claimed_at = $2 WHERE id = $1",
      [b, minutesAfter(at, 2)],
    )
    const c = await leadAt(at, stagedPhone)
    const d = await leadAt(minutesAfter(at, 1), stagedPhone)
    await relay().db.query(
      "UPDATE leads SET status = 'en_cours', status_changed_at = $2 WHERE id = $1",
      [d, minutesAfter(at, 3)],
    )
    const alone = await leadAt(at)
    const escalated = await escalate(minutesAfter(at, 30))
    expect(escalated).toContain(alone)
    for (const taken of [a, b, c, d]) expect(escalated).not.toContain(taken)
  })

  it('still escalates a request whose namesake of more than 30 days before was claimed', async () => {
    const at = new Date('2027-04-09T08:00:00Z')
    const telephone = newPhone()
    const old = await leadAt(new Date('2027-03-01T09:00:00Z'), telephone)
    await relay().db.query(
      "UPDATE leads SET claimed_by = 'claire@courtier.example' WHERE id = $1",
      [old],
    )
    const id = await leadAt(at, telephone)
    expect(await escalate(minutesAfter(at, 30))).toContain(id)
  })

  it('waits for Monday’s opening with a lead of Friday night', async () => {
    const friday = new Date('2027-04-16T20:00:00Z') // 22:00 in Paris (UTC+2)
    const id = await leadAt(friday)
    expect(await escalate(new Date('2027-04-19T08:04:00Z'))).not.toContain(id)
    expect(await escalate(new Date('2027-04-19T08:05:00Z'))).toContain(id)
  })
})

describe.each(databaseKinds())('an escalation through the relay on the %s database', (kind) => {
  let relay: TestRelay | undefined
  let smtp: SmtpStandIn | undefined
  let ntfy: NtfyStandIn | undefined
  afterEach(async () => {
    await relay?.stop()
    await smtp?.stop()
    await ntfy?.close()
  })

  it('emails "Demande non prise en charge" once, with the card, and alerts ntfy at top priority', async () => {
    smtp = await startSmtpStandIn()
    ntfy = await startNtfyStandIn()
    let clock = tuesdayMorning
    relay = await startTestRelay(
      kind,
      {
        publicUrl: 'https://assurance.example',
        leadEscalateMinutes: 5,
        ntfy: { url: ntfy.url, token: undefined },
        smtp: {
          url: smtp.url,
          from: 'Alertes <alertes@courtier.example>',
          alertTo: ['conseil@courtier.example'],
          confirmation: false,
        },
      },
      {
        rateLimits: roomyRateLimits,
        pollMs: 50,
        escalationCheckMs: 20,
        now: () => clock,
      },
    )
    const lead = validLead({ prenom: 'Maëlle', nom: 'Payet' })
    const response = await relay.app.inject({
      method: 'POST',
      url: '/api/leads',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(lead),
    })
    expect(response.statusCode).toBe(202)
    const [row] = await relay.db.query<{ id: string }>(
      'UPDATE leads SET received_at = $2 WHERE email = $1 RETURNING id',
      [lead.email, tuesdayMorning],
    )
    const subject = 'Demande non prise en charge\u00a0: Maëlle P.'
    clock = minutesAfter(tuesdayMorning, 6)
    const escalations = () => smtp!.received.filter((mail) => mail.parsed.subject === subject)
    await waitFor(() => escalations().length > 0, { what: 'the escalation email' })
    await waitFor(() => ntfy!.received.some((message) => message.headers.priority === 'max'), {
      what: 'the ntfy escalation',
    })
    const [mail] = escalations()
    const cardUrl = `https://assurance.example/admin/demandes/${row!.id}`
    expect(mail!.parsed.text).toContain(cardUrl)
    expect(mail!.parsed.html).toContain(`href="${cardUrl}"`)
    const alert = ntfy.received.find((message) => message.headers.priority === 'max')!
    expect(decodedHeader(alert.headers.title)).toBe(subject)
    expect(alert.headers.click).toBe(cardUrl)
    // Delivered and stamped: later checks find nothing more to send.
    await waitFor(
      async () =>
        (
          await relay!.db.query(
            "SELECT 1 FROM lead_deliveries WHERE event = 'escalation' AND state = 'delivered'",
          )
        ).length === 2,
      { what: 'both escalation deliveries done' },
    )
    clock = minutesAfter(tuesdayMorning, 60)
    const [stamp] = await relay.db.query<{ escalated_at: Date }>(
      'SELECT escalated_at FROM leads WHERE id = $1',
      [row!.id],
    )
    expect(stamp!.escalated_at).toEqual(minutesAfter(tuesdayMorning, 6))
    expect(escalations()).toHaveLength(1)
  })
})
