import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import type { Database } from '../storage/database'
import { registerHealthRoute } from './health-route'

/** A database whose every query fails, as when the PostgreSQL server is down. */
const unreachable: Database = {
  kind: 'postgres',
  query: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432')),
  transaction: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432')),
  close: () => Promise.resolve(),
}

describe('GET /healthz', () => {
  it('answers 503 when the database does not answer', async () => {
    const app = Fastify({ logger: false })
    registerHealthRoute(app, {
      db: unreachable,
      onLeadStored: () => {},
      pageViews: undefined,
      deliveries: {
        queued: ['webhook'],
        active: ['webhook'],
        withdrawal: ['webhook'],
        escalation: [],
        adConsentOnly: [],
      },
      appSecret: 'test-secret-of-at-least-thirty-two-characters',
      erasures: { file: 'unused', record: () => Promise.reject(new Error('No erasure here.')) },
    })
    const response = await app.inject({ method: 'GET', url: '/healthz' })
    expect(response.statusCode).toBe(503)
    expect(response.json()).toEqual({ status: 'unavailable', database: 'unreachable' })
    await app.close()
  })
})
