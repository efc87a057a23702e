import { describe, expect, it } from 'vitest'
import { validLead } from '../test-support/lead-fixtures'
import { databaseKinds } from '../test-support/test-databases'
import { useTestRelay } from '../test-support/test-relay'
import { parseCommandLine, runLeadCommand } from './lead-commands'

const leadId = '3f0c1a52-8b1e-4c55-9d7a-2b6f7e9d1c40'

describe('parseCommandLine: deliveries and replay', () => {
  it('reads deliveries, replay --lead and replay --parked [--destination]', () => {
    expect(parseCommandLine(['deliveries'])).toEqual({ request: { command: 'deliveries' } })
    expect(parseCommandLine(['replay', '--lead', leadId.toUpperCase()])).toEqual({
      request: { command: 'replay', lead: leadId },
    })
    expect(parseCommandLine(['replay', '--parked'])).toEqual({
      request: { command: 'replay', parked: true },
    })
    expect(parseCommandLine(['replay', '--parked', '--destination', 'email_courtier'])).toEqual({
      request: { command: 'replay', parked: true, destination: 'email_courtier' },
    })
  })

  it.each([[['replay']], [['replay', '--lead', 'pas-un-id']], [['replay', '--destination', 'x']]])(
    'refuses %j with the usage',
    (args) => {
      expect(() => parseCommandLine(args)).toThrow(/replay needs --lead/)
    },
  )
})

describe.each(databaseKinds())('delivery commands on the %s database', (kind) => {
  const relay = useTestRelay(kind)

  it('lists deliveries not done, and replays a lead’s or the parked ones', async () => {
    const response = await relay().app.inject({
      method: 'POST',
      url: '/api/leads',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(validLead()),
    })
    expect(response.statusCode).toBe(202)
    const [lead] = await relay().db.query<{ id: string }>(
      'SELECT id FROM leads ORDER BY received_at DESC LIMIT 1',
    )
    const id = lead!.id
    await relay().db.query(
      `UPDATE lead_deliveries SET state = 'parked', attempts = 3, last_error = 'HTTP 410',
         next_attempt_at = now() + interval '1 day'
       WHERE lead_id = $1`,
      [id],
    )
    const listing = await runLeadCommand(relay().db, { command: 'deliveries' }, relay().erasures)
    const [header, ...lines] = listing.trimEnd().split('\n')
    expect(header).toMatch(/^lead\s+destination\s+event\s+state\s+attempts\s+age\s+last error$/)
    const line = lines.find((row) => row.startsWith(id))
    expect(line).toMatch(
      new RegExp(`^${id}\\s+webhook\\s+lead\\s+parked\\s+3\\s+\\d+ s\\s+HTTP 410$`),
    )

    expect(
      await runLeadCommand(
        relay().db,
        { command: 'replay', parked: true, destination: 'other' },
        relay().erasures,
      ),
    ).toBe('Put 0 delivery(ies) back in the queue.\n')
    expect(
      await runLeadCommand(relay().db, { command: 'replay', lead: id }, relay().erasures),
    ).toBe('Put 1 delivery(ies) back in the queue.\n')
    const [row] = await relay().db.query<{ state: string; due: boolean }>(
      'SELECT state, next_attempt_at <= now() AS due FROM lead_deliveries WHERE lead_id = $1',
      [id],
    )
    expect(row).toEqual({ state: 'pending', due: true })
  })
})
