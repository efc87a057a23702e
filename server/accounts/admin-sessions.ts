/**
 * Back-office sessions: a random token in an HttpOnly cookie, and on the server a row keyed by
 * the token's SHA-256, so that the table alone opens no session. A session ends after a set time
 * without a request, a set number of days after its login however busy, at logout, and when its
 * account is reset or removed.
 */
import { createHash, randomBytes } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Sql } from '../storage/database'

/** A logged-in back-office account, as its session names it. */
export interface AdminUser {
  id: string
  email: string
}

export interface AdminSessions {
  /** The account of the request's session cookie while the session is alive, else `undefined`. */
  userOf(request: FastifyRequest): Promise<AdminUser | undefined>
  /** Opens a new session for `user`, ending the one the request came with (no fixation). */
  open(request: FastifyRequest, reply: FastifyReply, user: AdminUser): Promise<void>
  /** Ends the request's session and clears its cookie; its account, when it had one. */
  close(request: FastifyRequest, reply: FastifyReply): Promise<AdminUser | undefined>
  /** Whether the request carries a session cookie at all, alive or not. */
  carriesToken(request: FastifyRequest): boolean
  /** Deletes the sessions that ended without a logout. */
  deleteExpired(): Promise<void>
}

const tokenPattern = /^[A-Za-z0-9_-]{43}$/

/**
 * Over HTTPS the `__Host-` prefix makes the browser refuse the cookie unless it is Secure, for
 * the whole host and set by it: no subdomain and no plain-HTTP page can plant or shadow it.
 */
function cookieOf(request: FastifyRequest): { name: string; attributes: string } {
  return request.protocol === 'https'
    ? { name: '__Host-admin_session', attributes: 'Path=/; HttpOnly; SameSite=Strict; Secure' }
    : { name: 'admin_session', attributes: 'Path=/admin; HttpOnly; SameSite=Strict' }
}

/** The value of the request's cookie `name`, if it has one. */
export function cookieValue(request: FastifyRequest, name: string): string | undefined {
  for (const pair of (request.headers.cookie ?? '').split(';')) {
    const separator = pair.indexOf('=')
    if (separator !== -1 && pair.slice(0, separator).trim() === name) {
      return pair.slice(separator + 1).trim()
    }
  }
  return undefined
}

function tokenOf(request: FastifyRequest): string | undefined {
  const value = cookieValue(request, cookieOf(request).name)
  return value !== undefined && tokenPattern.test(value) ? value : undefined
}

function hashOf(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

export function createAdminSessions(
  db: Sql,
  {
    idleMinutes,
    maxDays,
    now = () => new Date(),
  }: {
    idleMinutes: number
    maxDays: number
    /** The clock sessions are timed by (tests move it); the database's is not used for them. */
    now?: () => Date
  },
): AdminSessions {
  const idleSeconds = idleMinutes * 60
  const maxSeconds = maxDays * 24 * 60 * 60
  // Writing the time of every request would cost a write per click; a tenth of the idle time,
  // at most a minute, is precise enough.
  const touchEverySeconds = Math.min(60, idleSeconds / 10)

  async function end(token: string | undefined): Promise<AdminUser | undefined> {
    if (!token) return undefined
    const [row] = await db.query<AdminUser>(
      `DELETE FROM admin_sessions AS s USING admin_users AS u
       WHERE s.token_hash = $1 AND u.id = s.user_id
       RETURNING u.id, u.email`,
      [hashOf(token)],
    )
    return row
  }

  return {
    async userOf(request) {
      const token = tokenOf(request)
      if (!token) return undefined
      const at = now().toISOString()
      const [row] = await db.query<AdminUser & { stale: boolean }>(
        `SELECT u.id, u.email, s.last_seen_at < $4::timestamptz - make_interval(secs => $3) AS stale
         FROM admin_sessions AS s JOIN admin_users AS u ON u.id = s.user_id
         WHERE s.token_hash = $1 AND s.last_seen_at > $4::timestamptz - make_interval(secs => $2)
           AND s.created_at > $4::timestamptz - make_interval(secs => $5)`,
        [hashOf(token), idleSeconds, touchEverySeconds, at, maxSeconds],
      )
      if (!row) return undefined
      if (row.stale) {
        await db.query(
          'UPDATE admin_sessions SET last_seen_at = $2::timestamptz WHERE token_hash = $1',
          [hashOf(token), at],
        )
      }
      return { id: row.id, email: row.email }
    },

    async open(request, reply, user) {
      await end(tokenOf(request))
      const token = randomBytes(32).toString('base64url')
      await db.query(
        `INSERT INTO admin_sessions (token_hash, user_id, created_at, last_seen_at)
         VALUES ($1, $2, $3::timestamptz, $3::timestamptz)`,
        [hashOf(token), user.id, now().toISOString()],
      )
      const { name, attributes } = cookieOf(request)
      reply.header('Set-Cookie', `${name}=${token}; ${attributes}`)
    },

    async close(request, reply) {
      const user = await end(tokenOf(request))
      const { name, attributes } = cookieOf(request)
      reply.header('Set-Cookie', `${name}=; ${attributes}; Max-Age=0`)
      return user
    },

    carriesToken: (request) => tokenOf(request) !== undefined,

    async deleteExpired() {
      await db.query(
        `DELETE FROM admin_sessions
         WHERE last_seen_at <= $1::timestamptz - make_interval(secs => $2)
            OR created_at <= $1::timestamptz - make_interval(secs => $3)`,
        [now().toISOString(), idleSeconds, maxSeconds],
      )
    },
  }
}
