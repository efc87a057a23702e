/**
 * `POST /admin/api/login`, `POST /admin/api/logout` and `GET /admin/api/session`. A wrong email
 * and a wrong password get the same answer after the same work: an unknown email is checked
 * against a hash of the same cost, and counts towards the same locks. A successful login also
 * leaves a device cookie, kept across logouts, that lets this browser past the account's lock.
 */
import { setTimeout as sleep } from 'node:timers/promises'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { clientAddress, rateLimitKey } from '../api/client-address'
import type { Sql } from '../storage/database'
import { audit, requireAdminApi } from './admin-auth'
import type { AdminUser } from './admin-sessions'
import { findAccount, normalizeEmail } from './admin-accounts'
import type { AdminSessions } from './admin-sessions'
import type { DeviceCookies } from './device-cookies'
import type { LoginThrottle, ThrottleVerdict } from './login-throttle'
import { maxPasswordLength, unknownAccountHash, verifyPassword } from './passwords'

export const loginMessages = {
  missing: 'Saisissez votre email et votre mot de passe.',
  wrong: 'Email ou mot de passe incorrect.',
  locked: (minutes: number) =>
    `Trop de tentatives de connexion\u00a0: réessayez dans ${minutes} minute${minutes > 1 ? 's' : ''}.`,
  busy: 'Le serveur est occupé\u00a0: réessayez dans un instant.',
}

/**
 * scrypt runs on libuv's thread pool (four threads), which also reads the site's files: two
 * password checks at a time leave it room, and a flood of logins waits or is turned away rather
 * than slowing the public pages down.
 */
function passwordCheckSlots(running: number, waiting: number) {
  let busy = 0
  const queue: (() => void)[] = []
  return {
    /** A function that frees the slot, or `undefined` when too many are already waiting. */
    async take(): Promise<(() => void) | undefined> {
      if (busy >= running && queue.length >= waiting) return undefined
      if (busy >= running) await new Promise<void>((resolve) => queue.push(resolve))
      else busy += 1
      return () => {
        const next = queue.shift()
        if (next) next()
        else busy -= 1
      }
    },
  }
}

function refuseLocked(reply: FastifyReply, retryAfterSeconds: number) {
  return reply
    .code(429)
    .header('Retry-After', String(retryAfterSeconds))
    .send({ error: loginMessages.locked(Math.ceil(retryAfterSeconds / 60)) })
}

export function registerLoginRoutes(
  api: FastifyInstance,
  deps: { db: Sql; sessions: AdminSessions; throttle: LoginThrottle; devices: DeviceCookies },
): void {
  const { db, sessions, throttle, devices } = deps
  const slots = passwordCheckSlots(2, 30)

  /** The account when the password is its own; the same work whether the email has one or not. */
  async function check(email: string, password: string): Promise<AdminUser | undefined> {
    const account = await findAccount(db, email)
    const matches = await verifyPassword(
      password,
      account?.passwordHash ?? (await unknownAccountHash()),
    )
    return account && matches ? { id: account.id, email: account.email } : undefined
  }

  api.post('/admin/api/login', { bodyLimit: 4 * 1024 }, async (request, reply) => {
    const body = (request.body ?? {}) as { email?: unknown; password?: unknown }
    const { email, password } = body
    if (
      typeof email !== 'string' ||
      typeof password !== 'string' ||
      email.trim() === '' ||
      password === '' ||
      email.length > 254 ||
      password.length > 4 * maxPasswordLength
    ) {
      return reply.code(400).send({ error: loginMessages.missing })
    }
    const release = await slots.take()
    if (!release) {
      return reply.code(503).header('Retry-After', '5').send({ error: loginMessages.busy })
    }
    let attempt: Exclude<ThrottleVerdict, { locked: true }>
    let user: AdminUser | undefined
    try {
      const device = devices.knownDevice(request, email)
      const verdict = await throttle.begin(
        normalizeEmail(email),
        rateLimitKey(clientAddress(request)),
        device,
      )
      if (verdict.locked) {
        request.log.warn(
          { outcome: 'admin_login_locked', knownDevice: device !== undefined },
          'admin login refused: locked',
        )
        return refuseLocked(reply, verdict.retryAfterSeconds)
      }
      attempt = verdict
      user = await check(email, password)
    } finally {
      release()
    }
    if (!user) {
      const failure = await attempt.fail()
      request.log.warn({ outcome: 'admin_login_failed' }, 'admin login failed')
      if (failure.locked) return refuseLocked(reply, failure.retryAfterSeconds)
      await sleep(failure.delayMs)
      return reply.code(401).send({ error: loginMessages.wrong })
    }
    await attempt.succeed()
    await sessions.open(request, reply, user)
    devices.issue(request, reply, user.email)
    await audit(db, user, 'login')
    request.log.info({ adminUser: user.id }, 'admin login')
    return { email: user.email }
  })

  api.post('/admin/api/logout', async (request, reply) => {
    const user = await sessions.close(request, reply)
    if (user) await audit(db, user, 'logout')
    return reply.code(204).send()
  })

  api.get('/admin/api/session', { preHandler: requireAdminApi(sessions) }, async (request) => ({
    email: request.adminUser?.email,
  }))
}
