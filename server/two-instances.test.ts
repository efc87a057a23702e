/**
 * Two relays on one PostgreSQL share what a client may do, whichever instance a load balancer
 * sends each request to: a client's budget of leads, the login throttle, and the back-office
 * session.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAdmin } from './test-support/admin-fixtures'
import { validLead } from './test-support/lead-fixtures'
import { postgresUrl } from './test-support/test-databases'
import { roomyRateLimits, startTestRelay, type TestRelay } from './test-support/test-relay'

const host = 'courtier.example'
const origin = `http://${host}`

describe.runIf(postgresUrl)('two instances on one PostgreSQL', () => {
  let first: TestRelay
  let second: TestRelay
  // Two leads per client, then one every 1,000 s: the third is refused, wherever it arrives.
  const rateLimits = { ...roomyRateLimits, leads: { burst: 2, perSecond: 0.001 } }

  beforeAll(async () => {
    first = await startTestRelay('postgres', {}, { rateLimits })
    second = await startTestRelay(
      'postgres',
      { databaseUrl: first.config.databaseUrl },
      { rateLimits },
    )
  }, 60_000)
  afterAll(async () => {
    await second?.stop()
    await first?.stop()
  })

  const postLead = (relay: TestRelay, address: string) =>
    relay.app.inject({
      method: 'POST',
      url: '/api/leads',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      payload: JSON.stringify(validLead()),
    })

  it('count a client’s leads together, and keep no address in the database', async () => {
    expect((await postLead(first, '198.51.100.7')).statusCode).toBe(202)
    expect((await postLead(second, '198.51.100.7')).statusCode).toBe(202)
    const third = await postLead(first, '198.51.100.7')
    expect(third.statusCode).toBe(429)
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0)
    expect((await postLead(second, '198.51.100.7')).statusCode).toBe(429)
    // Another client has its own budget.
    expect((await postLead(second, '198.51.100.8')).statusCode).toBe(202)

    const keys = await first.db.query<{ key: string }>('SELECT key FROM rate_limit_buckets')
    expect(keys).toHaveLength(2)
    expect(keys.map((row) => row.key).join(' ')).not.toContain('198.51.100')
  })

  const logIn = (relay: TestRelay, email: string, password: string, address: string) =>
    relay.app.inject({
      method: 'POST',
      url: '/admin/api/login',
      headers: {
        host,
        origin,
        'content-type': 'application/json',
        'x-forwarded-for': address,
      },
      payload: JSON.stringify({ email, password }),
    })

  it('lock an account after five wrong passwords spread over both', async () => {
    const account = await createAdmin(first.db)
    const answers: number[] = []
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const relay = attempt % 2 === 0 ? first : second
      const answer = await logIn(relay, account.email, 'pas le bon mot de passe', '192.0.2.44')
      answers.push(answer.statusCode)
    }
    // The fifth failure, counted over both, is the one that locks.
    expect(answers).toEqual([401, 401, 401, 401, 429])
    // Locked on both, even with the right password, until the lock ends.
    expect((await logIn(second, account.email, account.password, '192.0.2.45')).statusCode).toBe(
      429,
    )
    expect((await logIn(first, account.email, account.password, '192.0.2.46')).statusCode).toBe(429)
  }, 30_000)

  it('accept on one the session opened on the other', async () => {
    const account = await createAdmin(first.db)
    const login = await logIn(first, account.email, account.password, '192.0.2.50')
    expect(login.statusCode).toBe(200)
    const cookie = [login.headers['set-cookie']]
      .flat()
      .map(String)
      .find((line) => line.startsWith('admin_session='))
      ?.split(';')[0]
    expect(cookie).toBeDefined()
    const leads = await second.app.inject({
      method: 'GET',
      url: '/admin/api/leads',
      headers: { host, cookie: cookie! },
    })
    expect(leads.statusCode).toBe(200)
  })
})
