import { afterEach, describe, expect, it } from 'vitest'
import { validLead, waitFor } from '../test-support/lead-fixtures'
import { decodedHeader, startNtfyStandIn, type NtfyStandIn } from '../test-support/ntfy-stand-in'
import { databaseKinds } from '../test-support/test-databases'
import { roomyRateLimits, startTestRelay, type TestRelay } from '../test-support/test-relay'

const fastRetries = { backoff: { baseMs: 50, maxMs: 400 }, pollMs: 50, rateLimits: roomyRateLimits }

describe.each(databaseKinds())('ntfy deliveries on the %s database', (kind) => {
  let relay: TestRelay | undefined
  let ntfy: NtfyStandIn | undefined

  afterEach(async () => {
    await relay?.stop()
    await ntfy?.close()
  })

  async function start(token?: string) {
    ntfy = await startNtfyStandIn()
    relay = await startTestRelay(
      kind,
      { publicUrl: 'https://assurance.example', ntfy: { url: ntfy.url, token } },
      fastRetries,
    )
    return { relay, ntfy }
  }

  async function post(body: Record<string, unknown>): Promise<string> {
    const response = await relay!.app.inject({
      method: 'POST',
      url: '/api/leads',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    })
    expect(response.statusCode).toBe(202)
    const [row] = await relay!.db.query<{ id: string }>('SELECT id FROM leads WHERE email = $1', [
      body.email,
    ])
    return row!.id
  }

  const state = async (leadId: string) =>
    (
      await relay!.db.query<{ state: string }>(
        "SELECT state FROM lead_deliveries WHERE lead_id = $1 AND destination = 'ntfy'",
        [leadId],
      )
    )[0]?.state

  it('publishes one message per lead, with the card as Click and nothing a lock screen must hide', async () => {
    const { ntfy } = await start('tk_jeton-de-test')
    const lead = validLead({
      prenom: 'Élodie',
      nom: 'Durand-Lefèvre',
      telephone: '06 98 76 54 32',
      utm_campaign: 'automne',
      rappel_prefere: 'matin',
      simulation: {
        montant_emprunte: 200_000,
        duree_restante_ans: 20,
        age: 32,
        cotisation_mensuelle: null,
        assures: 'seul',
        economie_min: 2_400,
        economie_max: 10_800,
        bareme: '2026-11-22',
      },
    })
    const leadId = await post(lead)
    await waitFor(async () => (await state(leadId)) === 'delivered', { what: 'the ntfy delivery' })
    expect(ntfy.received).toHaveLength(1)
    const [message] = ntfy.received
    expect(message!.method).toBe('POST')
    expect(message!.path).toBe('/alertes-courtier-test')
    expect(decodedHeader(message!.headers.title)).toBe('Nouvelle demande\u00a0: Élodie D.')
    expect(message!.headers.click).toBe(`https://assurance.example/admin/demandes/${leadId}`)
    expect(message!.headers.priority).toBe('high')
    expect(message!.headers.tags).toBeTruthy()
    expect(message!.headers.authorization).toBe('Bearer tk_jeton-de-test')
    expect(message!.body).toContain('2\u00a0400\u00a0€ à 10\u00a0800\u00a0€')
    expect(message!.body).toContain('Campagne\u00a0: automne')
    expect(message!.body).toContain('Rappel\u00a0: le matin')
    const everything = [message!.body, ...Object.values(message!.headers).map(decodedHeader)].join(
      '\n',
    )
    for (const secret of ['Durand', 'Lefèvre', lead.email as string, '0698765432', '98 76 54']) {
      expect(everything).not.toContain(secret)
    }
  })

  it('retries a server error, and parks a refusal without sending it again', async () => {
    const { ntfy } = await start()
    ntfy.mode = 'fail'
    const retried = await post(validLead())
    await waitFor(() => ntfy.received.length >= 2, { what: 'a second attempt' })
    ntfy.mode = 'ok'
    await waitFor(async () => (await state(retried)) === 'delivered', { what: 'the retry' })
    expect(ntfy.received.at(-1)!.headers.authorization).toBeUndefined()

    ntfy.mode = 'reject'
    const before = ntfy.received.length
    const refused = await post(validLead())
    await waitFor(async () => (await state(refused)) === 'parked', { what: 'the parking' })
    expect(ntfy.received.length).toBe(before + 1)
  })
})
