/** Leads sent to an in-process relay as the form sends them, for tests. */
import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import type { TestRelay } from './test-relay'
import { validLead } from './lead-fixtures'

/**
 * Posts `validLead(overrides)` to `/api/leads` and returns the id it was stored under (the newest
 * lead of its email); throws unless the relay accepted it.
 */
export async function postLead(
  relay: Pick<TestRelay, 'app' | 'db'>,
  overrides: Record<string, unknown>,
): Promise<string> {
  const lead = validLead(overrides)
  const response = await relay.app.inject({
    method: 'POST',
    url: '/api/leads',
    headers: { 'content-type': 'application/json', 'user-agent': 'Test' },
    payload: JSON.stringify(lead),
  })
  if (response.statusCode !== 202) throw new Error(`lead refused: ${response.statusCode}`)
  const [row] = await relay.db.query<{ id: string }>(
    'SELECT id FROM leads WHERE email = lower($1) ORDER BY received_at DESC, id DESC LIMIT 1',
    [lead.email],
  )
  if (!row) throw new Error('lead not stored')
  return row.id
}

/** Posts a valid lead with `overrides`, of a phone number of its own unless given; its body. */
export async function postLeadBody(
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
