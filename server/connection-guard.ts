/**
 * What the HTTP server does with connections themselves, below Fastify's routes.
 *
 * - A cap on open connections per client address: each one holds a file descriptor, and a service
 *   commonly gets 1,024 of them, so one address holding slow connections would otherwise starve
 *   everyone (the health check included). The cap is checked on the socket's own address, at
 *   connect time, before a byte is read. A trusted proxy (TRUST_PROXY) is not capped: every
 *   visitor arrives through it, and it is the one able to limit each visitor (nginx `limit_conn`,
 *   its request buffering keeps slow bodies away from us).
 * - A shutdown that does not wait for idle connections: Node's `server.close()` closes idle
 *   keep-alive connections but not those that never sent a request (a browser's preconnect), and
 *   those would hold the shutdown until they time out. Every connection with no request in flight
 *   is closed at once; requests in flight are answered with `Connection: close`.
 */
import { BlockList, isIPv4, isIPv6, type Socket } from 'node:net'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { TrustProxy } from './config'

/**
 * Open connections allowed per client address. A browser opens at most 6 per host over HTTP/1.1;
 * a household or an office behind one NAT address holds a few browsers; 48 leaves them room and
 * keeps 20 attacking addresses below a 1,024 descriptor limit.
 */
export const maxConnectionsPerAddress = 48

export interface ConnectionGuard {
  /** From now on: idle connections closed, requests in flight answered with `Connection: close`. */
  drain(): void
}

/** `::ffff:192.0.2.1` as a dual-stack socket reports an IPv4 client: `192.0.2.1`. */
function plainAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  return mapped?.[1] ?? address
}

/** The same names and forms TRUST_PROXY accepts, as Fastify reads them. */
const namedRanges: Record<string, readonly string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
}

/** Whether a socket address is one of the proxies TRUST_PROXY names. */
export function trustedProxyCheck(trustProxy: TrustProxy): (address: string) => boolean {
  if (typeof trustProxy === 'boolean') return () => trustProxy
  const list = new BlockList()
  const entries = trustProxy.split(',').map((entry) => entry.trim())
  for (const entry of entries.flatMap((entry) => namedRanges[entry] ?? [entry])) {
    const [address = '', prefix] = entry.split('/')
    const type = isIPv4(address) ? 'ipv4' : 'ipv6'
    if (prefix === undefined) list.addAddress(address, type)
    else list.addSubnet(address, Number(prefix), type)
  }
  return (address) => {
    const plain = plainAddress(address)
    if (isIPv4(plain)) return list.check(plain, 'ipv4')
    return isIPv6(plain) && list.check(plain, 'ipv6')
  }
}

export function guardConnections(
  server: Server,
  options: { isTrustedProxy: (address: string) => boolean; maxPerAddress?: number },
): ConnectionGuard {
  const maxPerAddress = options.maxPerAddress ?? maxConnectionsPerAddress
  const openByAddress = new Map<string, number>()
  /** Requests whose answer is not sent yet, per connection. */
  const inFlight = new Map<Socket, Set<ServerResponse>>()
  let draining = false

  server.on('connection', (socket: Socket) => {
    if (draining) {
      socket.destroy()
      return
    }
    inFlight.set(socket, new Set())
    socket.once('close', () => inFlight.delete(socket))
    const address = plainAddress(socket.remoteAddress ?? '')
    if (options.isTrustedProxy(address)) return
    const open = (openByAddress.get(address) ?? 0) + 1
    if (open > maxPerAddress) {
      socket.destroy()
      return
    }
    openByAddress.set(address, open)
    socket.once('close', () => {
      const left = (openByAddress.get(address) ?? 1) - 1
      if (left === 0) openByAddress.delete(address)
      else openByAddress.set(address, left)
    })
  })

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const responses = inFlight.get(request.socket)
    if (!responses) return
    if (draining) response.setHeader('Connection', 'close')
    responses.add(response)
    response.once('close', () => {
      responses.delete(response)
      if (draining && responses.size === 0) request.socket.destroySoon()
    })
  })

  return {
    drain() {
      draining = true
      for (const [socket, responses] of inFlight) {
        if (responses.size === 0) socket.destroy()
        for (const response of responses) {
          if (!response.headersSent) response.setHeader('Connection', 'close')
        }
      }
    },
  }
}
