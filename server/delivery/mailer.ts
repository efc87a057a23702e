/**
 * One pooled SMTP transport (nodemailer) for every email the relay sends, and the rule that sorts
 * its failures: a 5xx reply or a rejected recipient is permanent, anything else (4xx, connection,
 * timeout) is worth another attempt.
 */
import { createTransport } from 'nodemailer'
import type { SmtpConfig } from '../config'
import type { DeliveryOutcome } from './destination'
import { permanentFailure, temporaryFailure } from './destination'
import type { EmailContent } from '../emails/lead-emails'

export interface Address {
  name: string
  address: string
}

export interface Mailer {
  send(
    message: EmailContent & { to: string[] | Address; replyTo?: Address },
  ): Promise<DeliveryOutcome>
  close(): Promise<void>
}

/**
 * `timeoutMs` bounds each wait (connection, greeting, reply); a whole attempt, queueing for a pooled
 * connection included, is cut at twice that, so it always ends before the delivery's lease does
 * and a slow mail server never gets the same email sent twice at once.
 */
export function createMailer(config: SmtpConfig, timeoutMs: number): Mailer {
  const transport = createTransport({
    url: config.url,
    pool: true,
    maxConnections: 4,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs * 2,
  })
  return {
    async send(message) {
      try {
        const info = await transport.sendMail({
          from: config.from,
          to: message.to,
          ...(message.replyTo ? { replyTo: message.replyTo } : {}),
          subject: message.subject,
          text: message.text,
          html: message.html,
          ...(message.attachments ? { attachments: message.attachments } : {}),
          signal: AbortSignal.timeout(timeoutMs * 2),
        })
        // Delivered to whoever accepted it; a rejected address among several is not worth resending.
        if (info.accepted.length === 0) return permanentFailure('recipient rejected')
        return { ok: true }
      } catch (error) {
        return classify(error)
      }
    },
    async close() {
      transport.close()
    },
  }
}

/** A short reason, never the message or an address. */
function classify(error: unknown): DeliveryOutcome {
  const failure = error as { code?: string; responseCode?: number; permanent?: boolean }
  const reason = failure.responseCode
    ? `SMTP ${failure.responseCode}`
    : (failure.code ?? (error instanceof Error ? error.name : 'SMTP error'))
  const permanent =
    failure.permanent === true ||
    (failure.code === 'EENVELOPE' && (failure.responseCode ?? 550) >= 500) ||
    (failure.responseCode !== undefined &&
      failure.responseCode >= 500 &&
      failure.responseCode !== 503)
  return permanent ? permanentFailure(reason) : temporaryFailure(reason)
}
