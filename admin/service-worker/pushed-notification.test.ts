import { describe, expect, it } from 'vitest'
import { backOfficeUrl, pushedNotification } from './pushed-notification'

const origin = 'https://courtier.example'

describe('a pushed notification', () => {
  it('shows the relay’s title, body and tag, and keeps the card’s address to open', () => {
    const payload = {
      title: 'Nouvelle demande',
      body: 'Inès N. · 2 400 € à 10 800 €',
      url: `${origin}/admin/demandes/abc`,
      tag: 'lead-abc',
    }
    expect(pushedNotification(JSON.stringify(payload), origin)).toEqual({
      title: 'Nouvelle demande',
      options: {
        body: payload.body,
        tag: 'lead-abc',
        icon: '/admin/icons/icon-192.png',
        badge: '/admin/icons/badge-96.png',
        lang: 'fr',
        renotify: true,
        data: { url: payload.url },
      },
    })
  })

  it('still shows something for a message it cannot read', () => {
    for (const payload of [undefined, '', 'pas du JSON', '42', '{"title": 3}']) {
      const shown = pushedNotification(payload, origin)
      expect(shown.title).toBe('Nouvelle demande')
      expect(shown.options.data.url).toBe(`${origin}/admin`)
      expect(shown.options.renotify).toBe(false)
    }
  })

  it('opens only this back-office’s pages', () => {
    expect(backOfficeUrl('/admin/demandes/x', origin)).toBe(`${origin}/admin/demandes/x`)
    expect(backOfficeUrl(`${origin}/admin`, origin)).toBe(`${origin}/admin`)
    for (const elsewhere of [
      'https://ailleurs.example/admin/demandes/x',
      '//ailleurs.example/admin',
      `${origin}/`,
      `${origin}/administration`,
      'javascript:alert(1)',
      42,
    ]) {
      expect(backOfficeUrl(elsewhere, origin), String(elsewhere)).toBe(`${origin}/admin`)
    }
  })
})
