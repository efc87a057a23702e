import Fastify, { type FastifyInstance } from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { runLoad } from './lead-load'

let server: FastifyInstance | undefined

afterEach(async () => {
  await server?.close()
  server = undefined
})

/** A local stand-in for the relay: refuses every fifth lead with a 429 and closes its connection. */
async function startStandIn() {
  const received: { email: unknown; forwardedFor: unknown }[] = []
  server = Fastify()
  server.post('/api/leads', async (request, reply) => {
    const lead = request.body as Record<string, unknown>
    received.push({ email: lead.email, forwardedFor: request.headers['x-forwarded-for'] })
    if (received.length % 5 === 0) {
      return reply.code(429).header('Connection', 'close').send({ error: 'too many' })
    }
    return reply.code(202).send({ ok: true, id: String(received.length) })
  })
  const url = await server.listen({ host: '127.0.0.1', port: 0 })
  return { url, received }
}

describe('runLoad', () => {
  it('posts each lead once, counts only 202 as accepted, and carries on after a closed connection', async () => {
    const { url, received } = await startStandIn()

    const load = await runLoad({ url, concurrency: 4, requests: 40, warmup: 10, maxSeconds: 10 })

    expect(received).toHaveLength(50)
    expect(new Set(received.map((lead) => lead.email)).size).toBe(50)
    expect(new Set(received.map((lead) => lead.forwardedFor)).size).toBe(50)
    expect(load.accepted + load.failed).toBe(40)
    // Every fifth lead to arrive is refused: 2 of the warm-up's 10, then 8 of the 40 measured.
    expect(load.failed).toBe(8)
    expect(load.p99).toBeGreaterThanOrEqual(load.p50)
    expect(load.perSecond).toBeGreaterThan(0)
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
})
