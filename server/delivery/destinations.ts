/**
 * Every destination a lead can go to, built from the configuration: the one place where kinds
 * are registered. Says, one line each, which are on and which are off and why.
 */
import { leadCardPath } from '../../common/back-office/back-office-routes'
import type { LeadPayload } from '../../common/lead/lead-contract'
import { leadStatuses, type LeadStatus } from '../../common/pipeline/lead-stages'
import type { ServerConfig } from '../config'
import { withdrawalPath } from '../privacy/withdrawal-page'
import { signWithdrawalToken } from '../privacy/withdrawal-token'
import type { Destination } from './destination'
import { brokerAlertDestination, visitorConfirmationDestination } from './email-destinations'
import { createMailer } from './mailer'
import { metaDestination } from './meta-destination'
import { ntfyDestination } from './ntfy-destination'
import { pushDestination, type PushOptions } from './push-destination'
import { webhookDestination } from './webhook-destination'

/** Which destinations a stored lead goes to, and which ones are on. */
export interface DeliveryPlan {
  /** Queued for each new lead: the active destinations, and the webhook even while it is off. */
  queued: readonly string[]
  /** Destinations the worker delivers to now. */
  active: readonly string[]
  /** Destinations told when a person withdraws consent ("ne plus appeler"). */
  withdrawal: readonly string[]
  /** Destinations told when nobody claimed or called a lead in time (escalation.ts). */
  escalation: readonly string[]
  /** Of `queued`, those a lead goes to only when its visitor accepted the ad trackers. */
  adConsentOnly: readonly string[]
  /** Of `queued`, those the going-live check's lead never goes to (Meta without a test code). */
  notForTestLeads: readonly string[]
  /** Destinations told when an advisor sets a lead's stage, with the stages each one takes. */
  stageChange: readonly { destination: string; stages: readonly LeadStatus[] }[]
}

/** The destinations told of one stage change (queued by lead-status.ts). */
export function destinationsForStage(
  plan: Pick<DeliveryPlan, 'stageChange' | 'adConsentOnly'>,
  status: LeadStatus,
  adConsent: boolean,
): string[] {
  return plan.stageChange
    .filter(({ stages }) => stages.includes(status))
    .filter(({ destination }) => adConsent || !plan.adConsentOnly.includes(destination))
    .map(({ destination }) => destination)
}

/** The destinations one new lead is queued for. */
export function destinationsFor(plan: DeliveryPlan, payload: LeadPayload): string[] {
  return plan.queued.filter(
    (name) =>
      (payload.consentement_publicite || !plan.adConsentOnly.includes(name)) &&
      !(payload.est_test && plan.notForTestLeads.includes(name)),
  )
}

export interface Destinations {
  active: Destination[]
  plan: DeliveryPlan
  /** One line per destination, for the start log. */
  report: string[]
  close(): Promise<void>
}

/** What the `push` destination needs beyond the configuration; the relay always has it. */
export type PushSetup = Omit<PushOptions, 'siteUrl' | 'timeoutMs'> & { keysGenerated: boolean }

export function buildDestinations(
  config: ServerConfig,
  links: { siteUrl: string; appSecret: string },
  push?: PushSetup,
): Destinations {
  const active: Destination[] = []
  const report: string[] = []
  const cardUrl = (leadId: string) => `${links.siteUrl}${leadCardPath(leadId)}`
  if (config.leadForwardUrl) {
    active.push(
      webhookDestination({
        url: config.leadForwardUrl,
        timeoutMs: config.forwardTimeoutMs,
        secret: config.leadForwardSecret,
        header: config.leadForwardHeader,
      }),
    )
    // The host only: a webhook's path often holds its key.
    const signed = config.leadForwardSecret ? ', signed (Standard Webhooks)' : ', unsigned'
    report.push(`webhook: on, to ${new URL(config.leadForwardUrl).host}${signed}`)
  } else {
    report.push('webhook: off, LEAD_FORWARD_URL is not set (leads stay queued for it until it is)')
  }

  const mailer = config.smtp ? createMailer(config.smtp, config.forwardTimeoutMs) : undefined
  if (!mailer || !config.smtp) {
    report.push('email_courtier: off, SMTP_URL is not set')
    report.push('email_visiteur: off, SMTP_URL is not set')
  } else {
    if (config.smtp.alertTo.length > 0) {
      active.push(brokerAlertDestination(mailer, config.smtp.alertTo, { cardUrl }))
      report.push(`email_courtier: on, to ${config.smtp.alertTo.length} address(es)`)
    } else {
      report.push('email_courtier: off, LEAD_ALERT_TO is not set')
    }
    if (config.smtp.confirmation) {
      active.push(
        visitorConfirmationDestination(mailer, {
          siteUrl: links.siteUrl,
          withdrawUrl: (leadId) =>
            `${links.siteUrl}${withdrawalPath}?jeton=${signWithdrawalToken(links.appSecret, leadId)}`,
        }),
      )
      report.push('email_visiteur: on (LEAD_CONFIRMATION=off turns it off)')
    } else {
      report.push('email_visiteur: off, LEAD_CONFIRMATION=off')
    }
  }

  if (config.meta) {
    active.push(metaDestination(config.meta, { timeoutMs: config.forwardTimeoutMs }))
    const test = config.meta.testEventCode ? ', with META_TEST_EVENT_CODE (test events only)' : ''
    const stages = Object.entries(config.meta.stageEvents).map(
      ([stage, name]) => `${stage} as ${name}`,
    )
    report.push(
      `meta: on, pixel ${config.meta.pixelId}, Graph ${config.meta.graphVersion} at ${new URL(config.meta.graphUrl).host}${test}; leads with ad consent only; stages: ${stages.join(', ') || 'none'}`,
    )
  } else {
    report.push('meta: off, META_CAPI_TOKEN is not set')
  }

  if (config.ntfy) {
    active.push(
      ntfyDestination({
        url: config.ntfy.url,
        token: config.ntfy.token,
        timeoutMs: config.forwardTimeoutMs,
        cardUrl,
      }),
    )
    // The host only: on ntfy.sh the topic is the password.
    const token = config.ntfy.token ? ', with an access token' : ''
    report.push(`ntfy: on, to ${new URL(config.ntfy.url).host}${token}`)
  } else {
    report.push('ntfy: off, NTFY_URL is not set')
  }

  if (push) {
    active.push(
      pushDestination({ ...push, siteUrl: links.siteUrl, timeoutMs: config.forwardTimeoutMs }),
    )
    const keys = push.keysGenerated ? 'keys kept in DATA_DIR' : 'VAPID_PUBLIC_KEY'
    report.push(
      `push: on, to every device an advisor subscribed when the lead is sent (${keys}, subject ${push.subject})`,
    )
  }

  const names = active.map((destination) => destination.name)
  return {
    active,
    plan: {
      queued: [...new Set([...names, 'webhook'])],
      active: names,
      withdrawal: active
        .filter((destination) => destination.events.includes('withdrawal'))
        .map((destination) => destination.name),
      escalation: active
        .filter((destination) => destination.events.includes('escalation'))
        .map((destination) => destination.name),
      adConsentOnly: active
        .filter((destination) => destination.needsAdConsent)
        .map((destination) => destination.name),
      // A test lead counted by Meta as a real one would skew the ads' optimisation.
      notForTestLeads: config.meta && !config.meta.testEventCode ? ['meta'] : [],
      stageChange: active
        .filter((destination) => destination.events.includes('status'))
        .map((destination) => ({
          destination: destination.name,
          stages: destination.stages ?? leadStatuses,
        })),
    },
    report,
    close: async () => mailer?.close(),
  }
}
