/**
 * One person, one card (server/storage/persons.ts), through the back-office's API as an advisor
 * uses it, on both databases: requests sharing a phone or an email within 30 days are one card
 * and one row of the list, whichever request opens it; a chain of such links too; not beyond
 * 30 days; the law's counters kept per person; an erasure reaching every request of its email;
 * the person's stage kept across a new request, and a lost or signed person not to be called now.
 */
import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import type { LeadCard } from '../../common/back-office/screens-api'
import { nextWindowMoment } from '../../common/calls/call-planner'
import { loggedInAdmin, type AdminClient } from '../test-support/admin-client'
import { postLead } from '../test-support/post-lead'
import { databaseKinds } from '../test-support/test-databases'
import { roomyRateLimits, useTestRelay } from '../test-support/test-relay'

/** A phone and an email no other test uses. */
const newPhone = () => `07${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`
const newEmail = () => `personne-${randomUUID().slice(0, 8)}@exemple.fr`

describe.each(databaseKinds())('one person, one card, on the %s database', (kind) => {
  // Calls are recorded inside the legal hours, 6 minutes apart (call-requests.ts refuses closer),
  // on the relay's clock; everything else reads the real one.
  let clock: Date | undefined
  let lastCall = new Date(0)
  const relay = useTestRelay(kind, {
    rateLimits: roomyRateLimits,
    now: () => clock ?? new Date(),
  })
  let advisor: AdminClient

  beforeAll(async () => {
    advisor = await loggedInAdmin(relay())
  })

  const newLead = (overrides: Record<string, unknown>) => postLead(relay(), overrides)

  /** As if the request had come `days` ago. */
  const receivedDaysAgo = (id: string, days: number) =>
    relay().db.query(
      'UPDATE leads SET received_at = now() - make_interval(days => $2::int) WHERE id = $1',
      [id, days],
    )

  const cardOf = async (id: string) => {
    const response = await advisor.request('GET', `/admin/api/leads/${id}`)
    expect(response.statusCode).toBe(200)
    return response.json<{ lead: LeadCard; calls: unknown[] }>()
  }
  const listed = async (search: string) => {
    const response = await advisor.request(
      'GET',
      `/admin/api/leads?q=${encodeURIComponent(search)}`,
    )
    expect(response.statusCode).toBe(200)
    return response.json<{ total: number; leads: LeadCard[] }>()
  }
  const call = async (id: string, outcome: string) => {
    clock = nextWindowMoment(new Date(Math.max(Date.now(), lastCall.getTime() + 6 * 60_000)))
    lastCall = clock
    try {
      return await advisor.request('POST', `/admin/api/leads/${id}/calls`, { body: { outcome } })
    } finally {
      clock = undefined
    }
  }
  /** As if a lead's calls had been made `days` ago (the clock above records them ahead). */
  const calledDaysAgo = (id: string, days: number) =>
    relay().db.query(
      'UPDATE lead_calls SET at = now() - make_interval(days => $2::int) WHERE lead_id = $1',
      [id, days],
    )

  it('makes the same phone with a new email one card, whichever request opens it, newest first', async () => {
    const telephone = newPhone()
    const first = await newLead({ telephone, email: newEmail(), utm_campaign: 'printemps' })
    await receivedDaysAgo(first, 3)
    const second = await newLead({ telephone, email: newEmail(), utm_campaign: 'automne' })

    const fromFirst = await cardOf(first)
    expect(await cardOf(second)).toEqual(fromFirst)
    expect(fromFirst.lead.id).toBe(second)
    expect(fromFirst.lead.requests).toEqual([
      expect.objectContaining({
        id: second,
        origin: expect.objectContaining({ utm_campaign: 'automne' }),
        consentText: expect.stringContaining('ORIAS'),
      }),
      expect.objectContaining({
        id: first,
        origin: expect.objectContaining({ utm_campaign: 'printemps' }),
        consentText: expect.stringContaining('ORIAS'),
      }),
    ])
    const list = await listed(telephone)
    expect(list.total).toBe(1)
    expect(list.leads).toEqual([fromFirst.lead])
  })

  it('makes the same email with a new phone one card', async () => {
    const email = newEmail()
    const first = await newLead({ email, telephone: newPhone() })
    await receivedDaysAgo(first, 10)
    const second = await newLead({ email, telephone: newPhone() })
    const { lead } = await cardOf(first)
    expect(lead.id).toBe(second)
    expect(lead.requests.map((request) => request.id)).toEqual([second, first])
    expect((await listed(email)).leads.map((card) => card.id)).toEqual([second])
  })

  it('links step by step: a phone shared with one request, its email with the next', async () => {
    const [phoneA, phoneC, emailA, emailB] = [newPhone(), newPhone(), newEmail(), newEmail()]
    const a = await newLead({ email: emailA, telephone: phoneA })
    await receivedDaysAgo(a, 50)
    const b = await newLead({ email: emailB, telephone: phoneA })
    await receivedDaysAgo(b, 25)
    // C shares nothing with A: only B, 25 days after A and 25 before C, makes them one.
    const c = await newLead({ email: emailB, telephone: phoneC })
    for (const id of [a, b, c]) {
      const { lead } = await cardOf(id)
      expect(lead.id).toBe(c)
      expect(lead.requests.map((request) => request.id)).toEqual([c, b, a])
    }
    // The request of 50 days ago, too old to call, is not listed apart from its person.
    const list = await listed(phoneA)
    expect(list.total).toBe(1)
    expect(list.leads.map((card) => card.id)).toEqual([c])
  })

  it('keeps requests more than 30 days apart as two persons, within 30 days as one', async () => {
    const telephone = newPhone()
    const old = await newLead({ telephone, email: newEmail() })
    await receivedDaysAgo(old, 31)
    const recent = await newLead({ telephone, email: newEmail() })
    expect((await cardOf(old)).lead.requests.map((request) => request.id)).toEqual([old])
    expect((await cardOf(recent)).lead.requests.map((request) => request.id)).toEqual([recent])
    const apart = await listed(telephone)
    expect(apart.total).toBe(2)
    expect(apart.leads.map((card) => card.id)).toEqual([recent, old])

    await receivedDaysAgo(old, 29)
    expect((await cardOf(old)).lead.requests.map((request) => request.id)).toEqual([recent, old])
    expect((await listed(telephone)).leads.map((card) => card.id)).toEqual([recent])
  })

  it('counts the calls of every request of the person, along the links, against one limit', async () => {
    const [phoneA, phoneC, emailA, emailB] = [newPhone(), newPhone(), newEmail(), newEmail()]
    const a = await newLead({ email: emailA, telephone: phoneA })
    const b = await newLead({ email: emailB, telephone: phoneA })
    for (let index = 0; index < 3; index += 1) {
      expect((await call(a, 'tentative')).statusCode).toBe(201)
    }
    await calledDaysAgo(a, 15)
    await receivedDaysAgo(a, 20)
    await receivedDaysAgo(b, 10)
    // A repeat request shares nothing with A: its person's three calls still count.
    const c = await newLead({ email: emailB, telephone: phoneC })
    const repeat = await cardOf(c)
    expect(repeat.lead.standing).toMatchObject({ state: 'nouveau', attemptsLeft: 1 })
    expect(repeat.calls).toHaveLength(3)
    expect((await call(c, 'tentative')).statusCode).toBe(201)
    const fifth = await call(a, 'tentative')
    expect(fifth.statusCode).toBe(409)
    expect(fifth.json<{ reason: string }>().reason).toBe('maximum_atteint')
    expect((await cardOf(b)).lead.standing).toMatchObject({ attemptsLeft: 0, calls: 1 })
  })

  const setStage = (id: string, body: Record<string, unknown>) =>
    advisor.request('POST', `/admin/api/leads/${id}/status`, { body })
  /** Read with the relay's clock at `at`, inside the calling hours. */
  const readAt = async <T>(at: Date, read: () => Promise<T>): Promise<T> => {
    clock = at
    try {
      return await read()
    } finally {
      clock = undefined
    }
  }
  const dueNow = async (search: string) => {
    const response = await advisor.request(
      'GET',
      `/admin/api/leads?maintenant=1&q=${encodeURIComponent(search)}`,
    )
    expect(response.statusCode).toBe(200)
    return response.json<{ leads: LeadCard[] }>().leads.map((card) => card.id)
  }

  it('keeps a lost person lost when a new request comes, off the calls due now, still callable by law', async () => {
    const telephone = newPhone()
    const first = await newLead({ telephone, email: newEmail() })
    const inHours = nextWindowMoment(new Date())
    expect(await readAt(inHours, () => dueNow(telephone))).toEqual([first])
    const lost = await setStage(first, { status: 'perdu', motif: 'pas_interesse' })
    expect(lost.statusCode).toBe(201)
    await receivedDaysAgo(first, 2)
    const second = await newLead({ telephone, email: newEmail() })

    const { lead } = await readAt(inHours, () => cardOf(second))
    expect(lead).toMatchObject({ id: second, status: 'perdu', statusLabel: 'Perdu' })
    expect(lead.statusChangedAt).not.toBeNull()
    expect(lead.plan).toMatchObject({
      text: 'aucun (demande perdue)',
      at: null,
      dueNow: false,
      allowedNow: true,
    })
    expect(lead.standing).toMatchObject({ state: 'nouveau', reason: null, attemptsLeft: 4 })
    expect(await readAt(inHours, () => dueNow(telephone))).toEqual([])
    expect((await readAt(inHours, () => listed(telephone))).leads.map((card) => card.id)).toEqual([
      second,
    ])
  })

  it('takes a signed person off the calls due now, leaving what the law allows as it was', async () => {
    const telephone = newPhone()
    const id = await newLead({ telephone, email: newEmail() })
    const inHours = nextWindowMoment(new Date())
    const before = await readAt(inHours, () => cardOf(id))
    expect(before.lead.plan.dueNow).toBe(true)
    expect(await readAt(inHours, () => dueNow(telephone))).toEqual([id])
    expect((await setStage(id, { status: 'signe' })).statusCode).toBe(201)
    const after = await readAt(inHours, () => cardOf(id))
    expect(after.lead).toMatchObject({ status: 'signe', statusLabel: 'Signé' })
    expect(after.lead.plan).toMatchObject({ text: 'aucun (contrat signé)', dueNow: false })
    expect(after.lead.standing).toEqual(before.lead.standing)
    expect(await readAt(inHours, () => dueNow(telephone))).toEqual([])
  })

  it('erases every request of the email asked for; the person’s other address keeps its own', async () => {
    const [phone, email, other] = [newPhone(), newEmail(), newEmail()]
    const first = await newLead({ email, telephone: phone })
    await receivedDaysAgo(first, 5)
    const second = await newLead({ email, telephone: newPhone() })
    await receivedDaysAgo(second, 2)
    const sharing = await newLead({ email: other, telephone: phone })
    expect((await cardOf(sharing)).lead.requests).toHaveLength(3)

    const preview = await advisor.request(
      'GET',
      `/admin/api/erase-preview?email=${encodeURIComponent(email)}`,
    )
    expect(preview.json<{ leads: { id: string }[] }>().leads.map((lead) => lead.id)).toEqual([
      first,
      second,
    ])
    const erased = await advisor.request('POST', '/admin/api/erase', {
      body: { email, leads: 2 },
    })
    expect(erased.json()).toEqual({ erased: 2 })
    for (const id of [first, second]) {
      expect((await advisor.request('GET', `/admin/api/leads/${id}`)).statusCode).toBe(404)
    }
    const { lead } = await cardOf(sharing)
    expect(lead.requests.map((request) => request.id)).toEqual([sharing])
    expect(JSON.stringify(lead)).not.toContain(email)
  })
})
