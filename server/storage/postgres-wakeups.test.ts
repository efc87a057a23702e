/**
 * Two relays on one PostgreSQL, both polling only once a minute: a lead accepted by the first,
 * whose one delivery slot is held by a webhook that does not answer, is delivered by the second
 * at once, woken by the first's NOTIFY rather than by its poll.
 */
import pino from 'pino'
import { afterEach, describe, expect, it } from 'vitest'
import { startForwardTarget, type ForwardTarget } from '../test-support/forward-target'
import { validLead, waitFor } from '../test-support/lead-fixtures'
import { createPostgresDatabase, postgresUrl } from '../test-support/test-databases'
import { roomyRateLimits, startTestRelay, type TestRelay } from '../test-support/test-relay'
import { listenForWakeups, wakeupChannel } from './postgres-wakeups'
import { openPostgresDatabase } from './postgres-database'

const slowPoll = { pollMs: 60_000, rateLimits: roomyRateLimits }

describe.runIf(postgresUrl)('delivery wake-ups between instances (LISTEN/NOTIFY)', () => {
  const relays: TestRelay[] = []
  let target: ForwardTarget | undefined

  afterEach(async () => {
    await target?.close()
    // The one that made the database last: it drops it.
    for (const relay of relays.splice(0).reverse()) await relay.stop()
  })

  const post = async (relay: TestRelay, overrides: Record<string, unknown>) => {
    const response = await relay.app.inject({
      method: 'POST',
      url: '/api/leads',
      headers: { 'content-type': 'application/json', 'user-agent': 'Test' },
      payload: JSON.stringify(validLead(overrides)),
    })
    expect(response.statusCode).toBe(202)
  }

  it('has another instance deliver a lead the accepting one has no slot for', async () => {
    target = await startForwardTarget()
    const accepting = await startTestRelay(
      'postgres',
      { leadForwardUrl: target.url, deliveryConcurrency: 1, forwardTimeoutMs: 30_000 },
      slowPoll,
    )
    relays.push(accepting)
    const other = await startTestRelay(
      'postgres',
      { leadForwardUrl: target.url, databaseUrl: accepting.config.databaseUrl },
      slowPoll,
    )
    relays.push(other)

    // The first lead's delivery hangs, holding the accepting instance's only slot (or the
    // other's, whichever woke first: either way one instance stays free).
    target.mode = 'hang'
    await post(accepting, { prenom: 'Anne' })
    await waitFor(() => target!.received.length === 1, { what: 'the first delivery sent' })
    target.mode = 'ok'
    await post(accepting, { prenom: 'Bruno' })
    await waitFor(() => target!.received.some((delivery) => delivery.body.prenom === 'Bruno'), {
      what: 'the second lead delivered while the first still hangs',
      timeoutMs: 10_000,
    })
    expect(target.received.find((delivery) => delivery.body.prenom === 'Anne')?.answered).toBe(
      'hang',
    )
  })

  it('listens again after its connection is cut, and wakes once for what it missed', async () => {
    const database = await createPostgresDatabase()
    const db = openPostgresDatabase(database.url)
    let woken = 0
    const wakeups = listenForWakeups(database.url, db, {
      onWake: () => (woken += 1),
      log: pino({ level: 'silent' }),
      retryMs: { base: 50, max: 200 },
    })
    try {
      const listening = async () =>
        (
          await db.query<{ pid: number }>(
            "SELECT pid FROM pg_stat_activity WHERE application_name = 'lead-relay-wakeups' AND datname = current_database()",
          )
        ).map((row) => row.pid)
      await waitFor(async () => (await listening()).length === 1, { what: 'the listener' })
      wakeups.notify()
      await waitFor(() => woken === 1, { what: 'its own notification' })

      const [pid] = await listening()
      await db.query('SELECT pg_terminate_backend($1)', [pid])
      await waitFor(
        async () => {
          const now = await listening()
          return now.length === 1 && now[0] !== pid
        },
        { what: 'the listener back on a new connection' },
      )
      await waitFor(() => woken === 2, { what: 'the wake-up for what it missed' })
      await db.query("SELECT pg_notify($1, '')", [wakeupChannel])
      await waitFor(() => woken === 3, { what: 'a notification after the reconnection' })
    } finally {
      await wakeups.close()
      await db.close()
      await database.drop()
    }
  })
})
