import { createHash } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import { validLead, waitFor } from '../test-support/lead-fixtures'
import {
  startMetaGraphStandIn,
  type GraphMode,
  type MetaGraphStandIn,
} from '../test-support/meta-graph-stand-in'
import { databaseKinds } from '../test-support/test-databases'
import { roomyRateLimits, startTestRelay, type TestRelay } from '../test-support/test-relay'

const fastRetries = { backoff: { baseMs: 50, maxMs: 200 }, pollMs: 50, rateLimits: roomyRateLimits }
const token = 'EAAGstandInToken0123456789abcdef'
const pixelId = '123456789012345'
const userAgent = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148'

/** Computed here from the values typed, not with the relay's own code. */
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')

// The first test of a worker also creates the embedded database's template: seconds of work.
describe.each(databaseKinds())(
  "Meta's Conversions API on the %s database",
  { timeout: 30_000 },
  (kind) => {
    let relay: TestRelay | undefined
    let meta: MetaGraphStandIn | undefined

    afterEach(async () => {
      await relay?.stop()
      await meta?.close()
    })

    async function start(mode: GraphMode = 'ok', testEventCode?: string) {
      meta = await startMetaGraphStandIn()
      meta.mode = mode
      relay = await startTestRelay(
        kind,
        {
          meta: {
            accessToken: token,
            pixelId,
            graphUrl: meta.url,
            graphVersion: 'v25.0',
            testEventCode,
            stageEvents: {},
          },
        },
        fastRetries,
      )
      return { relay, meta }
    }

    const post = (body: unknown, cookie?: string) =>
      relay!.app.inject({
        method: 'POST',
        url: '/api/leads',
        remoteAddress: '2a01:cb00:1234:5678::42',
        headers: {
          'content-type': 'application/json',
          'user-agent': userAgent,
          ...(cookie ? { cookie } : {}),
        },
        payload: JSON.stringify(body),
      })

    const metaRow = async () => {
      const [row] = await relay!.db.query<{
        state: string
        attempts: number
        last_error: string | null
      }>("SELECT state, attempts, last_error FROM lead_deliveries WHERE destination = 'meta'")
      return row
    }

    it('sends one Lead per consented lead: exact body, hashes of the normalised details, the pixel’s event id', async () => {
      const { relay, meta } = await start('ok', 'TEST4242')
      const body = validLead({
        prenom: ' Jean-Éric ',
        nom: "D'Artagnan",
        email: '  Jean.Eric@Exemple.FR ',
        telephone: '06 12 34 56 78',
        event_id: 'c0ffee00-1111-4222-8333-444455556666',
        consentement_publicite: true,
        fbclid: 'IwAR2x_Y-z',
        page_url: 'https://assurance.example/?utm_campaign=printemps&fbclid=IwAR2x_Y-z',
      })
      const response = await post(body, 'theme=clair; _fbp=fb.1.1763800000000.1234567890; x=1')
      expect(response.statusCode).toBe(202)
      await waitFor(async () => (await metaRow())?.state === 'delivered', { what: 'Meta delivery' })

      const [lead] = await relay.db.query<{ received_at: Date }>('SELECT received_at FROM leads')
      const receivedMs = lead!.received_at.getTime()
      expect(meta.requests).toHaveLength(1)
      const [request] = meta.requests
      expect(request!.method).toBe('POST')
      expect(request!.url).toBe(`/graph/v25.0/${pixelId}/events`)
      expect(request!.headers['content-type']).toBe('application/json')
      expect(request!.body).toStrictEqual({
        data: [
          {
            event_name: 'Lead',
            event_time: Math.floor(receivedMs / 1000),
            event_id: 'c0ffee00-1111-4222-8333-444455556666',
            action_source: 'website',
            event_source_url: 'https://assurance.example/?utm_campaign=printemps&fbclid=IwAR2x_Y-z',
            user_data: {
              em: sha256('jean.eric@exemple.fr'),
              ph: sha256('33612345678'),
              fn: sha256('jeanéric'.normalize('NFC')),
              ln: sha256('dartagnan'),
              country: sha256('fr'),
              client_ip_address: '2a01:cb00:1234:5678::42',
              client_user_agent: userAgent,
              fbp: 'fb.1.1763800000000.1234567890',
              fbc: `fb.1.${receivedMs}.IwAR2x_Y-z`,
            },
          },
        ],
        access_token: token,
        test_event_code: 'TEST4242',
      })
    })

    it('takes fbc from the _fbc cookie over the fbclid, and leaves out what the lead does not have', async () => {
      const { meta } = await start()
      await post(
        validLead({ consentement_publicite: true, fbclid: 'IwARfromUrl' }),
        '_fbc=fb.1.1763700000000.IwARfromCookie',
      )
      await waitFor(async () => (await metaRow())?.state === 'delivered', { what: 'Meta delivery' })
      const event = (meta.requests[0]!.body.data as Record<string, unknown>[])[0]!
      const userData = event.user_data as Record<string, unknown>
      expect(userData.fbc).toBe('fb.1.1763700000000.IwARfromCookie')
      expect(userData).not.toHaveProperty('fbp')
      // A lead from an older page or another sender has no event id: none is made up.
      expect(event).not.toHaveProperty('event_id')
      expect(meta.requests[0]!.body).not.toHaveProperty('test_event_code')
    })

    it('sends nothing for a lead without ad consent, or without the key, and keeps none of its Meta cookies', async () => {
      const { relay, meta } = await start()
      const cookie = '_fbp=fb.1.1763800000000.99; _fbc=fb.1.1763800000000.IwARx'
      await post(validLead({ consentement_publicite: false, event_id: 'evt-1' }), cookie)
      await post(validLead(), cookie)
      await post(validLead({ consentement_publicite: true }), 'other=1')
      await waitFor(async () => (await metaRow())?.state === 'delivered', { what: 'Meta delivery' })
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(meta.requests).toHaveLength(1)
      const rows = await relay.db.query<{ consentement_publicite: boolean; fbp: string | null }>(
        'SELECT consentement_publicite, fbp, fbc FROM leads ORDER BY received_at',
      )
      expect(rows).toEqual([
        { consentement_publicite: false, fbp: null, fbc: null },
        { consentement_publicite: false, fbp: null, fbc: null },
        { consentement_publicite: true, fbp: null, fbc: null },
      ])
      const queued = await relay.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM lead_deliveries WHERE destination = 'meta'",
      )
      expect(queued[0]!.n).toBe(1)
    })

    it.each([['transient'], ['down'], ['throttled']] as const)(
      'retries when Meta answers %s, then delivers once Meta accepts',
      async (mode) => {
        const { meta } = await start(mode)
        await post(validLead({ consentement_publicite: true }))
        await waitFor(() => meta.requests.length >= 2, { what: 'a retry' })
        expect((await metaRow())!.state).toBe('pending')
        meta.mode = 'ok'
        await waitFor(async () => (await metaRow())?.state === 'delivered', { what: 'delivery' })
      },
    )

    it("parks on Meta's permanent errors with Meta's own message, and on a 200 without the event", async () => {
      const { meta } = await start('invalid')
      await post(validLead({ consentement_publicite: true }))
      await waitFor(async () => (await metaRow())?.state === 'parked', { what: 'parking' })
      expect(meta.requests).toHaveLength(1)
      expect((await metaRow())!.last_error).toBe(
        'Meta: Invalid parameter — The fbc parameter is not formatted correctly. (code 100, subcode 2804001, fbtrace_id AbCdEfStandIn)',
      )

      await relay!.db.query('DELETE FROM leads')
      meta.mode = 'none'
      await post(validLead({ consentement_publicite: true }))
      await waitFor(async () => (await metaRow())?.state === 'parked', { what: 'parking' })
      expect((await metaRow())!.last_error).toMatch(/received 0 event\(s\) instead of 1/)
    })

    it('parks an event older than 7 days instead of sending it', async () => {
      const { relay, meta } = await start('transient')
      await post(validLead({ consentement_publicite: true }))
      await waitFor(() => meta.requests.length >= 1, { what: 'a first attempt' })
      await relay.db.query("UPDATE leads SET received_at = now() - interval '7 days 1 minute'")
      await waitFor(async () => (await metaRow())?.state === 'parked', { what: 'parking' })
      const sent = meta.requests.length
      expect((await metaRow())!.last_error).toMatch(/more than 7 days old/)
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(meta.requests).toHaveLength(sent)
    })

    it('never writes the access token to a log line or a stored error, even when Meta echoes it', async () => {
      const { relay } = await start('echo-token')
      await post(validLead({ consentement_publicite: true }))
      await waitFor(async () => (await metaRow())?.state === 'parked', { what: 'parking' })
      expect((await metaRow())!.last_error).toBe('Meta: Malformed access token [token] (code 190)')
      expect(relay.logLines.join('\n')).toContain('Malformed access token')
      expect(relay.logLines.join('\n')).not.toContain(token)
    })
  },
)
