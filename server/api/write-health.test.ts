import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { failureMemoryMs, failuresToAlarm, trackWrites } from '../storage/write-health'
import { validLead } from '../test-support/lead-fixtures'
import { databaseKinds } from '../test-support/test-databases'
import { roomyRateLimits, startTestRelay, type TestRelay } from '../test-support/test-relay'

/**
 * A full disk, simulated: every write to the named table fails with PostgreSQL's own "disk full"
 * error (SQLSTATE 53100), on both database engines.
 */
const fillDisk = (table: string) => [
  `CREATE OR REPLACE FUNCTION disk_is_full() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     RAISE EXCEPTION 'could not extend file: No space left on device' USING ERRCODE = '53100';
   END $$`,
  `CREATE TRIGGER disk_is_full BEFORE INSERT OR UPDATE ON ${table}
   FOR EACH ROW EXECUTE FUNCTION disk_is_full()`,
]
const freeDisk = (table: string) => [`DROP TRIGGER disk_is_full ON ${table}`]

describe.each(databaseKinds())('/healthz when the %s database takes no writes', (kind) => {
  let relay: TestRelay

  beforeAll(async () => {
    relay = await startTestRelay(kind, {}, { rateLimits: roomyRateLimits })
  }, 60_000)
  afterAll(() => relay.stop())

  const run = async (statements: string[]) => {
    for (const statement of statements) await relay.db.query(statement)
  }
  const health = async () => {
    const response = await relay.app.inject({ method: 'GET', url: '/healthz' })
    return { status: response.statusCode, body: response.json<Record<string, unknown>>() }
  }
  const postLead = async () =>
    (
      await relay.app.inject({
        method: 'POST',
        url: '/api/leads',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(validLead()),
      })
    ).statusCode

  it('says at start, with the embedded database only, that a power cut can lose a lead', () => {
    const warned = relay.logLines.some((line) => line.includes('power cut'))
    expect(warned).toBe(kind === 'embedded')
  })

  it('answers 503 with the reason when a write probe fails', async () => {
    expect((await health()).status).toBe(200)
    await run(fillDisk('relay_health'))
    expect(await health()).toEqual({
      status: 503,
      body: {
        status: 'unavailable',
        database: 'not writable',
        reason: 'the database refuses writes: could not extend file: No space left on device',
      },
    })
    await run(freeDisk('relay_health'))
    expect((await health()).status).toBe(200)
  })

  it('answers 503 once leads fail in a row, and 200 again after one is stored', async () => {
    await run(fillDisk('leads'))
    expect(await postLead()).toBe(500)
    expect(await postLead()).toBe(500)
    // Two failures may be a passing fault; the health check still says ok.
    expect((await health()).status).toBe(200)
    expect(await postLead()).toBe(500)
    const down = await health()
    expect(down.status).toBe(503)
    expect(down.body.reason).toMatch(
      /^the last 3 leads could not be stored \(latest \d+ s ago: could not extend file: No space left on device\)$/,
    )
    await run(freeDisk('leads'))
    expect(await postLead()).toBe(202)
    expect((await health()).status).toBe(200)
  })
})

describe('trackWrites', () => {
  it('forgets failures after a minute without any', () => {
    const writes = trackWrites()
    for (let i = 0; i < failuresToAlarm; i += 1) writes.failed(new Error('disk full'))
    expect(writes.problem()).toMatch(/disk full/)
    expect(writes.problem(Date.now() + failureMemoryMs + 1_000)).toBeUndefined()
  })
})
