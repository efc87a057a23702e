import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { erasePerson } from '../privacy/erase-person'
import { parisDay } from '../storage/funnel-counts'
import { databaseKinds } from '../test-support/test-databases'
import { useTestRelay } from '../test-support/test-relay'
import { storeLeadStory, type FunnelLead, type LeadStory } from '../test-support/funnel-fixtures'
import { funnelReport } from './funnel-report'

// A day of its own, far from the other tests' "today", so that their counts and leads never show.
const now = new Date('2032-05-20T10:00:00Z')
const campaign = '120210000000000777'
const video = '120210000000000901'

const email = (who: string) => `${who}-${randomUUID().slice(0, 8)}@exemple.fr`
const origin = (ad: string): Pick<FunnelLead, 'utm_campaign' | 'utm_content'> => ({
  utm_campaign: campaign,
  utm_content: ad,
})

describe.each(databaseKinds())('the funnel after the lead on the %s database', (kind) => {
  const relay = useTestRelay(kind)
  const people = {
    lostAfterAppointment: email('perdu'),
    signed: email('signe'),
    signedAgain: email('signe-encore'),
  }

  beforeAll(async () => {
    const db = relay().db
    await db.query(
      `INSERT INTO funnel_counts (day, utm_campaign, utm_content, step, count)
       VALUES ($1, $2, $3, 'view', 40), ($1, $2, 'carrousel', 'view', 60),
              ($1, 'automne', '', 'view', 10)`,
      [parisDay(now), campaign, video],
    )
    const stories: LeadStory[] = [
      // An appointment, then lost: it still counts as an appointment. 00:30 in Paris: today.
      {
        email: people.lostAfterAppointment,
        telephone: '0611111111',
        ...origin(video),
        receivedAt: '2032-05-19T22:30:00Z',
        reachedAt: '2032-05-20T08:00:00Z',
        stages: ['en_cours', 'rendez_vous', 'perdu'],
      },
      // Signed, from an address naming the campaign and the ad; the same person asks again.
      {
        email: people.signed,
        telephone: '0622222222',
        ...origin(video),
        page_url: `https://courtier.example/?utm_campaign=${campaign}&utm_content=${video}&campaign_name=Printemps+2032&ad_name=Vid%C3%A9o+taux`,
        receivedAt: '2032-05-20T07:00:00Z',
        reachedAt: '2032-05-20T07:30:00Z',
        stages: ['en_cours', 'rendez_vous', 'devis_envoye', 'signe'],
        premiumEur: 1_200,
      },
      {
        email: people.signedAgain,
        telephone: '0622222222',
        ...origin(video),
        receivedAt: '2032-05-20T08:00:00Z',
        reachedAt: '2032-05-20T08:30:00Z',
        stages: ['signe'],
        premiumEur: 1_200,
      },
      // Reached and nothing more; not reached at all.
      {
        email: email('joint'),
        telephone: '0633333333',
        ...origin('carrousel'),
        receivedAt: '2032-05-20T06:00:00Z',
        reachedAt: '2032-05-20T06:30:00Z',
      },
      {
        email: email('nouveau'),
        telephone: '0644444444',
        ...origin('carrousel'),
        receivedAt: '2032-05-20T06:00:00Z',
      },
      // Another campaign, named in its own link, without an ad.
      {
        email: email('automne'),
        telephone: '0655555555',
        utm_campaign: 'automne',
        receivedAt: '2032-05-20T05:00:00Z',
        reachedAt: '2032-05-20T05:30:00Z',
        stages: ['en_cours', 'rendez_vous', 'devis_envoye', 'signe'],
        premiumEur: 800,
      },
      // 23:30 in Paris on the day before the 7 days: in the 30 days only.
      {
        email: email('avant'),
        telephone: '0666666666',
        ...origin(video),
        receivedAt: '2032-05-13T21:30:00Z',
        reachedAt: '2032-05-14T08:00:00Z',
        stages: ['rendez_vous', 'signe'],
        premiumEur: 900,
      },
    ]
    for (const story of stories) await storeLeadStory(db, story)
  }, 60_000)

  it('puts persons reached, appointments, signatures and premiums beside the counts, per campaign', async () => {
    const report = await funnelReport(relay().db, { days: 7, campaign: null }, now)
    expect(report.rows).toEqual([
      {
        name: campaign,
        label: 'Printemps 2032',
        views: 100,
        formStarts: 0,
        estimates: 0,
        leads: 5,
        reached: 3, // the signed person's two requests are one person
        appointments: 2,
        signed: 1,
        premiumsEur: 1_200,
        viewToLead: 0.05,
        startToLead: null,
        leadToReached: 0.6,
        reachedToAppointment: 0.6667,
        appointmentToSigned: 0.5,
        leadToSigned: 0.2,
      },
      {
        name: 'automne',
        label: null,
        views: 10,
        formStarts: 0,
        estimates: 0,
        leads: 1,
        reached: 1,
        appointments: 1,
        signed: 1,
        premiumsEur: 800,
        viewToLead: 0.1,
        startToLead: null,
        leadToReached: 1,
        reachedToAppointment: 1,
        appointmentToSigned: 1,
        leadToSigned: 1,
      },
    ])
    expect(report.total).toMatchObject({
      views: 110,
      leads: 6,
      reached: 4,
      appointments: 3,
      signed: 2,
      premiumsEur: 2_000,
    })
    expect(report.perDay).toHaveLength(7)
    expect(report.perDay.at(-1)).toMatchObject({ day: '2032-05-20', leads: 6, signed: 2 })
    expect(report.perDay.slice(0, -1).every((day) => day.leads === 0 && day.signed === 0)).toBe(
      true,
    )

    const month = await funnelReport(relay().db, { days: 30, campaign: null }, now)
    expect(month.rows[0]).toMatchObject({
      name: campaign,
      leads: 6,
      reached: 4,
      appointments: 3,
      signed: 2,
      premiumsEur: 2_100,
    })
    expect(month.perDay.find((day) => day.day === '2032-05-13')).toMatchObject({
      leads: 1,
      signed: 1,
    })
  })

  it('opens a campaign onto its ads, named when the link named them', async () => {
    const report = await funnelReport(relay().db, { days: 7, campaign }, now)
    expect(report.campaignLabel).toBe('Printemps 2032')
    expect(
      report.rows.map((row) => [
        row.name,
        row.label,
        row.views,
        row.leads,
        row.reached,
        row.appointments,
        row.signed,
        row.premiumsEur,
      ]),
    ).toEqual([
      [video, 'Vidéo taux', 40, 3, 2, 2, 1, 1_200],
      ['carrousel', null, 60, 2, 1, 0, 0, 0],
    ])
    expect(report.total).toMatchObject({ views: 100, leads: 5, reached: 3, signed: 1 })
  })

  it('drops an erased person from the later steps, while the anonymous counts keep their lead', async () => {
    await erasePerson(relay().db, people.lostAfterAppointment, relay().erasures)
    const report = await funnelReport(relay().db, { days: 7, campaign }, now)
    expect(report.rows.find((row) => row.name === video)).toMatchObject({
      views: 40,
      leads: 3,
      reached: 1,
      appointments: 1,
      signed: 1,
      leadToReached: 0.3333,
    })
  })

  it('counts as one person two requests sharing only an email, as the card does', async () => {
    const shared = email('hiver')
    for (const [telephone, receivedAt] of [
      ['0677777771', '2032-05-18T08:00:00Z'],
      ['0677777772', '2032-05-19T08:00:00Z'],
    ] as const) {
      await storeLeadStory(relay().db, {
        email: shared,
        telephone,
        utm_campaign: 'hiver',
        receivedAt,
        reachedAt: receivedAt.replace('T08', 'T09'),
        stages: ['en_cours', 'rendez_vous'],
      })
    }
    const report = await funnelReport(relay().db, { days: 7, campaign: null }, now)
    expect(report.rows.find((row) => row.name === 'hiver')).toMatchObject({
      reached: 1,
      appointments: 1,
    })
  })
})
