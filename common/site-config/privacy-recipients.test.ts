import { describe, expect, it } from 'vitest'
import {
  namedRecipients,
  undeclaredRecipients,
  unusedRecipients,
  type PolicyRecord,
} from './privacy-recipients'

const record = (
  names: Partial<PolicyRecord['names']>,
  builtWith: PolicyRecord['builtWith'] = [],
) => ({
  names: {
    leadWebhook: false,
    pageViewWebhook: false,
    emailProvider: false,
    notificationService: false,
    metaConversionsApi: false,
    ...names,
  },
  builtWith,
  configFile: 'site.config.yaml',
})

describe('undeclaredRecipients', () => {
  it('names each variable set whose recipient the policy omits, one message each', () => {
    const messages = undeclaredRecipients(
      {
        LEAD_FORWARD_URL: 'https://hooks.test/lead',
        SMTP_URL: 'smtp://mail.test',
        META_CAPI_TOKEN: 'token',
        PAGE_VIEW_FORWARD_URL: ' ',
      },
      record({ leadWebhook: true }),
    )
    expect(messages).toEqual([
      'SMTP_URL is set, but the privacy policy does not name the email provider: declare privacy.emailProvider (name, outsideEu) in site.config.yaml, then build again.',
      'META_CAPI_TOKEN is set, but the privacy policy does not name that leads are reported to Meta’s Conversions API: set privacy.metaConversionsApi: oui in site.config.yaml (with VITE_META_PIXEL_ID, whose consent it needs), then build again.',
    ])
  })

  it('checks only the variables asked about', () => {
    const env = { VITE_LEAD_WEBHOOK_URL: 'https://hooks.test/lead', SMTP_URL: 'smtp://mail.test' }
    expect(undeclaredRecipients(env, record({}), ['VITE_LEAD_WEBHOOK_URL'])).toEqual([
      expect.stringMatching(/^VITE_LEAD_WEBHOOK_URL is set, .* privacy\.leadWebhook /),
    ])
  })
})

describe('unusedRecipients', () => {
  it('warns of a recipient named although nothing is sent to it', () => {
    expect(unusedRecipients({}, record({ emailProvider: true }))).toEqual([
      'the privacy policy names the email provider (privacy.emailProvider in site.config.yaml), but no setting sends it anything: SMTP_URL is not set',
    ])
  })

  it('counts the VITE_* destinations the build was made with', () => {
    expect(unusedRecipients({}, record({ leadWebhook: true }, ['VITE_LEAD_WEBHOOK_URL']))).toEqual(
      [],
    )
  })
})

describe('namedRecipients', () => {
  it('names the Conversions API only where the pixel asks for consent', () => {
    const recipients = {
      leadWebhook: undefined,
      pageViewWebhook: undefined,
      emailProvider: { name: 'Courriel', outsideEu: false },
      notificationService: undefined,
      metaConversionsApi: true,
    }
    expect(namedRecipients(recipients, false)).toEqual({
      leadWebhook: false,
      pageViewWebhook: false,
      emailProvider: true,
      notificationService: false,
      metaConversionsApi: false,
    })
    expect(namedRecipients(recipients, true).metaConversionsApi).toBe(true)
  })
})
