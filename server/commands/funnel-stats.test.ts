import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { purgeExpiredFunnelCounts, parisDay } from '../storage/funnel-counts'
import { databaseKinds } from '../test-support/test-databases'
import { useTestRelay } from '../test-support/test-relay'
import { storeLeadStory, type LeadStory } from '../test-support/funnel-fixtures'
import { funnelStats } from './funnel-stats'
import { parseCommandLine, runLeadCommand } from './lead-commands'

describe('parisDay', () => {
  it.each([
    ['2026-11-22T22:59:59Z', '2026-11-22'],
    ['2026-11-22T23:00:00Z', '2026-11-23'], // midnight in Paris, winter time (UTC+1)
    ['2026-06-30T21:59:59Z', '2026-06-30'],
    ['2026-06-30T22:00:00Z', '2026-07-01'], // summer time (UTC+2)
  ])('puts %s on %s', (at, day) => {
    expect(parisDay(new Date(at))).toBe(day)
  })

  it('agrees with the time zone at every quarter of an hour of a year, clock changes included', () => {
    const paris = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Paris', dateStyle: 'short' })
    const quarterMs = 15 * 60 * 1_000
    for (let at = Date.UTC(2026, 0, 1); at < Date.UTC(2027, 0, 1); at += quarterMs) {
      const day = paris.format(at)
      if (parisDay(new Date(at)) !== day) expect(parisDay(new Date(at))).toBe(day)
    }
  })
})

describe('parseCommandLine for stats', () => {
  it('reads --days, --json and --by-ad, with 30 days by default', () => {
    expect(parseCommandLine(['stats'])).toEqual({
      request: { command: 'stats', days: 30, json: false, byAd: false },
    })
    expect(parseCommandLine(['stats', '--by-ad', '--days', '7', '--json'])).toEqual({
      request: { command: 'stats', days: 7, json: true, byAd: true },
    })
    expect(parseCommandLine(['stats', '--total'])).toEqual({
      request: { command: 'stats', days: 30, json: false, byAd: false, total: true },
    })
  })

  it.each([
    [['stats', '--days'], /--days needs a whole number of days from 1 to 800/],
    [['stats', '--days', '0'], /--days needs/],
    [['stats', '--days', '-3'], /--days needs/],
    [['stats', '--days', '2.5'], /--days needs/],
    [['stats', '--days', 'week'], /--days needs/],
    [['stats', '--days', '801'], /--days needs/],
    [['stats', '--days', '--json'], /--days needs/],
    [['stats', '--csv'], /Unexpected argument "--csv"/],
    [['stats', 'today'], /Unexpected argument "today"/],
    [['export', '--json'], /go with the stats command only/],
    [['purge', '--total'], /go with the stats command only/],
    [['statistics'], /expected export, erase, purge, deliveries, replay or stats/],
  ])('refuses %j with a clear message', (args, message) => {
    expect(() => parseCommandLine(args)).toThrow(message)
  })
})

describe.each(databaseKinds())('funnel figures on the %s database', (kind) => {
  const relay = useTestRelay(kind)
  // A fixed day far from the other tests' "today", so that their counts never show here.
  const now = new Date('2031-03-15T12:00:00Z')

  async function seed(
    rows: [daysAgo: number, campaign: string, ad: string, step: string, count: number][],
  ) {
    for (const [daysAgo, campaign, ad, step, count] of rows) {
      await relay().db.query(
        `INSERT INTO funnel_counts (day, utm_campaign, utm_content, step, count)
         VALUES ($1::date - $2::integer, $3, $4, $5, $6)`,
        [parisDay(now), daysAgo, campaign, ad, step, count],
      )
    }
  }

  /** What a row says of the leads' later steps when no lead of it went further. */
  const nothingLater = (leads: number) => ({
    campaign_name: null,
    ad_name: null,
    reached: 0,
    appointments: 0,
    signed: 0,
    premiums_eur: 0,
    lead_to_reached: leads === 0 ? null : 0,
    reached_to_appointment: null,
    appointment_to_signed: null,
    lead_to_signed: leads === 0 ? null : 0,
  })

  it('prints views, starts, estimates, leads and both rates per day and campaign, or per ad', async () => {
    await seed([
      [0, '120210000000000001', 'ad-a', 'view', 2],
      [0, '120210000000000001', 'ad-b', 'view', 1],
      [0, '120210000000000001', 'ad-a', 'form_start', 2],
      [0, '120210000000000001', 'ad-a', 'estimate', 1],
      [0, '120210000000000001', 'ad-a', 'lead', 1],
      [0, '', '', 'view', 4],
      [1, '120210000000000001', 'ad-a', 'view', 5],
      [9, 'old', 'ad-z', 'view', 7],
      [-1, 'tomorrow', '', 'view', 1],
    ])
    const json = JSON.parse(
      await funnelStats(relay().db, { days: 2, json: true, byAd: false }, now),
    )
    expect(json).toEqual([
      {
        day: '2031-03-15',
        utm_campaign: null,
        utm_content: null,
        views: 4,
        form_starts: 0,
        estimates: 0,
        leads: 0,
        view_to_lead: 0,
        start_to_lead: null,
        ...nothingLater(0),
      },
      {
        day: '2031-03-15',
        utm_campaign: '120210000000000001',
        utm_content: null,
        views: 3,
        form_starts: 2,
        estimates: 1,
        leads: 1,
        view_to_lead: 0.3333,
        start_to_lead: 0.5,
        ...nothingLater(1),
      },
      {
        day: '2031-03-14',
        utm_campaign: '120210000000000001',
        utm_content: null,
        views: 5,
        form_starts: 0,
        estimates: 0,
        leads: 0,
        view_to_lead: 0,
        start_to_lead: null,
        ...nothingLater(0),
      },
    ])

    const byAd = JSON.parse(await funnelStats(relay().db, { days: 1, json: true, byAd: true }, now))
    expect(
      byAd.map((row: Record<string, unknown>) => [row.utm_campaign, row.utm_content, row.views]),
    ).toEqual([
      [null, null, 4],
      ['120210000000000001', 'ad-a', 2],
      ['120210000000000001', 'ad-b', 1],
    ])

    const tenDays = JSON.parse(
      await funnelStats(relay().db, { days: 10, json: true, byAd: false }, now),
    )
    expect(tenDays.map((row: { day: string }) => row.day)).toEqual([
      '2031-03-15',
      '2031-03-15',
      '2031-03-14',
      '2031-03-06',
    ])

    const text = await funnelStats(relay().db, { days: 1, json: false, byAd: true }, now)
    expect(text.split('\n')).toEqual([
      expect.stringContaining('Funnel of the last 1 day(s), per day and ad'),
      'day         campaign            ad      views  form starts  estimates  leads  reached  appointments  signed  premiums  view→lead  start→lead  lead→reached  reached→appt.  appt.→signed  lead→signed',
      '2031-03-15  (none)              (none)      4            0          0      0        0             0       0       0 €      0.0 %           -             -              -             -            -',
      '2031-03-15  120210000000000001  ad-a        2            2          1      1        0             0       0       0 €     50.0 %      50.0 %         0.0 %              -             -        0.0 %',
      '2031-03-15  120210000000000001  ad-b        1            0          0      0        0             0       0       0 €      0.0 %           -             -              -             -            -',
      '',
    ])
    const perCampaign = await funnelStats(relay().db, { days: 1, json: false, byAd: false }, now)
    expect(perCampaign).toContain('per day and campaign')
    expect(perCampaign).toMatch(
      /2031-03-15 {2}120210000000000001 +3 +2 +1 +1 +0 +0 +0 +0 € +33\.3 % +50\.0 % +0\.0 % +- +- +0\.0 %\n/,
    )
    expect(perCampaign).not.toContain('ad-a')
  })

  it("prints the persons reached, appointments and signatures of each day's leads, names first", async () => {
    // Days of their own: the leads are received, reached and signed on 2033-07-01 and 02.
    const at = new Date('2033-07-02T12:00:00Z')
    const db = relay().db
    const ids = { campaign: '120210000000000555', ad: '120210000000000556' }
    const stories: LeadStory[] = (
      [
        {
          telephone: '0611223344',
          utm_campaign: ids.campaign,
          utm_content: ids.ad,
          page_url: `https://courtier.example/?utm_campaign=${ids.campaign}&utm_content=${ids.ad}&campaign_name=Rentr%C3%A9e&ad_name=Taux+fixe`,
          receivedAt: '2033-07-01T09:00:00Z',
          reachedAt: '2033-07-01T09:30:00Z',
          stages: ['en_cours', 'rendez_vous', 'devis_envoye', 'signe', 'perdu'],
          premiumEur: 640.5,
        },
        {
          telephone: '0611223355',
          utm_campaign: ids.campaign,
          utm_content: ids.ad,
          receivedAt: '2033-07-02T09:00:00Z',
          reachedAt: '2033-07-02T09:30:00Z',
        },
        // A lead whose count went to "(other)": its day and origin still get a row.
        {
          telephone: '0611223366',
          utm_campaign: 'hors-compte',
          receivedAt: '2033-07-02T10:00:00Z',
          stages: ['rendez_vous'],
        },
      ] satisfies Omit<LeadStory, 'email'>[]
    ).map((story) => ({ ...story, email: `stats-${randomUUID().slice(0, 8)}@exemple.fr` }))
    for (const story of stories) await storeLeadStory(db, story)
    await db.query(`DELETE FROM funnel_counts WHERE utm_campaign = 'hors-compte'`)

    const rows = JSON.parse(await funnelStats(db, { days: 2, json: true, byAd: true }, at))
    expect(rows).toEqual([
      expect.objectContaining({
        day: '2033-07-02',
        utm_campaign: '120210000000000555',
        campaign_name: 'Rentrée',
        ad_name: 'Taux fixe',
        leads: 1,
        reached: 1,
        appointments: 0,
        signed: 0,
        lead_to_reached: 1,
        reached_to_appointment: 0,
      }),
      expect.objectContaining({
        day: '2033-07-02',
        utm_campaign: 'hors-compte',
        utm_content: null,
        campaign_name: null,
        leads: 0,
        reached: 0,
        appointments: 1,
        lead_to_reached: null,
      }),
      expect.objectContaining({
        day: '2033-07-01',
        utm_content: '120210000000000556',
        leads: 1,
        reached: 1,
        appointments: 1,
        signed: 1,
        premiums_eur: 640.5,
        reached_to_appointment: 1,
        appointment_to_signed: 1,
        lead_to_signed: 1,
      }),
    ])

    // The whole period, as the funnel screen shows it: one person per phone over both days.
    const total = JSON.parse(
      await funnelStats(db, { days: 2, json: true, byAd: false, total: true }, at),
    )
    expect(
      total.map((row: Record<string, unknown>) => [
        row.day,
        row.utm_campaign,
        row.campaign_name,
        row.leads,
        row.reached,
        row.appointments,
        row.signed,
        row.premiums_eur,
        row.lead_to_signed,
      ]),
    ).toEqual([
      ['2033-07-01/2033-07-02', ids.campaign, 'Rentrée', 2, 2, 1, 1, 640.5, 0.5],
      ['2033-07-01/2033-07-02', 'hors-compte', null, 0, 0, 1, 0, 0, null],
    ])
    expect(await funnelStats(db, { days: 2, json: false, byAd: true, total: true }, at)).toContain(
      'Funnel of the last 2 day(s), per ad (',
    )

    const text = await funnelStats(db, { days: 2, json: false, byAd: false }, at)
    expect(text.split('\n').slice(1)).toEqual([
      'day         campaign                      views  form starts  estimates  leads  reached  appointments  signed  premiums  view→lead  start→lead  lead→reached  reached→appt.  appt.→signed  lead→signed',
      '2033-07-02  Rentrée (120210000000000555)      0            0          0      1        1             0       0       0 €          -           -       100.0 %          0.0 %             -        0.0 %',
      '2033-07-02  hors-compte                       0            0          0      0        0             1       0       0 €          -           -             -              -         0.0 %            -',
      '2033-07-01  Rentrée (120210000000000555)      0            0          0      1        1             1       1     641 €          -           -       100.0 %        100.0 %       100.0 %      100.0 %',
      '',
    ])
  })

  it('says so when there is nothing to show', async () => {
    const empty = new Date('2040-01-01T12:00:00Z')
    expect(await funnelStats(relay().db, { days: 30, json: false, byAd: false }, empty)).toBe(
      'No funnel counts in the last 30 day(s).\n',
    )
    expect(await funnelStats(relay().db, { days: 30, json: true, byAd: true }, empty)).toBe('[]\n')
  })

  it('runs through the lead commands, as `npm run leads:stats` does', async () => {
    const output = await runLeadCommand(
      relay().db,
      parseCommandLine(['stats', '--json']).request,
      relay().erasures,
    )
    expect(Array.isArray(JSON.parse(output))).toBe(true)
  })

  it('purges the counts of days older than 25 months, with the leads', async () => {
    const at = new Date('2035-05-15T12:00:00Z')
    const day = (text: string) =>
      relay().db.query(
        `INSERT INTO funnel_counts (day, utm_campaign, utm_content, step, count)
         VALUES ($1::date, 'purge-test', '', 'view', 1)`,
        [text],
      )
    await day('2033-04-14') // 25 months and a day before
    await day('2033-04-15') // 25 months before: kept
    await day('2033-06-01')
    expect(await purgeExpiredFunnelCounts(relay().db, at)).toBeGreaterThanOrEqual(1)
    const left = await relay().db.query<{ day: string }>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day FROM funnel_counts
       WHERE utm_campaign = 'purge-test' ORDER BY day`,
    )
    expect(left.map((row) => row.day)).toEqual(['2033-04-15', '2033-06-01'])

    // `leads:purge` (and the daily purge) take today's counts as the reference.
    await relay().db.query(
      `INSERT INTO funnel_counts (day, utm_campaign, utm_content, step, count)
       VALUES (current_date - interval '26 months', 'purge-now', '', 'view', 1)`,
    )
    const output = await runLeadCommand(relay().db, { command: 'purge' }, relay().erasures)
    expect(output).toMatch(/Deleted \d+ funnel count\(s\) older than 25 months\./)
    expect(
      await relay().db.query(`SELECT 1 FROM funnel_counts WHERE utm_campaign = 'purge-now'`),
    ).toEqual([])
  })
})
