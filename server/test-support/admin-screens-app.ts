/**
 * The screens' routes on a bare Fastify, behind stand-ins of the session and Origin checks: the
 * advisor is the `x-test-user` header's email (the broker without one), and the audit goes to a
 * table of the test's own (`test_audit`) through whatever connection or transaction the route
 * hands over.
 */
import Fastify, { type FastifyInstance } from 'fastify'
import { registerAdminScreensApi, type AdminScreensDeps } from '../back-office/screens-api'

export const testOrigin = 'http://admin.test'
export const testBroker = { id: 'u-1', email: 'courtier@exemple.fr' }

export async function screensApp(
  db: AdminScreensDeps['db'],
  now: () => Date,
  erasures: AdminScreensDeps['erasures'],
): Promise<FastifyInstance> {
  await db.query(
    `CREATE TABLE IF NOT EXISTS test_audit (who text, action text, details jsonb,
       at timestamptz DEFAULT now())`,
  )
  const app = Fastify()
  registerAdminScreensApi(app, {
    db,
    now,
    erasures,
    requireAdminApi: async (request, reply) => {
      if (request.headers['x-test-session'] !== 'ok') {
        return reply.code(401).send({ error: 'Session requise' })
      }
      const email = request.headers['x-test-user']
      request.adminUser = typeof email === 'string' ? { id: `u-${email}`, email } : testBroker
    },
    requireSameOrigin: async (request, reply) => {
      if (request.headers.origin !== testOrigin) {
        return reply.code(403).send({ error: 'Origine' })
      }
    },
    audit: async (sql, user, action, details) => {
      await sql.query('INSERT INTO test_audit (who, action, details) VALUES ($1, $2, $3)', [
        user.email,
        action,
        JSON.stringify(details ?? {}),
      ])
    },
  })
  await app.ready()
  return app
}
