/**
 * The automation webhook (`LEAD_FORWARD_URL`): the lead payload as the form sent it (with the
 * relay's own estimate figures), a "ne plus appeler" event when the person withdraws consent, or a
 * `lead.status_changed` event when an advisor moves the lead to another stage.
 * Every attempt carries the message's id (a lead's is the lead's id) as `Idempotency-Key` and,
 * with `LEAD_FORWARD_SECRET`, the Standard Webhooks headers; `LEAD_FORWARD_HEADER` adds one fixed header.
 */
import type { DeliveryJob, DeliveryOutcome, Destination, StageChange } from './destination'
import { permanentFailure, temporaryFailure } from './destination'
import { sendJson } from './post-json'
import { signWebhook } from './webhook-signature'

export interface WebhookOptions {
  url: string
  timeoutMs: number
  secret: Buffer | undefined
  header: { name: string; value: string } | undefined
}

/**
 * The body of a withdrawal event: who must no longer be called, and since when. The link proved
 * the email address, not the phone (another person's number may have been typed with it):
 * `portee` says so, for a receiver that would otherwise block the number.
 */
export function withdrawalEvent(job: DeliveryJob) {
  return {
    evenement: 'retrait_consentement',
    consigne: 'ne plus appeler',
    portee: 'email',
    lead_id: job.leadId,
    nom: job.payload.nom,
    prenom: job.payload.prenom,
    email: job.payload.email,
    telephone: job.payload.telephone,
    retire_le: (job.consentWithdrawnAt ?? new Date()).toISOString(),
  }
}

/**
 * The body of a stage change (issue 30): what a CRM mirroring the leads needs to move its own card.
 * `prime_annuelle` (euros) is the signed contract's yearly premium when the advisor entered it.
 */
export function statusChangedEvent(leadId: string, change: StageChange) {
  return {
    type: 'lead.status_changed',
    lead_id: leadId,
    status: change.status,
    previous_status: change.previousStatus,
    motif: change.motif,
    at: change.at.toISOString(),
    prime_annuelle: change.annualPremiumEur,
  }
}

/** The message's body and its id, the same on every retry so the receiver can drop repeats. */
function messageOf(job: DeliveryJob): { id: string; body: unknown } | undefined {
  if (job.event === 'lead') return { id: job.leadId, body: job.payload }
  if (job.event === 'withdrawal') return { id: `${job.leadId}-retrait`, body: withdrawalEvent(job) }
  if (job.stageChange) {
    return {
      id: `${job.leadId}-statut-${job.stageChange.id}`,
      body: statusChangedEvent(job.leadId, job.stageChange),
    }
  }
  return undefined
}

/** Answers worth another attempt: a timeout, "too early", rate limiting, or the server's fault. */
function isTemporary(status: number): boolean {
  return status === 408 || status === 425 || status === 429 || status >= 500
}

export function webhookDestination(options: WebhookOptions): Destination {
  return {
    name: 'webhook',
    events: ['lead', 'withdrawal', 'status'],
    async send(job): Promise<DeliveryOutcome> {
      const message = messageOf(job)
      if (!message) return permanentFailure(`not sent: no message for the event ${job.event}`)
      const body = JSON.stringify(message.body)
      const { id } = message
      const headers: Record<string, string> = {
        'Idempotency-Key': id,
        ...(options.secret
          ? signWebhook(options.secret, { id, timestamp: Math.floor(Date.now() / 1000), body })
          : {}),
        ...(options.header ? { [options.header.name]: options.header.value } : {}),
      }
      const result = await sendJson(options.url, body, { timeoutMs: options.timeoutMs, headers })
      if ('failure' in result) return temporaryFailure(result.failure)
      if (result.status >= 200 && result.status < 300) return { ok: true }
      const reason = `HTTP ${result.status}`
      return isTemporary(result.status) ? temporaryFailure(reason) : permanentFailure(reason)
    },
  }
}
