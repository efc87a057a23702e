import { describe, expect, it } from 'vitest'
import { signWithdrawalToken, verifyWithdrawalToken, withdrawalLinkDays } from './withdrawal-token'

const secret = 'un-secret-de-test-de-plus-de-trente-deux-caracteres'
const leadId = '3f0c1a52-8b1e-4c55-9d7a-2b6f7e9d1c40'

describe('withdrawal tokens', () => {
  it('verifies a token it signed, for its lead', () => {
    const token = signWithdrawalToken(secret, leadId)
    expect(verifyWithdrawalToken(secret, token)).toEqual({ ok: true, leadId })
  })

  it('says expired once the link is older than its lifetime', () => {
    const signedAt = new Date('2026-01-01T00:00:00Z')
    const token = signWithdrawalToken(secret, leadId, signedAt)
    const justBefore = new Date(signedAt.getTime() + (withdrawalLinkDays * 24 - 1) * 3_600_000)
    const after = new Date(signedAt.getTime() + (withdrawalLinkDays * 24 + 1) * 3_600_000)
    expect(verifyWithdrawalToken(secret, token, justBefore)).toEqual({ ok: true, leadId })
    expect(verifyWithdrawalToken(secret, token, after)).toEqual({ ok: false, reason: 'expired' })
  })

  it.each([
    ['another secret', () => signWithdrawalToken(`${secret}x`, leadId)],
    [
      'another lead',
      () => signWithdrawalToken(secret, leadId).replace(leadId.slice(0, 8), '00000000'),
    ],
    ['a later expiry', () => signWithdrawalToken(secret, leadId).replace(/\.(\d+)\./, '.9$1.')],
    ['a truncated signature', () => signWithdrawalToken(secret, leadId).slice(0, -2)],
    ['not a string', () => 42],
    ['a huge string', () => 'a'.repeat(10_000)],
  ])('refuses a token with %s', (_label, make) => {
    expect(verifyWithdrawalToken(secret, make())).toEqual({ ok: false, reason: 'invalid' })
  })
})
