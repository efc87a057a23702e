/**
 * docs/operations.md shows receivers how to verify a signed webhook; this runs that very snippet against
 * what the relay sends, so the documentation cannot drift from the signature.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { signWebhook } from './webhook-signature'

type Verify = (secret: string, headers: Record<string, string>, rawBody: string) => boolean

function documentedVerify(): Verify {
  const guide = readFileSync(path.resolve(import.meta.dirname, '../../docs/operations.md'), 'utf8')
  const section = guide.slice(guide.indexOf("## Verifying the webhook's signature"))
  const code = /```js\n([\s\S]*?)```/.exec(section)?.[1]
  if (!code) throw new Error('docs/operations.md has no verification snippet')
  const body = code.replace(/^import .*$/m, '')
  // The documentation's own code, run as written.
  return new Function('createHmac', 'timingSafeEqual', `${body}\nreturn verify`)(
    createHmac,
    timingSafeEqual,
  ) as Verify
}

describe('the documented signature check', () => {
  const verify = documentedVerify()
  const key = randomBytes(32)
  const secret = `whsec_${key.toString('base64')}`
  const body = JSON.stringify({ nom: 'Zoé', telephone: '0612345678' })
  const now = Math.floor(Date.now() / 1000)

  it('accepts what the relay signs, among other signatures too', () => {
    const headers = signWebhook(key, { id: 'lead-1', timestamp: now, body })
    expect(verify(secret, headers, body)).toBe(true)
    const rotated = { ...headers, 'webhook-signature': `v1,AAAA ${headers['webhook-signature']}` }
    expect(verify(secret, rotated, body)).toBe(true)
  })

  it('refuses a changed body, another secret, another id and an old timestamp', () => {
    const headers = signWebhook(key, { id: 'lead-1', timestamp: now, body })
    expect(verify(secret, headers, `${body} `)).toBe(false)
    expect(verify(`whsec_${randomBytes(32).toString('base64')}`, headers, body)).toBe(false)
    expect(verify(secret, { ...headers, 'webhook-id': 'lead-2' }, body)).toBe(false)
    const old = signWebhook(key, { id: 'lead-1', timestamp: now - 600, body })
    expect(verify(secret, old, body)).toBe(false)
  })
})
