/** A lead sent to an in-process relay as the form sends it, for the tests that need its id. */
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
