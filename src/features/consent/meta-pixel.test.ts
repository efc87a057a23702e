// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { loadMetaPixel, metaPixelScriptUrl, stopMetaPixel } from '@/features/consent/meta-pixel'

type Queued = ((...args: unknown[]) => void) & {
  queue: unknown[][]
  callMethod?: (...args: unknown[]) => void
}

describe('Meta pixel', () => {
  afterEach(() => {
    delete window.fbq
    delete window._fbq
    document.head.innerHTML = ''
    document.cookie = '_fbp=; Max-Age=0; path=/'
  })

  it('queues init and PageView, and adds the official script once', () => {
    loadMetaPixel('123456789012345')
    loadMetaPixel('123456789012345')
    const scripts = document.head.querySelectorAll('script')
    expect([...scripts].map((script) => script.src)).toEqual([metaPixelScriptUrl])
    expect(scripts[0]?.async).toBe(true)
    expect((window.fbq as Queued).queue).toEqual([
      ['init', '123456789012345'],
      ['track', 'PageView'],
    ])
  })

  it('hands calls to the script once it has taken over', () => {
    loadMetaPixel('123456789012345')
    const handled: unknown[][] = []
    ;(window.fbq as Queued).callMethod = (...args) => handled.push(args)
    window.fbq?.('track', 'Lead', {}, { eventID: 'abc' })
    expect(handled).toEqual([['track', 'Lead', {}, { eventID: 'abc' }]])
  })

  it('accepting again after a withdrawal grants consent anew before init', () => {
    loadMetaPixel('123456789012345')
    stopMetaPixel()
    loadMetaPixel('123456789012345')
    expect((window.fbq as Queued).queue).toEqual([
      ['consent', 'grant'],
      ['init', '123456789012345'],
      ['track', 'PageView'],
    ])
  })

  it('withdrawal revokes consent, removes fbq and deletes the pixel cookie', () => {
    loadMetaPixel('123456789012345')
    const pixel = window.fbq as Queued
    document.cookie = '_fbp=fb.1.0.test; path=/'
    stopMetaPixel()
    expect(pixel.queue.at(-1)).toEqual(['consent', 'revoke'])
    expect(window.fbq).toBeUndefined()
    expect(window._fbq).toBeUndefined()
    expect(document.cookie).not.toContain('_fbp')
  })
})
