// @vitest-environment jsdom
/**
 * What the emails' HTML shows once a mail app has parsed it: links, the words read, the widths
 * declared. Their delivery, through a real SMTP server, is tested in server/delivery.
 */
import { describe, expect, it } from 'vitest'
import { type LeadPayload } from '../../common/lead/lead-contract'
import { parseLeadPayload } from '../api/parse-lead'
import { validLead } from '../test-support/lead-fixtures'
import { brokerAlert, brokerWithdrawal, visitorConfirmation } from './lead-emails'

const pageUrl =
  'https://assurance.example/simulation/pret?utm_source=facebook&utm_campaign=automne&fbclid=IwAR0abc'

function payload(overrides: Partial<LeadPayload> = {}): LeadPayload {
  const parsed = parseLeadPayload(validLead({ page_url: pageUrl }))
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors))
  return { ...parsed.payload, ...overrides }
}

const context = (lead: LeadPayload) => ({
  leadId: 'lead-1',
  payload: lead,
  receivedAt: new Date('2026-11-23T10:00:00Z'),
})
const confirmation = (lead: LeadPayload) =>
  visitorConfirmation({
    ...context(lead),
    siteUrl: 'https://assurance.example',
    withdrawUrl: 'https://assurance.example/retrait-consentement?jeton=abc',
  })
const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html')

describe('the emails’ HTML', () => {
  it.each([
    ['0692123456', 'tel:+262692123456'],
    ['0590123456', 'tel:+590590123456'],
    ['0612345678', 'tel:+33612345678'],
  ])('dials %s with its own country code in the alert (%s)', (telephone, href) => {
    const alert = parse(brokerAlert(context(payload({ telephone }))).html)
    const link = alert.querySelector(`a[href="${href}"]`)
    expect(link?.textContent).toBe(telephone.replace(/(\d\d)(?=\d)/g, '$1\u00a0'))
  })

  it('links the page by its host and path, to its whole address', () => {
    const alert = parse(brokerAlert(context(payload())).html)
    const link = [...alert.querySelectorAll('a')].find((a) => a.href === pageUrl)
    expect(link?.textContent).toBe('assurance.example/simulation/pret')
  })

  it('keeps every email within 600 px and lets long words break', () => {
    const lead = payload()
    for (const { html } of [
      brokerAlert(context(lead)),
      brokerWithdrawal({ ...context(lead), withdrawnAt: new Date() }),
      confirmation(lead),
    ]) {
      const document = parse(html)
      const container = document.body.firstElementChild as HTMLElement
      expect(container.style.maxWidth).toBe('600px')
      expect(container.style.overflowWrap).toBe('anywhere')
      const declared = [...html.matchAll(/(?:^|[;"\s])(?:min-)?width:\s*(\d+)px/g)]
      expect(declared.map((match) => Number(match[1])).filter((px) => px > 600)).toEqual([])
    }
  })

  it('greets a plain first name, and anything else with a plain "Bonjour,"', () => {
    const greeting = (prenom: string) =>
      parse(confirmation(payload({ prenom })).html).querySelector('p')?.textContent
    expect(greeting('Marie-Hélène')).toBe('Bonjour Marie-Hélène,')
    expect(greeting('Élodie www.phish.example')).toBe('Bonjour,')
    expect(greeting('Élodie\nVotre contrat est suspendu')).toBe('Bonjour,')
  })

  it('quotes no consent text but the form’s own', () => {
    const forged = 'Votre contrat est suspendu : https://phish.example/login'
    const email = confirmation(payload({ consentement_texte: forged }))
    expect(email.text).not.toContain('phish.example')
    expect(parse(email.html).body.textContent).not.toContain('phish.example')
  })
})
