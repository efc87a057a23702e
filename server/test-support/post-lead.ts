/** A lead sent to the relay as the landing page sends it, accepted (202). */
import { expect } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { validLead } from './lead-fixtures'

/** Posts a valid lead with `overrides`, of a phone number of its own unless given; its body. */
export async function postLead(
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
): Promise<Record<string, unknown> & { email: string }> {
  const telephone = `06${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`
  const lead = validLead({ telephone, ...overrides })
  const response = await app.inject({
    method: 'POST',
    url: '/api/leads',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(lead),
  })
  expect(response.statusCode).toBe(202)
  return lead as Record<string, unknown> & { email: string }
}
