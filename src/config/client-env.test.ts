import { describe, expect, it } from 'vitest'
import {
  ClientEnvError,
  defaultLeadEndpoint,
  defaultPageViewEndpoint,
  parseClientEnv,
} from '@/config/client-env'

function errorOf(run: () => unknown): Error {
  try {
    run()
  } catch (error) {
    if (error instanceof Error) return error
    throw error
  }
  throw new Error('expected an error')
}

describe('parseClientEnv', () => {
  it('defaults to the same-origin relay endpoints with no variables', () => {
    expect(parseClientEnv({})).toStrictEqual({
      leadEndpoint: '/api/leads',
      pageViewEndpoint: '/api/page-views',
      metaPixelId: undefined,
      usesLeadRelay: true,
    })
    expect(defaultLeadEndpoint).toBe('/api/leads')
    expect(defaultPageViewEndpoint).toBe('/api/page-views')
  })

  it('treats empty and blank values as unset', () => {
    expect(
      parseClientEnv({
        VITE_LEAD_WEBHOOK_URL: '',
        VITE_PAGE_VIEW_WEBHOOK_URL: '   ',
        VITE_META_PIXEL_ID: ' ',
      }),
    ).toStrictEqual({
      leadEndpoint: '/api/leads',
      pageViewEndpoint: '/api/page-views',
      metaPixelId: undefined,
      usesLeadRelay: true,
    })
  })

  it('keeps valid webhook URLs and the pixel id, and stops using the relay', () => {
    expect(
      parseClientEnv({
        VITE_LEAD_WEBHOOK_URL: 'https://hooks.example.com/lead?token=abc',
        VITE_PAGE_VIEW_WEBHOOK_URL: ' http://127.0.0.1:8080/pv ',
        VITE_META_PIXEL_ID: '123456789012345',
      }),
    ).toStrictEqual({
      leadEndpoint: 'https://hooks.example.com/lead?token=abc',
      pageViewEndpoint: 'http://127.0.0.1:8080/pv',
      metaPixelId: '123456789012345',
      usesLeadRelay: false,
    })
  })

  it('keeps using the lead relay when only the page-view webhook is set', () => {
    const env = parseClientEnv({ VITE_PAGE_VIEW_WEBHOOK_URL: 'https://hooks.example.com/pv' })
    expect(env.usesLeadRelay).toBe(true)
    expect(env.leadEndpoint).toBe('/api/leads')
  })

  it.each([
    ['VITE_LEAD_WEBHOOK_URL', 'not a url'],
    ['VITE_LEAD_WEBHOOK_URL', '/relative/path'],
    ['VITE_LEAD_WEBHOOK_URL', 'ftp://files.example.com/lead'],
    ['VITE_LEAD_WEBHOOK_URL', 'javascript:alert(1)'],
    ['VITE_PAGE_VIEW_WEBHOOK_URL', 'hooks.example.com/pv'],
    ['VITE_PAGE_VIEW_WEBHOOK_URL', 'ftp://files.example.com/pv'],
    ['VITE_META_PIXEL_ID', 'abc123'],
    ['VITE_META_PIXEL_ID', '12345-6789'],
    ['VITE_META_PIXEL_ID', '1234'],
  ])('throws ClientEnvError naming %s for %j', (name, value) => {
    const error = errorOf(() => parseClientEnv({ [name]: value }))
    expect(error).toBeInstanceOf(ClientEnvError)
    expect(error.message).toContain(name)
  })
})
