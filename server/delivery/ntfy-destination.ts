/**
 * ntfy (`NTFY_URL`, a topic on ntfy.sh or a self-hosted server): one message per lead and per
 * escalation, published as ntfy documents it (docs.ntfy.sh/publish): the text as the body, and
 * the `Title`, `Click` (the lead's card), `Tags` and `Priority` headers; `NTFY_TOKEN` as
 * `Authorization: Bearer`. What it says is what a lock screen may show (lead-notification.ts).
 */
import type { DeliveryOutcome, Destination } from './destination'
import { permanentFailure, temporaryFailure } from './destination'
import { leadNotification } from './lead-notification'
import { describeFailure } from './post-json'

export interface NtfyOptions {
  /** The topic's URL; its path is the topic, as secret as a password on ntfy.sh. */
  url: string
  token: string | undefined
  timeoutMs: number
  cardUrl: (leadId: string) => string
}

/**
 * HTTP headers are bytes: a title with accents goes as an RFC 2047 encoded word, which the ntfy
 * server decodes (binwiederhier/ntfy#737); a plain ASCII title goes as it is.
 */
export function headerText(value: string): string {
  if (/^[\x20-\x7e]*$/.test(value)) return value
  return `=?UTF-8?B?${Buffer.from(value, 'utf8').toString('base64')}?=`
}

/** Worth another attempt: a timeout, rate limiting, or the server's fault. */
const isTemporary = (status: number) => status === 408 || status === 429 || status >= 500

export function ntfyDestination(options: NtfyOptions): Destination {
  async function publish(
    message: { title: string; body: string; url: string },
    headers: { Tags: string; Priority: string },
  ): Promise<DeliveryOutcome> {
    try {
      const response = await fetch(options.url, {
        method: 'POST',
        headers: {
          'Content-Type': 'text/plain; charset=utf-8',
          Title: headerText(message.title),
          Click: message.url,
          ...headers,
          ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
        },
        body: message.body,
        signal: AbortSignal.timeout(options.timeoutMs),
      })
      await response.body?.cancel()
      if (response.ok) return { ok: true }
      const reason = `HTTP ${response.status}`
      return isTemporary(response.status) ? temporaryFailure(reason) : permanentFailure(reason)
    } catch (error) {
      return temporaryFailure(describeFailure(error, options.timeoutMs))
    }
  }

  return {
    name: 'ntfy',
    events: ['lead', 'escalation'],
    send(job) {
      const escalation = job.event === 'escalation'
      const message = leadNotification(job.payload, {
        leadId: job.leadId,
        cardUrl: options.cardUrl(job.leadId),
        escalation,
        requestNumber: job.personRequest?.number,
      })
      return publish(message, {
        Tags: escalation ? 'rotating_light' : 'telephone_receiver',
        Priority: escalation ? 'max' : 'high',
      })
    },
    tellBroker(notice) {
      return publish(notice, { Tags: 'warning', Priority: 'high' })
    },
  }
}
