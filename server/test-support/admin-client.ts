/**
 * A browser logged in to the back-office of an in-process relay: a fresh account, its session
 * cookie, and requests sent as the back-office's own pages send them (same origin).
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import type { TestRelay } from './test-relay'
import { createAdmin } from './admin-fixtures'

const host = 'courtier.example'
export const adminOrigin = `http://${host}`

export interface AdminClient {
  email: string
  cookie: string
  /** `origin: null` sends none; by default the back-office's own. */
  request(
    method: InjectOptions['method'],
    url: string,
    options?: {
      body?: unknown
      origin?: string | null
      cookie?: string | null
      userAgent?: string
    },
  ): Promise<LightMyRequestResponse>
}

export async function loggedInAdmin(relay: TestRelay): Promise<AdminClient> {
  const account = await createAdmin(relay.db)
  const login = await relay.app.inject({
    method: 'POST',
    url: '/admin/api/login',
    headers: { host, origin: adminOrigin, 'content-type': 'application/json' },
    payload: JSON.stringify({ email: account.email, password: account.password }),
  })
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode} ${login.body}`)
  const cookie = [login.headers['set-cookie']]
    .flat()
    .map(String)
    .find((line) => line.startsWith('admin_session='))
    ?.split(';')[0]
  if (!cookie) throw new Error('no session cookie')
  return {
    email: account.email,
    cookie,
    request(method, url, options = {}) {
      const origin = options.origin === undefined ? adminOrigin : options.origin
      const sessionCookie = options.cookie === undefined ? cookie : options.cookie
      return relay.app.inject({
        method,
        url,
        headers: {
          host,
          ...(origin === null ? {} : { origin }),
          ...(sessionCookie === null ? {} : { cookie: sessionCookie }),
          ...(options.userAgent ? { 'user-agent': options.userAgent } : {}),
          ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(options.body === undefined ? {} : { payload: JSON.stringify(options.body) }),
      })
    },
  }
}
