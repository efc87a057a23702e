/**
 * The token in a confirmation email's withdrawal link: the lead's id and an expiry, signed with
 * HMAC-SHA256 under the relay's secret, so that only the relay can make one and nobody can
 * withdraw another person's consent by guessing an id.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { leadIdPattern } from '../storage/lead-store'

/** How long a link works: as long as the relay may keep the lead's data. */
export const withdrawalLinkDays = 3 * 366

function mac(secret: string, message: string): string {
  return createHmac('sha256', secret).update(`withdrawal.${message}`).digest('base64url')
}

export function signWithdrawalToken(secret: string, leadId: string, now = new Date()): string {
  const expires = Math.floor(now.getTime() / 1000) + withdrawalLinkDays * 24 * 3600
  const message = `${leadId}.${expires}`
  return `${message}.${mac(secret, message)}`
}

export type TokenCheck = { ok: true; leadId: string } | { ok: false; reason: 'invalid' | 'expired' }

export function verifyWithdrawalToken(
  secret: string,
  token: unknown,
  now = new Date(),
): TokenCheck {
  if (typeof token !== 'string' || token.length > 200) return { ok: false, reason: 'invalid' }
  const [leadId = '', expires = '', signature = ''] = token.split('.')
  const expected = Buffer.from(mac(secret, `${leadId}.${expires}`))
  const given = Buffer.from(signature)
  if (
    !leadIdPattern.test(leadId) ||
    !/^\d{1,12}$/.test(expires) ||
    given.length !== expected.length ||
    !timingSafeEqual(given, expected)
  ) {
    return { ok: false, reason: 'invalid' }
  }
  if (Number(expires) * 1000 < now.getTime()) return { ok: false, reason: 'expired' }
  return { ok: true, leadId }
}

/**
 * `APP_SECRET`, or one made once and kept beside the embedded database (owner-only), so that the
 * links already sent keep working after a restart.
 */
export async function loadAppSecret(
  configured: string | undefined,
  dataDir: string,
): Promise<{ secret: string; generated: boolean }> {
  if (configured) return { secret: configured, generated: false }
  const file = path.join(dataDir, 'app-secret')
  const existing = await readFile(file, 'utf8').catch(() => '')
  if (existing.trim().length >= 32) return { secret: existing.trim(), generated: true }
  await mkdir(dataDir, { recursive: true, mode: 0o700 })
  const secret = randomBytes(32).toString('base64url')
  await writeFile(file, `${secret}\n`, { mode: 0o600 })
  await chmod(file, 0o600)
  return { secret, generated: true }
}
