/**
 * What the HTTP server does with connections themselves, below Fastify's routes.
 *
 * - A shutdown that does not wait for idle connections: Node's `server.close()` closes idle
 *   keep-alive connections but not those that never sent a request (a browser's preconnect), and
 *   those would hold the shutdown until they time out. Every connection with no request in flight
 *   is closed at once; requests in flight are answered with `Connection: close`.
 */
import type { Socket } from 'node:net'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'

export interface ConnectionGuard {
  /** From now on: idle connections closed, requests in flight answered with `Connection: close`. */
  drain(): void
}

export function guardConnections(server: Server): ConnectionGuard {
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
