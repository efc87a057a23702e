/**
 * The going-live check's test lead (`est_test`) carries the broker's own address: it must not
 * join a real person's card, make a real request a "2ᵉ demande", appear in the list, or count in
 * the backlog that /healthz, the deliveries banner and the failing-channel alerts read.
 */
import { describe, expect, it } from 'vitest'
import type { LeadCard } from '../common/back-office/screens-api'
import { signTestLeadToken, testLeadTokenHeader } from './api/test-lead-token'
import { deliveryBacklog } from './delivery/deliveries'
import { requestRanks } from './storage/persons'
import { loggedInAdmin } from './test-support/admin-client'
import { startForwardTarget } from './test-support/forward-target'
import { validLead, waitFor } from './test-support/lead-fixtures'
import { databaseKinds } from './test-support/test-databases'
import { roomyRateLimits, startTestRelay } from './test-support/test-relay'

describe.each(databaseKinds())('the check’s test lead on the %s database', (kind) => {
  it('stays apart from real persons, the list and the backlog', async () => {
    const target = await startForwardTarget()
    target.mode = 'reject'
    const relay = await startTestRelay(
      kind,
      { leadForwardUrl: target.url },
      { rateLimits: roomyRateLimits, pollMs: 50 },
    )
    try {
      const broker = { email: 'alertes@courtier.example', telephone: '06 39 98 00 00' }
      const post = (lead: Record<string, unknown>, headers: Record<string, string> = {}) =>
        relay.app.inject({
          method: 'POST',
          url: '/api/leads',
          headers: { 'content-type': 'application/json', ...headers },
          payload: JSON.stringify(lead),
        })
      // A real request from the broker's own address, then the check's test lead.
      expect((await post(validLead({ ...broker, telephone: '06 11 22 33 44' }))).statusCode).toBe(
        202,
      )
      const test = await post(validLead({ ...broker, est_test: true, prenom: 'Test' }), {
        [testLeadTokenHeader]: signTestLeadToken(relay.config.appSecret!),
      })
      expect(test.statusCode).toBe(202)
      const testId = test.json<{ id: string }>().id
      const [real] = await relay.db.query<{ id: string }>(
        "SELECT id FROM leads WHERE payload ->> 'est_test' IS NULL AND email = $1",
        [broker.email],
      )

      // Both deliveries refused for good: only the real one is the broker's backlog.
      await waitFor(
        async () =>
          (
            await relay.db.query(
              "SELECT 1 FROM lead_deliveries WHERE state = 'parked' AND destination = 'webhook'",
            )
          ).length === 2,
        { what: 'both deliveries parked' },
      )
      expect((await deliveryBacklog(relay.db)).webhook).toMatchObject({ parked: 1 })

      // Neither a "2ᵉ demande" nor one card with the real request, and not listed.
      const ranks = await requestRanks(relay.db, [real!.id, testId])
      expect(ranks.get(real!.id)?.number).toBe(1)
      expect(ranks.get(testId)?.number).toBe(1)
      const advisor = await loggedInAdmin(relay)
      const listed = await advisor.request(
        'GET',
        `/admin/api/leads?q=${encodeURIComponent(broker.email)}`,
      )
      const { leads } = listed.json<{ leads: LeadCard[] }>()
      expect(leads.map((lead) => lead.id)).toEqual([real!.id])
      expect(leads[0]?.requests).toHaveLength(1)
    } finally {
      await relay.stop()
      await target.close()
    }
  }, 60_000)
})
