/**
 * Notices requests that carry `X-Forwarded-For` from a peer TRUST_PROXY does not trust. Fastify
 * then ignores the header, rightly, but behind such a proxy every visitor has the proxy's
 * address: the rate limits and the back-office's address lock count them all as one, and twenty
 * failed logins lock every unknown device out. The server cannot know at start whether a proxy is
 * in front: it warns once, at the first such request, and /healthz says so from then on.
 */
import type { FastifyRequest } from 'fastify'

export const untrustedProxyWarning =
  "requests arrive with X-Forwarded-For from a peer that TRUST_PROXY does not trust: the header is ignored, so every visitor behind that proxy has the proxy's address (one count for the rate limits and the login lock per address); set TRUST_PROXY to the proxy's address, or ignore this if no proxy is in front (a client can send the header itself)"

export interface UntrustedProxyWatch {
  /** For an onRequest hook: notes (and logs, the first time) a forwarded request not trusted. */
  notice(request: FastifyRequest): void
  /** What /healthz reports: the warning once it has been seen, else nothing. */
  warnings(): string[]
}

export function watchUntrustedProxies(
  isTrustedProxy: (address: string) => boolean,
): UntrustedProxyWatch {
  let seen = false
  return {
    notice(request) {
      if (seen || request.headers['x-forwarded-for'] === undefined) return
      if (isTrustedProxy(request.socket.remoteAddress ?? '')) return
      seen = true
      // No address: the peer may be a visitor, and the proxy's is in the request's own line.
      request.log.warn(untrustedProxyWarning)
    },
    warnings: () => (seen ? [untrustedProxyWarning] : []),
  }
}
