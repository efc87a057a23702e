import { describe, expect, it } from 'vitest'
import { deviceLabel } from './device-label'
import { applicationServerKey } from './push-device'

describe('a device’s name', () => {
  it('says the browser and the system', () => {
    const cases = {
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36':
        'Chrome sur Android',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1':
        'Safari sur iPhone',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0':
        'Edge sur Windows',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:133.0) Gecko/20100101 Firefox/133.0':
        'Firefox sur Mac',
    }
    for (const [userAgent, label] of Object.entries(cases)) {
      expect(deviceLabel(userAgent, '?')).toBe(label)
    }
    expect(deviceLabel(null, 'Appareil sans nom')).toBe('Appareil sans nom')
  })
})

describe('the server key', () => {
  it('turns base64url into the bytes the browser subscribes with', () => {
    const bytes = Uint8Array.from({ length: 65 }, (_, index) => (index * 37) % 256)
    const key = Buffer.from(bytes).toString('base64url')
    expect(Array.from(applicationServerKey(key))).toEqual(Array.from(bytes))
  })
})
