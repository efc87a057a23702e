/**
 * The back-office's login, sessions and guards, through the relay's HTTP interface on both
 * databases: what a browser, a guesser or a cross-site page gets.
 */
import { randomUUID } from 'node:crypto'
import type { LightMyRequestResponse } from 'fastify'
import { describe, expect, it } from 'vitest'
import { adminPassword, createAdmin } from '../test-support/admin-fixtures'
import { validLead } from '../test-support/lead-fixtures'
import { screensApiRoutes } from '../test-support/admin-screens-routes'
import { databaseKinds } from '../test-support/test-databases'
import {
  roomyRateLimits,
  startTestRelay,
  useTestRelay,
  type TestRelay,
} from '../test-support/test-relay'
import { saveAccount } from './admin-accounts'
import { hashPassword } from './passwords'
import { adminContentSecurityPolicy } from '../back-office/register-back-office'

const host = 'courtier.example'
const ownOrigin = `http://${host}`

/** Each test its own client address, so that the per-address counts of one do not touch another. */
const newAddress = () => `198.51.100.${Math.floor(Math.random() * 250) + 1}`

interface Client {
  ip?: string
  https?: boolean
  origin?: string | null
  cookie?: string
}

function headersFor({ ip = '192.0.2.10', https = false, origin, cookie }: Client) {
  return {
    host,
    'x-forwarded-for': ip,
    ...(https ? { 'x-forwarded-proto': 'https' } : {}),
    ...(origin === null ? {} : { origin: origin ?? (https ? `https://${host}` : ownOrigin) }),
    ...(cookie ? { cookie } : {}),
  }
}

/** Each Set-Cookie header of the response, as sent. */
function setCookies(response: LightMyRequestResponse): string[] {
  const header = response.headers['set-cookie']
  return header === undefined ? [] : [header].flat().map(String)
}

/** `name=value` of the response's session (or other) cookie, to send back as a Cookie header. */
function cookieFrom(response: LightMyRequestResponse, name = 'admin_session'): string {
  const line = setCookies(response).find((entry) => entry.split('=')[0]?.endsWith(name))
  return line?.split(';')[0] ?? ''
}

const badPassword = 'pas le bon mot de passe'

describe.each(databaseKinds())('the back-office login on the %s database', (kind) => {
  const relay = useTestRelay(kind)

  const login = (email: string, password: string, client: Client = {}) =>
    relay().app.inject({
      method: 'POST',
      url: '/admin/api/login',
      headers: { ...headersFor(client), 'content-type': 'application/json' },
      payload: JSON.stringify({ email, password }),
    })
  const get = (url: string, client: Client = {}) =>
    relay().app.inject({ method: 'GET', url, headers: headersFor({ origin: null, ...client }) })
  const post = (url: string, client: Client = {}) =>
    relay().app.inject({
      method: 'POST',
      url,
      headers: { ...headersFor(client), 'content-type': 'application/json' },
      payload: '{}',
    })

  async function loggedIn(client: Client = {}) {
    const account = await createAdmin(relay().db)
    const response = await login(account.email, account.password, client)
    expect(response.statusCode).toBe(200)
    return { ...account, cookie: cookieFrom(response), response }
  }

  it('redirects every page to the login and answers 401 on every API without a session', async () => {
    for (const url of ['/admin', '/admin/', '/admin/livraisons', '/admin/donnees', '/admin/x']) {
      const response = await get(url)
      expect(response.statusCode, url).toBe(303)
      expect(response.headers.location, url).toBe('/admin/login')
      expect(response.body, url).toBe('')
    }
    for (const [method, url] of [
      ['GET', '/admin/api/session'],
      ...screensApiRoutes(randomUUID()),
      ['GET', '/admin/api/leads?q=a&campagne=b&etat=nouveau'],
      ['POST', '/admin/api/leads/erase'],
      ['DELETE', '/admin/api/anything'],
    ] as const) {
      const response = await relay().app.inject({ method, url, headers: headersFor({}) })
      expect(response.statusCode, url).toBe(401)
      expect(response.json(), url).toEqual({
        error: 'Session absente ou expirée\u00a0: reconnectez-vous.',
      })
    }
    const forged = await get('/admin/api/session', { cookie: `admin_session=${'A'.repeat(43)}` })
    expect(forged.statusCode).toBe(401)
  })

  it('leads a lead’s card through the login and back, and serves it to a session', async () => {
    const card = `/admin/demandes/${randomUUID()}`
    const away = await get(card)
    expect(away.statusCode).toBe(303)
    expect(away.headers.location).toBe(`/admin/login?suite=${encodeURIComponent(card)}`)
    const { cookie } = await loggedIn({ ip: newAddress() })
    expect((await get(card, { cookie })).statusCode).toBe(200)
    expect((await get('/admin/demandes/pas-un-identifiant', { cookie })).statusCode).toBe(404)
    for (const [suite, landing] of [
      [card, card],
      ['https://ailleurs.example/', '/admin'],
      ['//ailleurs.example/admin/demandes/x', '/admin'],
    ] as const) {
      const back = await get(`/admin/login?suite=${encodeURIComponent(suite)}`, { cookie })
      expect(back.statusCode, suite).toBe(303)
      expect(back.headers.location, suite).toBe(landing)
    }
  })

  it('serves the login page and the assets without a session, never cached but the assets', async () => {
    const page = await get('/admin/login')
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('<title>Espace courtier</title>')
    expect(page.headers['content-security-policy']).toBe(adminContentSecurityPolicy)
    expect(page.headers['cache-control']).toBe('no-store')
    expect(page.headers['x-robots-tag']).toBe('noindex, nofollow')
    expect(page.headers['x-content-type-options']).toBe('nosniff')
    const asset = await get('/admin/assets/admin-AbC123.js')
    expect(asset.statusCode).toBe(200)
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    const api = await get('/admin/api/session')
    expect(api.headers['cache-control']).toBe('no-store')
    // The public site keeps its own policy.
    expect((await get('/')).headers['content-security-policy']).not.toBe(adminContentSecurityPolicy)
  })

  it('logs in with the right password: an HttpOnly, SameSite=Strict cookie for /admin over HTTP', async () => {
    const { email, cookie, response } = await loggedIn({ ip: newAddress() })
    expect(response.json()).toEqual({ email })
    expect(setCookies(response)).toEqual([
      expect.stringMatching(
        /^admin_session=[A-Za-z0-9_-]{43}; Path=\/admin; HttpOnly; SameSite=Strict$/,
      ),
      // The device cookie: a year, and the same guards as the session's.
      expect.stringMatching(
        /^admin_device=[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}; Path=\/admin; Max-Age=31536000; HttpOnly; SameSite=Strict$/,
      ),
    ])
    expect((await get('/admin/api/session', { cookie })).json()).toEqual({ email })
    for (const url of ['/admin', '/admin/livraisons', '/admin/entonnoir', '/admin/donnees']) {
      const page = await get(url, { cookie })
      expect(page.statusCode, url).toBe(200)
      expect(page.body).toContain('Espace courtier')
    }
    expect((await get('/admin/inconnue', { cookie })).statusCode).toBe(404)
    const loginAgain = await get('/admin/login', { cookie })
    expect(loginAgain.statusCode).toBe(303)
    expect(loginAgain.headers.location).toBe('/admin')
  })

  it('over HTTPS (behind a trusted proxy) sets a Secure __Host- cookie for the whole host', async () => {
    const client = { ip: newAddress(), https: true }
    const { email, cookie, response } = await loggedIn(client)
    expect(setCookies(response)).toEqual([
      expect.stringMatching(
        /^__Host-admin_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict; Secure$/,
      ),
      expect.stringMatching(
        /^__Host-admin_device=[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}; Path=\/; Max-Age=31536000; HttpOnly; SameSite=Strict; Secure$/,
      ),
    ])
    expect((await get('/admin/api/session', { ...client, cookie })).json()).toEqual({ email })
    // The cookie is sent back only over HTTPS, and the HTTP name is not read there.
    expect((await get('/admin/api/session', { cookie })).statusCode).toBe(401)
    const plainName = cookie.replace('__Host-admin_session', 'admin_session')
    expect((await get('/admin/api/session', { ...client, cookie: plainName })).statusCode).toBe(401)
  })

  it('answers a wrong email and a wrong password alike, in about the same time', async () => {
    const email = `courtier-${randomUUID().slice(0, 8)}@exemple.fr`
    // A hash of the real cost, as the unknown email is checked against one.
    await saveAccount(relay().db, email, await hashPassword(adminPassword))
    const timed = async (who: string, password: string) => {
      const started = performance.now()
      const response = await login(who, password, { ip: newAddress() })
      return { response, ms: performance.now() - started }
    }
    const wrongPassword = await timed(email, 'pas le bon mot de passe')
    const wrongEmail = await timed(`personne-${randomUUID().slice(0, 8)}@exemple.fr`, adminPassword)
    for (const { response } of [wrongPassword, wrongEmail]) {
      expect(response.statusCode).toBe(401)
      expect(response.body).toBe('{"error":"Email ou mot de passe incorrect."}')
      expect(response.headers['set-cookie']).toBeUndefined()
    }
    // The fastest of several interleaved tries of each: on a shared machine a neighbour's burst
    // slows one try by as much as the whole hash, never all of them.
    const passwordTimes = [wrongPassword.ms]
    const emailTimes = [wrongEmail.ms]
    // Four failures on the account in all: under the lock of five, which would answer at once.
    for (let round = 0; round < 3; round++) {
      passwordTimes.push((await timed(email, 'toujours pas')).ms)
      emailTimes.push((await timed(`x${round}-${email}`, 'rien')).ms)
    }
    const [passwordMs, emailMs] = [Math.min(...passwordTimes), Math.min(...emailTimes)]
    // Both check one hash of the same cost; without the stand-in hash an unknown email would
    // answer in a few milliseconds against hundreds.
    expect(emailMs / passwordMs).toBeGreaterThan(0.5)
    expect(emailMs / passwordMs).toBeLessThan(2)
  }, 60_000)

  it('slows down then locks an account after 5 failures, for a known and an unknown email alike', async () => {
    const { email, password } = await createAdmin(relay().db)
    const unknown = `personne-${randomUUID().slice(0, 8)}@exemple.fr`
    for (const who of [email, unknown]) {
      const answers: { status: number; ms: number }[] = []
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        const started = performance.now()
        const response = await login(who, 'pas le bon mot de passe', { ip: newAddress() })
        answers.push({ status: response.statusCode, ms: performance.now() - started })
      }
      expect(answers.map((answer) => answer.status)).toEqual([401, 401, 401, 401, 429])
      expect(answers[2]!.ms).toBeGreaterThanOrEqual(1_000)
      expect(answers[3]!.ms).toBeGreaterThanOrEqual(2_000)
    }
    const locked = await login(email, password, { ip: newAddress() })
    expect(locked.statusCode).toBe(429)
    expect(locked.json()).toEqual({
      error: 'Trop de tentatives de connexion\u00a0: réessayez dans 15 minutes.',
    })
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60)
    expect((await login(unknown, password, { ip: newAddress() })).body).toBe(locked.body)

    // A quarter of an hour later.
    await relay().db.query(
      `UPDATE admin_login_throttle SET locked_until = now() - interval '1 second',
         window_started_at = now() - interval '15 minutes' WHERE locked_until IS NOT NULL`,
    )
    expect((await login(email, password, { ip: newAddress() })).statusCode).toBe(200)
  }, 60_000)

  /** Five failures from as many unknown devices and addresses: the account's lock. */
  async function lockForUnknownDevices(email: string) {
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await login(email, badPassword, { ip: newAddress() })
    }
  }

  it('lets a device that logged in before through while the account is locked for others, after a logout too', async () => {
    const { email, password, cookie, response } = await loggedIn({ ip: newAddress() })
    const device = cookieFrom(response, 'admin_device')
    expect(device).toMatch(/^admin_device=/)
    const logout = await post('/admin/api/logout', { cookie: `${cookie}; ${device}` })
    expect(setCookies(logout)).toEqual([expect.stringMatching(/^admin_session=;/)])
    await lockForUnknownDevices(email)
    const locked = await login(email, password, { ip: newAddress() })
    expect(locked.statusCode).toBe(429)

    const owner = await login(email, password, { ip: newAddress(), cookie: device })
    expect(owner.statusCode).toBe(200)
    expect((await get('/admin/api/session', { cookie: cookieFrom(owner) })).json()).toEqual({
      email,
    })
    // A new device cookie at each login; the old one is still the same account's.
    expect(cookieFrom(owner, 'admin_device')).not.toBe(device)
    expect((await login(email, password, { ip: newAddress() })).body).toBe(locked.body)
  }, 60_000)

  it("locks a known device after its own failures, leaving the account's other devices be", async () => {
    const { email, password, response } = await loggedIn({ ip: newAddress() })
    const device = cookieFrom(response, 'admin_device')
    const statuses = []
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const answer = await login(email, badPassword, { ip: newAddress(), cookie: device })
      statuses.push(answer.statusCode)
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429])
    expect((await login(email, password, { ip: newAddress(), cookie: device })).statusCode).toBe(
      429,
    )
    expect((await login(email, password, { ip: newAddress() })).statusCode).toBe(200)
  }, 60_000)

  it('trusts no device cookie made for another account, forged or altered', async () => {
    const other = await loggedIn({ ip: newAddress() })
    const device = cookieFrom(other.response, 'admin_device')
    const value = device.slice('admin_device='.length)
    const { email, password } = await createAdmin(relay().db)
    await lockForUnknownDevices(email)
    for (const cookie of [
      device,
      `admin_device=${value.startsWith('A') ? 'B' : 'A'}${value.slice(1)}`,
      `admin_device=${'A'.repeat(22)}.${'B'.repeat(43)}`,
      `admin_device=${value.split('.')[0]}`,
    ]) {
      expect((await login(email, password, { ip: newAddress(), cookie })).statusCode, cookie).toBe(
        429,
      )
    }
  }, 60_000)

  it('raises no warning for X-Forwarded-For from a proxy TRUST_PROXY trusts', async () => {
    await get('/admin/login', { ip: newAddress() })
    const health = await get('/healthz')
    expect(health.json()).not.toHaveProperty('warnings')
  })

  it('opens a new session at each login and ends the one the browser came with', async () => {
    const { email, password, cookie: first } = await loggedIn({ ip: newAddress() })
    const again = await login(email, password, { ip: newAddress(), cookie: first })
    const second = cookieFrom(again)
    expect(second).not.toBe(first)
    expect((await get('/admin/api/session', { cookie: first })).statusCode).toBe(401)
    expect((await get('/admin/api/session', { cookie: second })).statusCode).toBe(200)
    // A token planted before the login is not adopted either.
    const planted = `admin_session=${'p'.repeat(43)}`
    expect(
      cookieFrom(await login(email, password, { ip: newAddress(), cookie: planted })),
    ).not.toBe(planted)
  })

  it('logs out: the session row is deleted, the cookie cleared, both audited with the login', async () => {
    const { email, cookie } = await loggedIn({ ip: newAddress() })
    const response = await post('/admin/api/logout', { cookie })
    expect(response.statusCode).toBe(204)
    expect(response.headers['set-cookie']).toBe(
      'admin_session=; Path=/admin; HttpOnly; SameSite=Strict; Max-Age=0',
    )
    expect((await get('/admin/api/session', { cookie })).statusCode).toBe(401)
    expect((await get('/admin', { cookie })).statusCode).toBe(303)
    const rows = await relay().db.query<{ action: string; at_is_recent: boolean }>(
      `SELECT action, at > now() - interval '1 minute' AS at_is_recent FROM admin_audit
       WHERE user_email = $1 ORDER BY id`,
      [email],
    )
    expect(rows).toEqual([
      { action: 'login', at_is_recent: true },
      { action: 'logout', at_is_recent: true },
    ])
  })

  it('ends a session after 12 hours without a request, and keeps one in use alive', async () => {
    const { cookie } = await loggedIn({ ip: newAddress() })
    const token = cookie.split('=')[1]!
    const { createHash } = await import('node:crypto')
    const tokenHash = createHash('sha256').update(token).digest('hex')
    await relay().db.query(
      `UPDATE admin_sessions SET last_seen_at = now() - interval '11 hours 59 minutes'
       WHERE token_hash = $1`,
      [tokenHash],
    )
    expect((await get('/admin/api/session', { cookie })).statusCode).toBe(200)
    // That request counted as activity: the session has 12 hours again.
    const [touched] = await relay().db.query<{ recent: boolean }>(
      `SELECT last_seen_at > now() - interval '1 minute' AS recent FROM admin_sessions
       WHERE token_hash = $1`,
      [tokenHash],
    )
    expect(touched?.recent).toBe(true)
    await relay().db.query(
      `UPDATE admin_sessions SET last_seen_at = now() - interval '12 hours 1 second'
       WHERE token_hash = $1`,
      [tokenHash],
    )
    expect((await get('/admin/api/session', { cookie })).statusCode).toBe(401)
    expect((await get('/admin/livraisons', { cookie })).headers.location).toBe(
      '/admin/login?session=expiree',
    )
  })

  it('refuses a state-changing request from another origin, or without one, even with the cookie', async () => {
    const { email, password, cookie } = await loggedIn({ ip: newAddress() })
    for (const client of [
      { cookie, origin: 'http://attaquant.example' },
      { cookie, origin: null },
      { cookie, origin: 'null' },
      { cookie, origin: `https://${host}` },
    ]) {
      const response = await post('/admin/api/logout', client)
      expect(response.statusCode, String(client.origin)).toBe(403)
      expect(response.json()).toEqual({
        error: 'Requête refusée\u00a0: elle ne vient pas de cette page.',
      })
    }
    const crossSite = await relay().app.inject({
      method: 'POST',
      url: '/admin/api/logout',
      headers: { ...headersFor({ cookie }), 'sec-fetch-site': 'same-site' },
    })
    expect(crossSite.statusCode).toBe(403)
    expect((await get('/admin/api/session', { cookie })).statusCode).toBe(200)
    const forgedLogin = await login(email, password, { origin: 'http://attaquant.example' })
    expect(forgedLogin.statusCode).toBe(403)
    expect(forgedLogin.headers['set-cookie']).toBeUndefined()
  })

  it('keeps the screens to their own session and origin, searches as text, and audits each action', async () => {
    const { email, cookie } = await loggedIn({ ip: newAddress() })
    const lead = validLead({ nom: '<script>alert(document.domain)</script>' })
    const stored = await relay().app.inject({
      method: 'POST',
      url: '/api/leads',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': newAddress() },
      payload: JSON.stringify(lead),
    })
    expect(stored.statusCode).toBe(202)
    const search = (q: string) => get(`/admin/api/leads?${new URLSearchParams({ q })}`, { cookie })

    const found = await search(String(lead.email))
    expect(found.statusCode).toBe(200)
    const [card] = found.json<{ leads: { id: string; nom: string }[] }>().leads
    // The API hands the name over as data; the screen shows it as text (e2e/admin-screens).
    expect(card?.nom).toBe('<script>alert(document.domain)</script>')
    for (const q of ["' OR 1=1 --", "'; DROP TABLE leads; --", '%', '_', '\\']) {
      const answer = await search(q)
      expect(answer.statusCode, q).toBe(200)
      expect(answer.json<{ total: number }>().total, q).toBe(0)
    }
    expect((await relay().db.query('SELECT 1 FROM leads WHERE id = $1', [card!.id])).length).toBe(1)

    const record = (client: Client) =>
      relay().app.inject({
        method: 'POST',
        url: `/admin/api/leads/${card!.id}/calls`,
        headers: { ...headersFor(client), 'content-type': 'application/json' },
        payload: JSON.stringify({ outcome: 'ne_plus_appeler' }),
      })
    expect((await record({ cookie, origin: 'http://attaquant.example' })).statusCode).toBe(403)
    expect((await record({ cookie, origin: null })).statusCode).toBe(403)
    const calls = () =>
      relay().db.query('SELECT admin_email FROM lead_calls WHERE lead_id = $1', [card!.id])
    expect(await calls()).toEqual([])
    expect((await record({ cookie })).statusCode).toBe(201)
    expect(await calls()).toEqual([{ admin_email: email }])

    const audited = await relay().db.query<{ action: string; user_email: string }>(
      `SELECT action, user_email FROM admin_audit WHERE user_email = $1 AND action = 'appel.enregistre'`,
      [email],
    )
    expect(audited).toEqual([{ action: 'appel.enregistre', user_email: email }])
  })

  it('closes the sessions of an account whose password is reset', async () => {
    const { email, cookie } = await loggedIn({ ip: newAddress() })
    await saveAccount(relay().db, email, await hashPassword('un tout nouveau mot de passe'))
    expect((await get('/admin/api/session', { cookie })).statusCode).toBe(401)
  }, 30_000)

  it('refuses a body that is not an email and a password with 400, before counting anything', async () => {
    for (const payload of ['{}', '{"email":"a@b.fr"}', '{"email":1,"password":2}', '{oops']) {
      const response = await relay().app.inject({
        method: 'POST',
        url: '/admin/api/login',
        headers: { ...headersFor({}), 'content-type': 'application/json' },
        payload,
      })
      expect(response.statusCode, payload).toBe(400)
    }
  })

  it('never writes a password, a session token or a cookie to the log', async () => {
    const { password, cookie } = await loggedIn({ ip: newAddress() })
    const token = cookie.split('=')[1]!
    await login('x@exemple.fr', 'secret-dans-le-mauvais-json', { ip: newAddress() })
    await relay().app.inject({
      method: 'POST',
      url: '/admin/api/login',
      headers: { ...headersFor({}), 'content-type': 'application/json' },
      payload: '{"email":"a@b.fr","password":"secret-mal-forme',
    })
    await get('/admin/api/session', { cookie })
    await post('/admin/api/logout', { cookie })
    const log = relay().logLines.join('')
    expect(log).toContain('"url":"/admin/api/login"')
    for (const secret of [password, token, 'secret-dans-le-mauvais-json', 'secret-mal-forme']) {
      expect(log).not.toContain(secret)
    }
    expect(log).not.toMatch(/cookie|admin_session/i)
  })
})

describe.each(databaseKinds())('a back-office session on the %s database', (kind) => {
  let clock = Date.now()
  const relay = useTestRelay(kind, { rateLimits: roomyRateLimits, now: () => new Date(clock) })

  it('ends 7 days after its login however busy it is (ADMIN_SESSION_MAX_DAYS)', async () => {
    const { email, password } = await createAdmin(relay().db)
    const started = clock
    const response = await relay().app.inject({
      method: 'POST',
      url: '/admin/api/login',
      headers: { ...headersFor({ ip: newAddress() }), 'content-type': 'application/json' },
      payload: JSON.stringify({ email, password }),
    })
    const cookie = cookieFrom(response)
    const session = () =>
      relay().app.inject({
        method: 'GET',
        url: '/admin/api/session',
        headers: headersFor({ origin: null, cookie }),
      })
    // In use every six hours for a week: never idle for long.
    for (let hours = 6; hours < 7 * 24; hours += 6) {
      clock = started + hours * 3_600_000
      expect((await session()).statusCode, `${hours} h`).toBe(200)
    }
    clock = started + 7 * 86_400_000 - 1_000
    expect((await session()).statusCode).toBe(200)
    clock = started + 7 * 86_400_000 + 1_000
    expect((await session()).statusCode).toBe(401)
  })
})

describe.each(databaseKinds())('the back-office behind a proxy on the %s database', (kind) => {
  it('warns once, in the log and in /healthz, of X-Forwarded-For from a proxy TRUST_PROXY does not trust', async () => {
    let relay: TestRelay | undefined
    try {
      relay = await startTestRelay(kind, { trustProxy: '192.0.2.1' })
      const health = () => relay!.app.inject({ method: 'GET', url: '/healthz' })
      expect((await health()).json()).not.toHaveProperty('warnings')
      for (const address of ['198.51.100.7', '198.51.100.8']) {
        const page = await relay.app.inject({
          method: 'GET',
          url: '/admin/login',
          headers: { 'x-forwarded-for': address },
        })
        expect(page.statusCode).toBe(200)
      }
      const warning = expect.stringMatching(
        /^requests arrive with X-Forwarded-For from a peer that TRUST_PROXY does not trust/,
      )
      expect((await health()).json()).toMatchObject({ warnings: [warning] })
      const logged = relay.logLines.filter((line) => line.includes('TRUST_PROXY'))
      expect(logged).toHaveLength(1)
      expect(JSON.parse(logged[0]!)).toMatchObject({ level: 40, msg: warning })
      expect(logged[0]).not.toMatch(/198\.51\.100/)
    } finally {
      await relay?.stop()
    }
  }, 60_000)

  it("takes PUBLIC_URL's origin when the proxy rewrites the host", async () => {
    let relay: TestRelay | undefined
    try {
      relay = await startTestRelay(kind, { publicUrl: 'https://courtage.example' })
      const { email, password } = await createAdmin(relay.db)
      const response = await relay.app.inject({
        method: 'POST',
        url: '/admin/api/login',
        headers: {
          host: '127.0.0.1:3000',
          origin: 'https://courtage.example',
          'content-type': 'application/json',
        },
        payload: JSON.stringify({ email, password }),
      })
      expect(response.statusCode).toBe(200)
    } finally {
      await relay?.stop()
    }
  }, 60_000)
})
