/**
 * Standard Webhooks signatures (standardwebhooks.com): `webhook-signature` is `v1,` then the
 * base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`, keyed with the secret's bytes
 * (the base64 after `whsec_`). The receiver recomputes it and rejects old timestamps.
 */
import { createHmac } from 'node:crypto'

export function signWebhook(
  key: Buffer,
  message: { id: string; timestamp: number; body: string },
): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> {
  const signed = `${message.id}.${message.timestamp}.${message.body}`
  const signature = createHmac('sha256', key).update(signed).digest('base64')
  return {
    'webhook-id': message.id,
    'webhook-timestamp': String(message.timestamp),
    'webhook-signature': `v1,${signature}`,
  }
}
