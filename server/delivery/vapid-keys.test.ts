import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import webPush from 'web-push'
import { describe, expect, it } from 'vitest'
import { createTempDir } from '../test-support/fake-site'
import { generateVapidKeys, isVapidPair, loadVapidKeys } from './vapid-keys'

describe('the VAPID keys', () => {
  it('are made once into DATA_DIR, owner-only, and the same after a restart', async () => {
    const dataDir = await createTempDir('vapid-')
    const first = await loadVapidKeys(undefined, dataDir)
    expect(first.generated).toBe(true)
    expect(isVapidPair(first)).toBe(true)
    const file = path.join(dataDir, 'vapid-keys.json')
    expect((await stat(file)).mode & 0o777).toBe(0o600)
    expect(await loadVapidKeys(undefined, dataDir)).toEqual(first)
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({
      publicKey: first.publicKey,
      privateKey: first.privateKey,
    })
  })

  it('are the configured ones when VAPID_* are set, and nothing is written', async () => {
    const dataDir = await createTempDir('vapid-')
    const configured = webPush.generateVAPIDKeys()
    expect(await loadVapidKeys(configured, dataDir)).toEqual({ ...configured, generated: false })
    expect(await stat(path.join(dataDir, 'vapid-keys.json')).catch(() => undefined)).toBeUndefined()
  })

  it('are made in the form web-push takes, however many leading zeros the scalar has', () => {
    for (let round = 0; round < 300; round += 1) {
      const keys = generateVapidKeys()
      expect(Buffer.from(keys.privateKey, 'base64url')).toHaveLength(32)
      expect(() =>
        webPush.getVapidHeaders(
          'https://push.example',
          'mailto:a@b.fr',
          keys.publicKey,
          keys.privateKey,
          'aes128gcm',
        ),
      ).not.toThrow()
    }
  })
})
