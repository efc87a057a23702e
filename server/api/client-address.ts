/**
 * Who sent a request, as the relay stores it and counts it. Behind a trusted proxy Fastify takes
 * the client's address from `X-Forwarded-For` as it is, any text at all; and one home network has
 * a whole IPv6 /64 to pick addresses from, so counting per address would give it millions of
 * budgets.
 */
import { isIP } from 'node:net'
import type { FastifyRequest } from 'fastify'

/**
 * The client's address: the one Fastify found when it is an IP address, else the nearest hop that
 * is (the trusted proxy that forwarded the garbage), never the garbage itself.
 */
export function clientAddress(request: FastifyRequest): string {
  if (isIP(request.ip) !== 0) return request.ip
  // The socket's address first, then what each trusted proxy reported, the client's last.
  const chain = request.ips ?? []
  return chain.findLast((entry) => isIP(entry) !== 0) ?? request.socket.remoteAddress ?? ''
}

/**
 * The rate limiter's key for an address: an IPv4 address (mapped into IPv6 or not) as it is, an
 * IPv6 address by its /64 prefix, the smallest block a home network or a server is given.
 */
export function rateLimitKey(address: string): string {
  if (isIP(address) !== 6) return address
  const groups = ipv6Groups(address)
  const [high = 0, low = 0] = groups.slice(6)
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.')
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`
}

/** The eight 16-bit groups of a valid IPv6 address, whatever its spelling. */
function ipv6Groups(address: string): number[] {
  let text = address.replace(/%.*$/, '')
  const ipv4Tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text)
  if (ipv4Tail) {
    const [a, b, c, d] = ipv4Tail.slice(1).map(Number) as [number, number, number, number]
    text = `${text.slice(0, ipv4Tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const groupsOf = (part: string | undefined) =>
    part ? part.split(':').map((group) => parseInt(group, 16)) : []
  const [head, tail] = text.split('::')
  if (tail === undefined) return groupsOf(head)
  const left = groupsOf(head)
  const right = groupsOf(tail)
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right]
}
