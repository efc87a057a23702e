/**
 * The push service stand-in reads Web Push as a browser would: its decryption, written from
 * RFC 8291, must give back RFC 8291's own worked example (appendix A) and what `web-push`, an
 * independent implementation, encrypts; its VAPID reading must accept web-push's signature and
 * refuse a forged one. Otherwise the push tests would prove nothing.
 */
import { createECDH, randomBytes } from 'node:crypto'
import webPush from 'web-push'
import { describe, expect, it } from 'vitest'
import { decryptPush, newDeviceKeys, readVapidHeader } from './push-service-stand-in'

/** RFC 8291 appendix A, its values as published. */
const rfc8291Example = {
  plaintext: 'When I grow up, I want to be a watermelon',
  uaPrivate: 'q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94',
  auth: 'BTBZMqHH6r4Tts7J_aSIgg',
  body:
    'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A' +
    '_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
}

describe('the push service stand-in', () => {
  it("decrypts RFC 8291's worked example with the user agent's keys", () => {
    const ecdh = createECDH('prime256v1')
    ecdh.setPrivateKey(Buffer.from(rfc8291Example.uaPrivate, 'base64url'))
    const auth = Buffer.from(rfc8291Example.auth, 'base64url')
    const body = Buffer.from(rfc8291Example.body, 'base64url')
    expect(decryptPush(body, { ecdh, auth }).toString()).toBe(rfc8291Example.plaintext)
    // One bit changed anywhere and the authentication tag refuses it.
    const tampered = Buffer.from(body)
    tampered[tampered.length - 20]! ^= 1
    expect(() => decryptPush(tampered, { ecdh, auth })).toThrow()
    expect(() => decryptPush(body, { ecdh, auth: randomBytes(16) })).toThrow()
  })

  it('decrypts what web-push encrypts, from one byte to the largest payload', () => {
    const device = newDeviceKeys()
    for (const size of [1, 100, 3_993]) {
      const payload = randomBytes(size)
      const { cipherText } = webPush.encrypt(
        device.json.p256dh,
        device.json.auth,
        payload,
        'aes128gcm',
      )
      expect(decryptPush(cipherText, device).equals(payload)).toBe(true)
    }
  })

  it("reads web-push's VAPID header and checks its signature", () => {
    const keys = webPush.generateVAPIDKeys()
    const expiration = Math.floor(Date.now() / 1000) + 3_600
    const { Authorization } = webPush.getVapidHeaders(
      'https://push.example:8443',
      'mailto:courtier@exemple.fr',
      keys.publicKey,
      keys.privateKey,
      'aes128gcm',
      expiration,
    )
    const vapid = readVapidHeader(Authorization)
    expect(vapid).toMatchObject({
      header: { typ: 'JWT', alg: 'ES256' },
      claims: {
        aud: 'https://push.example:8443',
        exp: expiration,
        sub: 'mailto:courtier@exemple.fr',
      },
      publicKey: keys.publicKey,
      signatureValid: true,
    })
    // The same token claimed by another key does not verify.
    const other = webPush.generateVAPIDKeys().publicKey
    const forged = Authorization.replace(/k=[\w-]+$/, `k=${other}`)
    expect(readVapidHeader(forged).signatureValid).toBe(false)
  })
})
