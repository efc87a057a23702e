import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parisTime } from '../../common/calls/call-planner'
import type { CallEntry, LeadCard } from '../../common/back-office/screens-api'
import { postLeadBody } from '../test-support/post-lead'
import { screensApp, testBroker, testOrigin } from '../test-support/admin-screens-app'
import { databaseKinds } from '../test-support/test-databases'
import { useTestRelay } from '../test-support/test-relay'

/** A Paris wall-clock time of Wednesday 2 December 2026 or after: `paris('12-02', '10:00')`. */
function paris(day: string, time: string): Date {
  const [month, date] = day.split('-').map(Number)
  const [hour, minute] = time.split(':').map(Number)
  return parisTime(2026, month ?? 0, date ?? 0, (hour ?? 0) * 60 + (minute ?? 0))
}

describe.each(databaseKinds())('recording calls on the %s database', (kind) => {
  const relay = useTestRelay(kind)
  let app: FastifyInstance
  let clock = paris('12-02', '10:00')

  beforeAll(async () => {
    app = await screensApp(relay().db, () => clock, relay().erasures)
  })
  afterAll(() => app?.close())

  const headers = (user?: string) => ({
    'x-test-session': 'ok',
    origin: testOrigin,
    'content-type': 'application/json',
    ...(user ? { 'x-test-user': user } : {}),
  })
  const record = (id: string, body: Record<string, unknown>, user?: string) =>
    app.inject({
      method: 'POST',
      url: `/admin/api/leads/${id}/calls`,
      headers: headers(user),
      payload: JSON.stringify(body),
    })
  const undo = (id: string, callId: string, user?: string) =>
    app.inject({
      method: 'DELETE',
      url: `/admin/api/leads/${id}/calls/${callId}`,
      // No body, so no content type, as the back-office sends it.
      headers: {
        'x-test-session': 'ok',
        origin: testOrigin,
        ...(user ? { 'x-test-user': user } : {}),
      },
    })
  const cardOf = async (id: string) => {
    const response = await app.inject({
      method: 'GET',
      url: `/admin/api/leads/${id}`,
      headers: headers(),
    })
    return response.json<{ lead: LeadCard; calls: CallEntry[] }>()
  }

  /** A request of a person of its own, received `minutesBefore` the clock. */
  async function newLead(extra: Record<string, unknown> = {}, minutesBefore = 30) {
    const lead = await postLeadBody(relay().app, extra)
    const [row] = await relay().db.query<{ id: string }>(
      `UPDATE leads SET received_at = $2 WHERE id = (
         SELECT id FROM leads WHERE email = $1 ORDER BY received_at DESC LIMIT 1) RETURNING id`,
      [lead.email, new Date(clock.getTime() - minutesBefore * 60_000)],
    )
    return row!.id
  }

  it('refuses a call at 04:12 in French, naming D223-9, and takes it inside the hours', async () => {
    clock = paris('12-02', '04:12')
    const id = await newLead({}, 600)
    for (let tap = 0; tap < 4; tap += 1) {
      const night = await record(id, { outcome: 'pas_de_reponse' })
      expect(night.statusCode).toBe(409)
      expect(night.json()).toEqual({
        reason: 'hors_horaires',
        error: expect.stringMatching(/^Heure d’appel refusée.*art\. D223-9/),
      })
    }
    const { lead } = await cardOf(id)
    expect(lead.plan).toMatchObject({
      allowedNow: false,
      dueNow: false,
      at: paris('12-02', '10:00').toISOString(),
      notNowText: expect.stringMatching(/en dehors des heures autorisées/),
    })
    expect(lead.standing.calls).toBe(0)

    // 20:30: a call made at 19:40 the same day is recorded at 19:40; 20:00 sharp is not.
    clock = paris('12-02', '20:30')
    const sharp = await record(id, { outcome: 'pas_de_reponse', at: paris('12-02', '20:00') })
    expect(sharp.statusCode).toBe(409)
    const earlier = await record(id, {
      outcome: 'messagerie',
      at: paris('12-02', '19:40').toISOString(),
      note: 'Message laissé',
    })
    expect(earlier.statusCode).toBe(201)
    const { calls } = await cardOf(id)
    expect(calls[0]).toMatchObject({
      at: paris('12-02', '19:40').toISOString(),
      outcome: 'messagerie',
      note: 'Message laissé',
      by: testBroker.email,
    })
  })

  it('answers 400 to a time ahead, of another day, or an outcome it does not know', async () => {
    clock = paris('12-02', '11:00')
    const id = await newLead()
    const bad = [
      { outcome: 'rappeler_demain' },
      { outcome: 'pas_de_reponse', at: paris('12-02', '11:05').toISOString() },
      { outcome: 'pas_de_reponse', at: paris('12-01', '11:00').toISOString() },
      { outcome: 'pas_de_reponse', at: 'hier' },
      { outcome: 'rappeler' },
      { outcome: 'joint', rappel_le: paris('12-03', '11:00').toISOString() },
      { outcome: 'joint', note: 'x'.repeat(1001) },
    ]
    for (const body of bad)
      expect((await record(id, body)).statusCode, JSON.stringify(body)).toBe(400)
    expect((await cardOf(id)).calls).toEqual([])
  })

  it('takes the first of four taps in a minute and refuses the others; the fifth attempt too', async () => {
    clock = paris('12-02', '10:13')
    const id = await newLead()
    const taps = []
    for (let tap = 0; tap < 4; tap += 1) taps.push(await record(id, { outcome: 'pas_de_reponse' }))
    expect(taps.map((tap) => tap.statusCode)).toEqual([201, 409, 409, 409])
    expect(taps[1]!.json().reason).toBe('doublon')
    expect((await cardOf(id)).lead.standing.attemptsLeft).toBe(3)

    for (const time of ['11:00', '14:00', '15:00']) {
      clock = paris('12-02', time)
      expect((await record(id, { outcome: 'messagerie' })).statusCode).toBe(201)
    }
    clock = paris('12-02', '16:00')
    const fifth = await record(id, { outcome: 'pas_de_reponse' })
    expect(fifth.statusCode).toBe(409)
    expect(fifth.json().reason).toBe('maximum_atteint')
  })

  it('lets only its author undo a call, within 10 minutes; the undone call stops counting', async () => {
    clock = paris('12-02', '10:30')
    const id = await newLead()
    const first = await record(id, { outcome: 'pas_de_reponse' })
    expect(first.statusCode).toBe(201)
    const callId = first.json<{ call: { id: string } }>().call.id
    expect((await cardOf(id)).calls[0]?.undoableUntil).toBe(paris('12-02', '10:40').toISOString())

    const other = await undo(id, callId, 'collegue@exemple.fr')
    expect(other.statusCode).toBe(403)
    expect(other.json().error).toBe(
      `Seul ${testBroker.email}, qui a enregistré cet appel, peut l’annuler.`,
    )
    clock = paris('12-02', '10:39')
    const undone = await undo(id, callId)
    expect(undone.statusCode).toBe(200)
    expect(undone.json<{ lead: LeadCard }>().lead.standing).toMatchObject({
      attemptsLeft: 4,
      calls: 0,
      state: 'nouveau',
    })
    expect((await undo(id, callId)).statusCode).toBe(404)
    const { calls } = await cardOf(id)
    expect(calls[0]).toMatchObject({ undoneAt: clock.toISOString(), undoableUntil: null })
    const audits = await relay().db.query<{ who: string; details: Record<string, unknown> }>(
      "SELECT who, details FROM test_audit WHERE action = 'appel.annule' AND details ->> 'lead' = $1",
      [id],
    )
    expect(audits).toEqual([
      {
        who: testBroker.email,
        details: {
          lead: id,
          appel: callId,
          resultat: 'pas_de_reponse',
          heure: paris('12-02', '10:30').toISOString(),
        },
      },
    ])

    // The undone call no longer stands in the way of a call at the same minute.
    const again = await record(id, { outcome: 'joint' })
    expect(again.statusCode).toBe(201)
    clock = paris('12-02', '10:50')
    const late = await undo(id, again.json<{ call: { id: string } }>().call.id)
    expect(late.statusCode).toBe(409)
    expect(late.json().error).toMatch(/^Annulation impossible\u00a0: un appel s’annule dans les 10/)
  })

  it('closes the request at a refusal (60 days, D223-9), and at "Ne plus appeler" at any hour', async () => {
    clock = paris('12-02', '11:00')
    const refused = await newLead()
    expect((await record(refused, { outcome: 'refus' })).statusCode).toBe(201)
    clock = paris('12-03', '11:00')
    const after = await record(refused, { outcome: 'joint' })
    expect(after.statusCode).toBe(409)
    expect(after.json()).toEqual({
      reason: 'refus_recent',
      error: expect.stringMatching(/aucun appel pendant 60 jours .*art\. D223-9/),
    })

    clock = paris('12-05', '22:00')
    const stop = await newLead()
    expect((await record(stop, { outcome: 'ne_plus_appeler' })).statusCode).toBe(201)
    expect((await cardOf(stop)).lead.plan).toMatchObject({ at: null, allowedNow: false })
  })

  it('plans an agreed callback, opens its minutes outside the hours, and reprograms', async () => {
    clock = paris('12-02', '19:00')
    const id = await newLead()
    const agreed = paris('12-03', '08:30')
    const callback = await record(id, { outcome: 'rappeler', rappel_le: agreed.toISOString() })
    expect(callback.statusCode).toBe(201)
    expect(callback.json<{ lead: LeadCard }>().lead.plan).toMatchObject({
      at: agreed.toISOString(),
      basis: 'rappel_convenu',
      agreedAt: agreed.toISOString(),
    })
    clock = paris('12-03', '08:25')
    expect((await record(id, { outcome: 'pas_de_reponse' })).statusCode).toBe(201)

    // Beyond the 30 days of the request: refused (R112-7).
    clock = paris('12-03', '10:45')
    const far = await record(id, {
      outcome: 'rappeler',
      rappel_le: parisTime(2027, 1, 4, 10 * 60).toISOString(),
    })
    expect(far.statusCode).toBe(409)
    expect(far.json().error).toMatch(/^Rappel refusé\u00a0: au-delà des 30 jours de la demande/)

    const plan = (le: Date) =>
      app.inject({
        method: 'POST',
        url: `/admin/api/leads/${id}/plan`,
        headers: headers(),
        payload: JSON.stringify({ le: le.toISOString() }),
      })
    clock = paris('12-03', '11:00')
    expect((await plan(paris('12-05', '11:00'))).json().reason).toBe('hors_horaires')
    const moved = await plan(paris('12-04', '16:15'))
    expect(moved.statusCode).toBe(201)
    expect(moved.json<{ lead: LeadCard }>().lead.plan).toMatchObject({
      at: paris('12-04', '16:15').toISOString(),
      basis: 'reprogramme',
    })
  })

  it('lists "À appeler maintenant": only the persons due now, soonest due first', async () => {
    const campaign = `maintenant-${Math.random().toString(36).slice(2, 10)}`
    clock = paris('12-07', '11:00')
    const older = await newLead({ utm_campaign: campaign }, 90)
    const newer = await newLead({ utm_campaign: campaign }, 10)
    await newLead({ utm_campaign: campaign, rappel_prefere: 'soir' }, 20)
    const missed = await newLead({ utm_campaign: campaign }, 120)
    clock = paris('12-07', '10:50')
    expect((await record(missed, { outcome: 'pas_de_reponse' })).statusCode).toBe(201)
    clock = paris('12-07', '11:00')
    const list = async () => {
      const response = await app.inject({
        method: 'GET',
        url: `/admin/api/leads?maintenant=1&campagne=${campaign}`,
        headers: headers(),
      })
      return response.json<{ leads: LeadCard[] }>().leads.map((lead) => lead.id)
    }
    expect(await list()).toEqual([older, newer])
    clock = paris('12-07', '11:25')
    expect(await list()).toEqual([older, newer, missed])
    clock = paris('12-07', '13:10')
    expect(await list()).toEqual([])
  })

  const newPhone = () => `06${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`

  it('keeps a callback agreed before the person’s new request, and takes the call at its time', async () => {
    clock = paris('12-08', '19:00')
    const telephone = newPhone()
    const first = await newLead({ telephone })
    const agreed = paris('12-08', '20:30')
    const callback = await record(first, { outcome: 'rappeler', rappel_le: agreed.toISOString() })
    expect(callback.statusCode).toBe(201)
    clock = paris('12-08', '19:10')
    const second = await newLead({ telephone }, 1)
    const { lead } = await cardOf(first)
    expect(lead.id).toBe(second)
    expect(lead.plan).toMatchObject({
      at: agreed.toISOString(),
      basis: 'rappel_convenu',
      agreedAt: agreed.toISOString(),
    })
    clock = agreed
    const made = await record(second, { outcome: 'joint' })
    expect(made.statusCode, made.body).toBe(201)
  })

  it('undoes and reprograms on the person whichever of its requests the card was opened on', async () => {
    clock = paris('12-09', '10:30')
    const telephone = newPhone()
    const first = await newLead({ telephone })
    const recorded = await record(first, { outcome: 'pas_de_reponse' })
    expect(recorded.statusCode).toBe(201)
    const callId = recorded.json<{ call: { id: string } }>().call.id
    clock = paris('12-09', '10:33')
    const second = await newLead({ telephone }, 1)
    expect((await cardOf(first)).lead.id).toBe(second)

    // Another person's id does not reach the call.
    expect((await undo(await newLead(), callId)).statusCode).toBe(404)
    const undone = await undo(second, callId)
    expect(undone.statusCode, undone.body).toBe(200)
    expect(undone.json<{ lead: LeadCard }>().lead.standing).toMatchObject({ attemptsLeft: 4 })

    // "Reprogrammer" from the card still open on the first request: the person's plan.
    const moved = await app.inject({
      method: 'POST',
      url: `/admin/api/leads/${first}/plan`,
      headers: headers(),
      payload: JSON.stringify({ le: paris('12-11', '16:15').toISOString() }),
    })
    expect(moved.statusCode, moved.body).toBe(201)
    expect((await cardOf(second)).lead.plan).toMatchObject({
      at: paris('12-11', '16:15').toISOString(),
      basis: 'reprogramme',
    })
  })
})
