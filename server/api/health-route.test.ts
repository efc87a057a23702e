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
  it.each([
    [undefined, undefined, { status: 'unavailable', database: 'unreachable' }],
    ['jeton-de-sante-assez-long-pour-la-config', undefined, { status: 'unavailable' }],
    [
      'jeton-de-sante-assez-long-pour-la-config',
      'Bearer jeton-de-sante-assez-long-pour-la-config',
      { status: 'unavailable', database: 'unreachable' },
    ],
  ])(
    'answers 503 when the database does not answer (HEALTH_TOKEN %s, header %s)',
    async (healthToken, authorization, expected) => {
      const app = Fastify({ logger: false })
      registerHealthRoute(app, {
        healthToken,
        db: unreachable,
        onLeadStored: () => {},
        pageViews: undefined,
        deliveries: {
          queued: ['webhook'],
          active: ['webhook'],
          withdrawal: ['webhook'],
          escalation: [],
          adConsentOnly: [],
          notForTestLeads: [],
          stageChange: [],
        },
        appSecret: 'test-secret-of-at-least-thirty-two-characters',
        erasures: { file: 'unused', record: () => Promise.reject(new Error('No erasure here.')) },
      })
      const response = await app.inject({
        method: 'GET',
        url: '/healthz',
        headers: authorization ? { authorization } : {},
      })
      expect(response.statusCode).toBe(503)
      expect(response.json()).toEqual(expected)
      await app.close()
    },
  )
})
