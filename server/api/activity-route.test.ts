import { describe, expect, it } from 'vitest'
import { parisDay } from '../storage/funnel-counts'
import { validLead } from '../test-support/lead-fixtures'
import { databaseKinds } from '../test-support/test-databases'
import { roomyRateLimits, useTestRelay } from '../test-support/test-relay'

describe.each(databaseKinds())('the day’s request count on the %s database', (kind) => {
  const relay = useTestRelay(kind, { rateLimits: roomyRateLimits, activityCounter: 'real' })
  const silent = useTestRelay(kind, { rateLimits: roomyRateLimits, activityCounter: 'spec' })

  const count = () => relay().app.inject({ method: 'GET', url: '/api/activity' })
  const postLead = () =>
    relay().app.inject({
      method: 'POST',
      url: '/api/leads',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(validLead()),
    })

  it('counts the requests stored today, and only those, with no cookie', async () => {
    const before = await count()
    expect(before.statusCode).toBe(200)
    expect(before.json()).toEqual({ day: parisDay(new Date()), requests: 0 })
    expect(before.headers['set-cookie']).toBeUndefined()
    expect(before.headers['cache-control']).toBe('public, max-age=60')

    expect((await postLead()).statusCode).toBe(202)
    expect((await postLead()).statusCode).toBe(202)
    // Yesterday's requests are not today's.
    await relay().db.query(
      `INSERT INTO funnel_counts (day, utm_campaign, utm_content, step, count)
       VALUES ($1::date - 1, '', '', 'lead', 40)`,
      [parisDay(new Date())],
    )
    expect((await count()).json()).toMatchObject({ requests: 2 })
  })

  it('is not published by a site that shows no real count', async () => {
    const response = await silent().app.inject({ method: 'GET', url: '/api/activity' })
    expect(response.statusCode).toBe(404)
  })
})
