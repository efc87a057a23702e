/**
 * Holds the privacy policy to what the build and the server actually do: each setting that sends
 * visitors' data somewhere needs its recipient named in the policy. The build checks its VITE_*
 * variables; the server, at start, checks its own against what the published policy names
 * (`_privacy-policy.json`, written beside the pages by the build).
 */
import type { PrivacyRecipients } from './site-config-schema'

export type RecipientKey =
  'leadWebhook' | 'pageViewWebhook' | 'emailProvider' | 'notificationService' | 'metaConversionsApi'

/** Which recipient each setting sends data to; VITE_* ones are known at build time. */
export const recipientOf = {
  VITE_LEAD_WEBHOOK_URL: 'leadWebhook',
  LEAD_FORWARD_URL: 'leadWebhook',
  VITE_PAGE_VIEW_WEBHOOK_URL: 'pageViewWebhook',
  PAGE_VIEW_FORWARD_URL: 'pageViewWebhook',
  SMTP_URL: 'emailProvider',
  NTFY_URL: 'notificationService',
  META_CAPI_TOKEN: 'metaConversionsApi',
} as const satisfies Record<string, RecipientKey>

export type RecipientSetting = keyof typeof recipientOf

const what: Record<RecipientKey, string> = {
  leadWebhook: 'who receives the leads',
  pageViewWebhook: 'who receives the page views (ad-click ids)',
  emailProvider: 'the email provider',
  notificationService: 'the notification service that relays alerts to advisors (ntfy)',
  metaConversionsApi: 'that leads are reported to Meta’s Conversions API',
}

/** What a build's privacy policy names, as `_privacy-policy.json` records it. */
export interface PolicyRecord {
  names: Record<RecipientKey, boolean>
  /** Settings the build itself sends data with (its VITE_* variables). */
  builtWith: RecipientSetting[]
  /** The configuration file the policy was built from, for messages. */
  configFile: string
}

export const policyRecordFile = '_privacy-policy.json'

/** The recipients a policy names: the Conversions API only where the pixel's consent exists. */
export function namedRecipients(
  recipients: PrivacyRecipients,
  metaPixel: boolean,
): Record<RecipientKey, boolean> {
  return {
    leadWebhook: recipients.leadWebhook !== undefined,
    pageViewWebhook: recipients.pageViewWebhook !== undefined,
    emailProvider: recipients.emailProvider !== undefined,
    notificationService: recipients.notificationService !== undefined,
    metaConversionsApi: recipients.metaConversionsApi && metaPixel,
  }
}

const isSet = (value: string | undefined) => value !== undefined && value.trim() !== ''

/** The settings among `settings` that are set in `env` but whose recipient the policy omits. */
export function undeclaredRecipients(
  env: Record<string, string | undefined>,
  record: Pick<PolicyRecord, 'names' | 'configFile'>,
  settings: readonly RecipientSetting[] = Object.keys(recipientOf) as RecipientSetting[],
): string[] {
  return settings
    .filter((setting) => isSet(env[setting]) && !record.names[recipientOf[setting]])
    .map((setting) => {
      const key = recipientOf[setting]
      const fix =
        key === 'metaConversionsApi'
          ? `set privacy.metaConversionsApi: oui in ${record.configFile} (with VITE_META_PIXEL_ID, whose consent it needs)`
          : `declare privacy.${key} (name, outsideEu) in ${record.configFile}`
      return `${setting} is set, but the privacy policy does not name ${what[key]}: ${fix}, then build again.`
    })
}

/** Recipients the policy names although no setting sends them anything. */
export function unusedRecipients(
  env: Record<string, string | undefined>,
  record: PolicyRecord,
): string[] {
  const used = new Set(
    (Object.keys(recipientOf) as RecipientSetting[])
      .filter((setting) => isSet(env[setting]) || record.builtWith.includes(setting))
      .map((setting) => recipientOf[setting]),
  )
  return (Object.keys(record.names) as RecipientKey[])
    .filter((key) => record.names[key] && !used.has(key))
    .map(
      (key) =>
        `the privacy policy names ${what[key]} (privacy.${key} in ${record.configFile}), but no setting sends it anything: ${Object.entries(
          recipientOf,
        )
          .filter(([, recipient]) => recipient === key)
          .map(([setting]) => setting)
          .join(' or ')} is not set`,
    )
}
