/**
 * What every back-office route builds on: who is logged in, the same-origin check that stops
 * cross-site requests, and the audit of what each account did.
 */
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify'
import { loginPathFor } from '../../common/back-office/return-path'
import type { Sql } from '../storage/database'
import type { AdminSessions, AdminUser } from './admin-sessions'

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireAdminApi` (or the page guard) once the session cookie is checked. */
    adminUser?: AdminUser
  }
}

/** preHandler for admin API routes: 401 JSON `{error}` without a live session; sets `request.adminUser`. */
export function requireAdminApi(sessions: AdminSessions): preHandlerAsyncHookHandler {
  return async (request, reply) => {
    if (request.adminUser) return
    const user = await sessions.userOf(request)
    if (!user) {
      return reply.code(401).send({ error: 'Session absente ou expirée\u00a0: reconnectez-vous.' })
    }
    request.adminUser = user
  }
}

/**
 * preHandler for admin pages: a 303 to the login page without a live session, which then says
 * that the session expired when the browser still had one, and leads back to the lead's card
 * that was asked for.
 */
export function requireAdminPage(sessions: AdminSessions): preHandlerAsyncHookHandler {
  return async (request, reply) => {
    if (request.adminUser) return
    const user = await sessions.userOf(request)
    if (!user) {
      const expired = sessions.carriesToken(request)
      const pathname = new URL(request.url, 'http://x').pathname
      return reply.redirect(loginPathFor(pathname, { expired }), 303)
    }
    request.adminUser = user
  }
}

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined
  try {
    return new URL(url).origin
  } catch {
    return undefined
  }
}

/**
 * Whether the request comes from a page of this server: its `Origin` (which browsers send with
 * every POST, and no page can forge) is this server's own address as the request names it, or
 * `PUBLIC_URL`'s when a proxy in front rewrites the host. A `Sec-Fetch-Site` that says otherwise
 * is refused too.
 */
export function isSameOrigin(request: FastifyRequest, publicUrl: string | undefined): boolean {
  const origin = request.headers.origin
  const site = request.headers['sec-fetch-site']
  if (site !== undefined && site !== 'same-origin') return false
  if (origin === undefined || origin === 'null') return false
  return (
    origin === originOf(`${request.protocol}://${request.host}`) || origin === originOf(publicUrl)
  )
}

/** preHandler for state-changing admin API routes: 403 when `Origin` is absent or not the server's own. */
export function requireSameOrigin(publicUrl: string | undefined): preHandlerAsyncHookHandler {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isSameOrigin(request, publicUrl)) {
      request.log.warn({ outcome: 'cross_origin' }, 'admin request from another origin refused')
      return reply
        .code(403)
        .send({ error: 'Requête refusée\u00a0: elle ne vient pas de cette page.' })
    }
  }
}

/**
 * Writes one audit row: who, what, when, and the details as jsonb. Pass the transaction doing the
 * action, so that the action and its record are committed together or not at all. Details must
 * not name a person whose data is erased: the audit would keep what the erasure removed.
 */
export async function audit(
  db: Sql,
  user: AdminUser,
  action: string,
  details: Record<string, unknown> = {},
): Promise<void> {
  await db.query(
    'INSERT INTO admin_audit (user_id, user_email, action, details) VALUES ($1, $2, $3, $4)',
    [user.id, user.email, action, JSON.stringify(details)],
  )
}
