import { describe, expect, it } from 'vitest'
import { loadConfig } from '../config'
import { type LeadPayload } from '../../common/lead/lead-contract'
import { parseLeadPayload } from '../api/parse-lead'
import { validLead } from '../test-support/lead-fixtures'
import { leadStatuses } from '../../common/pipeline/lead-stages'
import { buildDestinations, destinationsFor, destinationsForStage } from './destinations'

const links = { siteUrl: 'https://assurance.example', appSecret: 'x'.repeat(40) }
const smtp = {
  SMTP_URL: 'smtp://relais:secret@127.0.0.1:2525',
  MAIL_FROM: 'alertes@courtier.example',
}

async function planFor(env: NodeJS.ProcessEnv) {
  const destinations = buildDestinations(loadConfig(env), links)
  await destinations.close()
  return destinations
}

describe('buildDestinations', () => {
  it('with nothing configured: none active, the webhook still queued, and says why', async () => {
    const { plan, report } = await planFor({})
    expect(plan).toEqual({
      queued: ['webhook'],
      active: [],
      withdrawal: [],
      escalation: [],
      adConsentOnly: [],
      notForTestLeads: [],
      stageChange: [],
    })
    expect(report).toEqual([
      'webhook: off, LEAD_FORWARD_URL is not set (leads stay queued for it until it is)',
      'email_courtier: off, SMTP_URL is not set',
      'email_visiteur: off, SMTP_URL is not set',
      'meta: off, META_CAPI_TOKEN is not set',
      'ntfy: off, NTFY_URL is not set',
    ])
  })

  it('with everything: three destinations, withdrawals to the broker’s two channels', async () => {
    const { plan, report } = await planFor({
      ...smtp,
      LEAD_FORWARD_URL: 'https://hook.example/secret-path/123',
      LEAD_ALERT_TO: 'conseil@courtier.example',
    })
    expect(plan.active).toEqual(['webhook', 'email_courtier', 'email_visiteur'])
    expect(plan.withdrawal).toEqual(['webhook', 'email_courtier'])
    expect(report.join('\n')).not.toContain('secret-path')
    expect(plan.escalation).toEqual(['email_courtier'])
    expect(report[0]).toBe('webhook: on, to hook.example, unsigned')
  })

  it("Meta's Conversions API: queued only for leads with ad consent, never told of withdrawals", async () => {
    const { plan, report } = await planFor({
      LEAD_FORWARD_URL: 'https://hook.example/lead',
      META_CAPI_TOKEN: 'EAAB-never-shown',
      VITE_META_PIXEL_ID: '123456789012345',
    })
    expect(plan).toEqual({
      queued: ['webhook', 'meta'],
      active: ['webhook', 'meta'],
      withdrawal: ['webhook'],
      escalation: [],
      adConsentOnly: ['meta'],
      notForTestLeads: ['meta'],
      stageChange: [
        { destination: 'webhook', stages: leadStatuses },
        { destination: 'meta', stages: ['en_cours', 'rendez_vous', 'devis_envoye', 'signe'] },
      ],
    })
    const lead = (consent: boolean, test?: true) => {
      const parsed = parseLeadPayload(
        validLead({ consentement_publicite: consent, est_test: test }),
      )
      return (parsed.ok ? parsed.payload : undefined) as LeadPayload
    }
    expect(destinationsFor(plan, lead(true))).toEqual(['webhook', 'meta'])
    expect(destinationsFor(plan, lead(false))).toEqual(['webhook'])
    // The going-live check's lead reaches Meta only as a test event (META_TEST_EVENT_CODE).
    expect(destinationsFor(plan, lead(true, true))).toEqual(['webhook'])
    const withTestCode = await planFor({
      META_CAPI_TOKEN: 'EAAB-never-shown',
      VITE_META_PIXEL_ID: '123456789012345',
      META_TEST_EVENT_CODE: 'TEST123',
    })
    expect(destinationsFor(withTestCode.plan, lead(true, true))).toEqual(['meta', 'webhook'])
    expect(report).toContain(
      'meta: on, pixel 123456789012345, Graph v25.0 at graph.facebook.com; leads with ad consent only; stages: en_cours as Contact, rendez_vous as Schedule, devis_envoye as SubmitApplication, signe as Purchase',
    )
    // A stage without a mapped event goes to the webhook only; without ad consent, never to Meta.
    expect(destinationsForStage(plan, 'signe', true)).toEqual(['webhook', 'meta'])
    expect(destinationsForStage(plan, 'perdu', true)).toEqual(['webhook'])
    expect(destinationsForStage(plan, 'signe', false)).toEqual(['webhook'])
    expect(report.join('\n')).not.toContain('never-shown')
  })

  it('ntfy: told of leads and escalations, never of withdrawals; its topic never reported', async () => {
    const { plan, report } = await planFor({
      NTFY_URL: 'https://ntfy.sh/topic-secret-x7',
      NTFY_TOKEN: 'tk_never_shown',
    })
    expect(plan.active).toEqual(['ntfy'])
    expect(plan.escalation).toEqual(['ntfy'])
    expect(plan.withdrawal).toEqual([])
    expect(report).toContain('ntfy: on, to ntfy.sh, with an access token')
    expect(report.join('\n')).not.toMatch(/topic-secret|never_shown/)
  })

  it('LEAD_CONFIRMATION=off leaves the visitor without email, and no alert without LEAD_ALERT_TO', async () => {
    const { plan, report } = await planFor({ ...smtp, LEAD_CONFIRMATION: 'off' })
    expect(plan.active).toEqual([])
    expect(report).toContain('email_visiteur: off, LEAD_CONFIRMATION=off')
    expect(report).toContain('email_courtier: off, LEAD_ALERT_TO is not set')
  })
})
