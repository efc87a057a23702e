/**
 * The automation webhook (`LEAD_FORWARD_URL`): the lead payload as the form sent it (with the
 * relay's own estimate figures), or a "ne plus appeler" event when the person withdraws consent.
 * Every attempt carries the lead's id as `Idempotency-Key` and, with `LEAD_FORWARD_SECRET`, the
 * Standard Webhooks headers; `LEAD_FORWARD_HEADER` adds one fixed header.
 */
import type { DeliveryJob, DeliveryOutcome, Destination } from './destination'
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

/** Answers worth another attempt: a timeout, "too early", rate limiting, or the server's fault. */
function isTemporary(status: number): boolean {
  return status === 408 || status === 425 || status === 429 || status >= 500
}

export function webhookDestination(options: WebhookOptions): Destination {
  return {
    name: 'webhook',
    events: ['lead', 'withdrawal'],
    async send(job): Promise<DeliveryOutcome> {
      const body = JSON.stringify(job.event === 'lead' ? job.payload : withdrawalEvent(job))
      // The same id on every retry of one message, so the receiver can drop what it has seen.
      const id = job.event === 'lead' ? job.leadId : `${job.leadId}-retrait`
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
