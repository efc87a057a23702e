import { describe, expect, it } from 'vitest'
import { parseVcard, vcardText } from '../../e2e/support/vcard'
import { callerVcard, foldVcardLine } from './caller-vcard'
import { siteConfig } from './site-config'

describe('the caller’s contact card', () => {
  it('names the broker and carries the calling number in its international form', () => {
    const card = parseVcard(callerVcard(siteConfig))
    expect(vcardText(card, 'VERSION')).toBe('3.0')
    expect(vcardText(card, 'FN')).toBe(siteConfig.brandName)
    expect(vcardText(card, 'ORG')).toBe(siteConfig.company.legalName)
    const tel = card.find((property) => property.name === 'TEL')!
    expect(tel.value).toBe(`+33${siteConfig.callerPhone.replace(/\D/g, '').slice(1)}`)
    expect(tel.params.TYPE).toEqual(['WORK', 'VOICE'])
    expect(vcardText(card, 'EMAIL')).toBe(siteConfig.company.email)
    expect(vcardText(card, 'URL')).toBe(siteConfig.siteUrl)
  })

  it('escapes commas, semicolons and backslashes, and folds long lines at 75 octets', () => {
    const brandName =
      'Courtage, Conseil; et Fils \\ Associés — les spécialistes de l’assurance de prêt immobilier'
    const text = callerVcard({
      ...siteConfig,
      brandName,
      callerPhone: '0692\u00a012\u00a034\u00a056',
    })
    // Each physical line at most 75 octets (checked by the reader), the long one folded.
    expect(text).toMatch(/\r\n [^\r]/)
    expect(text).toContain('Courtage\\, Conseil\\; et Fils \\\\ Associés')
    const card = parseVcard(text)
    expect(vcardText(card, 'FN')).toBe(brandName)
    // An overseas number dials with its own country code.
    expect(card.find((property) => property.name === 'TEL')?.value).toBe('+262692123456')
  })

  it('never folds inside a character of several octets', () => {
    const folded = foldVcardLine(`NOTE:${'é'.repeat(100)}`)
    const lines = folded.split('\r\n')
    expect(lines.length).toBeGreaterThan(1)
    for (const line of lines) {
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75)
      expect(line).not.toContain('\ufffd')
    }
    expect(lines.map((line, index) => (index === 0 ? line : line.slice(1))).join('')).toBe(
      `NOTE:${'é'.repeat(100)}`,
    )
  })
})
