/**
 * The going-live check's right to send a test lead (`est_test: true`): a token the check signs
 * with APP_SECRET, which it reads where the server does (the environment, or DATA_DIR), so that
 * only someone holding the server's secret can make the relay take one. A stranger's `est_test`
 * is refused: test leads skip the funnel and answer with their id, which nobody else should get.
 * Valid a few minutes, so that a token seen in a log or a proxy is soon worth nothing.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'

export const testLeadTokenHeader = 'x-check-token'
const validSeconds = 10 * 60

function signature(secret: string, issuedAt: string): string {
  return createHmac('sha256', secret).update(`est_test.${issuedAt}`).digest('base64url')
}

export function signTestLeadToken(secret: string, now = new Date()): string {
  const issuedAt = String(Math.floor(now.getTime() / 1000))
  return `${issuedAt}.${signature(secret, issuedAt)}`
}

export function verifyTestLeadToken(
  secret: string,
  token: string | undefined,
  now = new Date(),
): boolean {
  const [issuedAt = '', given = ''] = (token ?? '').split('.')
  if (!/^\d{1,12}$/.test(issuedAt)) return false
  const age = now.getTime() / 1000 - Number(issuedAt)
  if (age < -60 || age > validSeconds) return false
  const expected = Buffer.from(signature(secret, issuedAt))
  const received = Buffer.from(given)
  return received.length === expected.length && timingSafeEqual(received, expected)
}
