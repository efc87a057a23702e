/**
 * A person who sends many leads must not slow down everyone else: a new lead once updated every
 * earlier lead of its email (2 s a request after ~1,500 of them on the embedded database, and
 * deadlocks on PostgreSQL when two arrived at once with different phones).
 */
import { performance } from 'node:perf_hooks'
import { describe, expect, it } from 'vitest'
import { validLead } from '../test-support/lead-fixtures'
import { databaseKinds } from '../test-support/test-databases'
import { useTestRelay } from '../test-support/test-relay'

const json = { 'content-type': 'application/json' }
const sharedEmail = 'toujours-la-meme@exemple.fr'
const seeded = 2_000

/** A distinct valid mobile number per index. */
const phone = (index: number) => `07${String(index).padStart(8, '0')}`

describe.each(databaseKinds())('one email with many leads on the %s database', (kind) => {
  const relay = useTestRelay(kind)

  const postLead = (body: Record<string, unknown>) =>
    relay().app.inject({
      method: 'POST',
      url: '/api/leads',
      headers: json,
      payload: JSON.stringify(body),
      remoteAddress: '203.0.113.7',
    })

  it('answers a lead with another email quickly, and never fails one, after 2,000 leads with one email', async () => {
    const db = relay().db
    // What 2,000 requests would have stored, written at once: the person's last interaction
    // (where the schema has it), and the leads, older than the duplicate window.
    const [schema] = await db.query<{ contacts: boolean }>(
      "SELECT to_regclass('contacts') IS NOT NULL AS contacts",
    )
    if (schema?.contacts) {
      await db.query('INSERT INTO contacts (email, last_interaction_at) VALUES ($1, now())', [
        sharedEmail,
      ])
    }
    await db.query(
      `INSERT INTO leads (id, received_at, email, telephone, payload, consent_text, client_ip, user_agent)
       SELECT gen_random_uuid(), now() - interval '1 day' + i * interval '1 second', $1,
              '07' || lpad(i::text, 8, '0'),
              jsonb_build_object('nom', 'Martin', 'prenom', 'Zoé', 'email', $1::text,
                'telephone', '07' || lpad(i::text, 8, '0'), 'source', 'facebook_ads',
                'page_url', 'https://assurance.example/', 'timestamp', '2026-11-23T10:00:00.000Z',
                'consentement', true, 'consentement_texte', 'texte'),
              'texte', '203.0.113.9', 'Test'
       FROM generate_series(1, $2::int) AS i`,
      [sharedEmail, seeded],
    )
    // A few through the API, one after the other.
    for (let index = 0; index < 5; index += 1) {
      const response = await postLead(
        validLead({ email: sharedEmail, telephone: phone(seeded + 1 + index) }),
      )
      expect(response.statusCode).toBe(202)
    }

    // Leads with that email keep arriving, several at once with different phones, while other
    // people send theirs.
    const statuses: number[] = []
    let next = seeded + 100
    const sameEmailSender = async () => {
      for (let sent = 0; sent < 20; sent += 1) {
        const response = await postLead(validLead({ email: sharedEmail, telephone: phone(next++) }))
        statuses.push(response.statusCode)
      }
    }
    const latencies: number[] = []
    const otherSender = async () => {
      for (let sent = 0; sent < 20; sent += 1) {
        const started = performance.now()
        const response = await postLead(validLead())
        latencies.push(performance.now() - started)
        statuses.push(response.statusCode)
      }
    }
    await Promise.all([sameEmailSender(), sameEmailSender(), sameEmailSender(), otherSender()])

    latencies.sort((a, b) => a - b)
    const p99 = latencies.at(-1) ?? NaN
    const p50 = latencies[Math.floor(latencies.length / 2)] ?? NaN
    console.log(
      `${kind}: a lead with another email after ${seeded} with one email, while 3 senders post more of them: p50 ${p50.toFixed(1)} ms, p99 (slowest of 20) ${p99.toFixed(1)} ms`,
    )
    expect(statuses.filter((status) => status !== 202)).toEqual([])
    const [{ count } = { count: 0 }] = await db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM leads WHERE email = $1',
      [sharedEmail],
    )
    expect(count).toBe(seeded + 5 + 60)
    // The target is 100 ms, with room for a loaded machine; the old code (every earlier lead of
    // the email updated by each request) gave p50 255 ms and p99 318 ms here on the embedded
    // database, and two 500s (deadlocks) on PostgreSQL.
    expect(p99).toBeLessThan(150)
  }, 120_000)
})
