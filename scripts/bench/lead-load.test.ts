import net from 'node:net'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { runLoad } from './lead-load'

let server: FastifyInstance | undefined

afterEach(async () => {
  await server?.close()
  server = undefined
})

/**
 * A local stand-in for the relay: refuses every fifth lead with a 429 and closes its connection,
 * and counts the connections it was opened.
 */
async function startStandIn() {
  const received: { email: unknown; forwardedFor: unknown }[] = []
  const connections = { opened: 0 }
  server = Fastify()
  server.server.on('connection', () => {
    connections.opened += 1
  })
  server.post('/api/leads', async (request, reply) => {
    const lead = request.body as Record<string, unknown>
    received.push({ email: lead.email, forwardedFor: request.headers['x-forwarded-for'] })
    if (received.length % 5 === 0) {
      return reply.code(429).header('Connection', 'close').send({ error: 'too many' })
    }
    return reply.code(202).send({ ok: true, id: String(received.length) })
  })
  const url = await server.listen({ host: '127.0.0.1', port: 0 })
  return { url, received, connections }
}

describe('runLoad', () => {
  it('posts each lead once, counts only 202 as accepted, and carries on after a closed connection', async () => {
    const { url, received, connections } = await startStandIn()

    const load = await runLoad({ url, concurrency: 4, requests: 40, warmup: 10, maxSeconds: 10 })

    expect(received).toHaveLength(50)
    expect(new Set(received.map((lead) => lead.email)).size).toBe(50)
    expect(new Set(received.map((lead) => lead.forwardedFor)).size).toBe(50)
    expect(load.accepted + load.failed).toBe(40)
    // Every fifth lead to arrive is refused: 2 of the warm-up's 10, then 8 of the 40 measured.
    expect(load.failed).toBe(8)
    // Kept alive: one connection per client, and a new one after a refusal when its client posts
    // again (not after the last refusals, near the end): 50 if each lead opened its own.
    expect(connections.opened).toBeGreaterThanOrEqual(4 + 10 - 4)
    expect(connections.opened).toBeLessThanOrEqual(4 + 10)
    expect(load.p99).toBeGreaterThanOrEqual(load.p50)
    expect(load.perSecond).toBeGreaterThan(0)
  })

  it('reads an answer that arrives in pieces', async () => {
    // A bare TCP server, as Node's HTTP server always sends a head in one piece.
    const pieces = ['HTTP/1.1 202 Accepted\r\nContent-Le', 'ngth: 11\r\n\r\n{"ok"', ':true}']
    const raw = net.createServer((socket) => {
      let buffered = ''
      socket.on('data', (chunk) => {
        buffered += chunk.toString('latin1')
        const end = buffered.indexOf('\r\n\r\n')
        const length = Number(/content-length: *(\d+)/i.exec(buffered)?.[1] ?? NaN)
        if (end < 0 || buffered.length < end + 4 + length) return
        buffered = buffered.slice(end + 4 + length)
        pieces.forEach((piece, at) => setTimeout(() => socket.write(piece), at * 20))
      })
    })
    await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve))
    const { port } = raw.address() as net.AddressInfo

    try {
      const load = await runLoad({
        url: `http://127.0.0.1:${port}`,
        concurrency: 2,
        requests: 4,
        warmup: 0,
        maxSeconds: 5,
      })
      expect(load.accepted).toBe(4)
      expect(load.p50).toBeGreaterThanOrEqual(35)
    } finally {
      raw.close()
    }
  })

  it('fails when the server answers without a length it can read', async () => {
    server = Fastify()
    server.post('/api/leads', (_request, reply) => {
      reply.raw.writeHead(202, { 'Content-Type': 'text/plain' })
      reply.raw.end('chunked')
    })
    const url = await server.listen({ host: '127.0.0.1', port: 0 })

    await expect(
      runLoad({ url, concurrency: 1, requests: 1, warmup: 0, maxSeconds: 5 }),
    ).rejects.toThrow(/Content-Length/)
  })

  it('fails when the server closes the connection without answering', async () => {
    server = Fastify()
    server.post('/api/leads', (request) => {
      request.raw.socket.destroy()
    })
    const url = await server.listen({ host: '127.0.0.1', port: 0 })

    await expect(
      runLoad({ url, concurrency: 2, requests: 4, warmup: 0, maxSeconds: 5 }),
    ).rejects.toThrow(/closed the connection before answering/)
  })
})
