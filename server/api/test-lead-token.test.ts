import { describe, expect, it } from 'vitest'
import { signTestLeadToken, verifyTestLeadToken } from './test-lead-token'

const secret = 'un-secret-d-application-de-plus-de-32-caracteres'
const at = new Date('2026-11-25T16:00:00Z')
const minutesLater = (minutes: number) => new Date(at.getTime() + minutes * 60_000)

describe('the going-live check’s token', () => {
  it('is good for ten minutes, with the server’s secret only', () => {
    const token = signTestLeadToken(secret, at)
    expect(verifyTestLeadToken(secret, token, at)).toBe(true)
    expect(verifyTestLeadToken(secret, token, minutesLater(9))).toBe(true)
    expect(verifyTestLeadToken(secret, token, minutesLater(11))).toBe(false)
    expect(verifyTestLeadToken(`${secret}x`, token, at)).toBe(false)
  })

  it('refuses a token altered, from the future, or missing', () => {
    const token = signTestLeadToken(secret, at)
    const [issuedAt, signature] = token.split('.')
    expect(verifyTestLeadToken(secret, `${Number(issuedAt) + 1}.${signature}`, at)).toBe(false)
    expect(verifyTestLeadToken(secret, signTestLeadToken(secret, minutesLater(5)), at)).toBe(false)
    for (const bad of [undefined, '', 'abc', `${issuedAt}.`, `.${signature}`]) {
      expect(verifyTestLeadToken(secret, bad, at)).toBe(false)
    }
  })
})
