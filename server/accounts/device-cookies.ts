/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): after a
 * successful login the browser gets a long-lived cookie binding it to that account, and a login
 * that carries one is counted apart from the account's lock for unknown devices. Anyone can keep
 * an account locked for unknown devices; its owner, from a browser that logged in before, still
 * gets in. The cookie is a random nonce and an HMAC of the account's email and the nonce under
 * the server's secret: it names no one, and no one without the secret can make one.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { normalizeEmail } from './admin-accounts'
import { cookieValue } from './admin-sessions'

/** A year: a device used now and then stays known, and every login renews it. */
const maxAgeSeconds = 365 * 24 * 60 * 60

const cookiePattern = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/

export interface DeviceCookies {
  /**
   * The device's id when the request carries a device cookie made for `email`, else `undefined`:
   * a cookie for another account, forged or altered, is no device at all.
   */
  knownDevice(request: FastifyRequest, email: string): string | undefined
  /** Gives the browser a new device cookie for `email`, after a successful login. */
  issue(request: FastifyRequest, reply: FastifyReply, email: string): void
}

/** Like the session's: `__Host-` over HTTPS, so that no subdomain or plain-HTTP page can plant one. */
function cookieOf(request: FastifyRequest): { name: string; attributes: string } {
  const lifetime = `Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Strict`
  return request.protocol === 'https'
    ? { name: '__Host-admin_device', attributes: `Path=/; ${lifetime}; Secure` }
    : { name: 'admin_device', attributes: `Path=/admin; ${lifetime}` }
}

export function createDeviceCookies(secret: string): DeviceCookies {
  const signature = (email: string, nonce: string) =>
    createHmac('sha256', secret)
      .update(`admin-device:${normalizeEmail(email)}:${nonce}`)
      .digest('base64url')

  return {
    knownDevice(request, email) {
      const match = cookiePattern.exec(cookieValue(request, cookieOf(request).name) ?? '')
      if (!match?.[1] || !match[2]) return undefined
      const [nonce, given] = [match[1], Buffer.from(match[2])]
      const expected = Buffer.from(signature(email, nonce))
      return given.length === expected.length && timingSafeEqual(given, expected)
        ? nonce
        : undefined
    },

    issue(request, reply, email) {
      const nonce = randomBytes(16).toString('base64url')
      const { name, attributes } = cookieOf(request)
      reply.header('Set-Cookie', `${name}=${nonce}.${signature(email, nonce)}; ${attributes}`)
    },
  }
}
