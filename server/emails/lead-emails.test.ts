// @vitest-environment jsdom
/**
 * What the emails' HTML shows once a mail app has parsed it: links, the words read, the widths
 * declared. Their delivery, through a real SMTP server, is tested in server/delivery.
 */
import { describe, expect, it } from 'vitest'
import { type LeadPayload } from '../../common/lead/lead-contract'
import { parseLeadPayload } from '../api/parse-lead'
import { validLead } from '../test-support/lead-fixtures'
import { brokerAlert, brokerEscalation, brokerWithdrawal, visitorConfirmation } from './lead-emails'

const cardUrl = 'https://assurance.example/admin/demandes/0b5c3a9e-1d2f-4e6a-8b7c-9d0e1f2a3b4c'
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
  cardUrl,
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

  it('says to call before the last legal moment of the 30 days, in words (R112-7, D223-9)', () => {
    // Received on Thursday 19 November 2026 at 04:12 (Paris): 30 days later is a Saturday.
    const alert = brokerAlert({
      ...context(payload()),
      receivedAt: new Date('2026-11-19T03:12:00Z'),
    })
    expect(alert.text).toContain(
      'À appeler avant le\u00a0: vendredi 18 décembre 2026 à 20\u00a0h\u00a000 (dernier moment',
    )
  })

  it('opens the lead’s card from a link at the top of the alert, in both parts', () => {
    const alert = brokerAlert(context(payload()))
    const document = parse(alert.html)
    const first = document.querySelector('a')
    expect(first?.textContent).toBe('Ouvrir la fiche')
    expect(first?.getAttribute('href')).toBe(cardUrl)
    expect(alert.text.split('\n')[0]).toBe(`Ouvrir la fiche\u00a0: ${cardUrl}`)
  })

  it('escalates with the first name and initial only, and the card one tap away', () => {
    const lead = payload({ prenom: 'Élodie', nom: 'Durand-Lefèvre', utm_campaign: 'automne' })
    const email = brokerEscalation(context(lead))
    expect(email.subject).toBe('Demande non prise en charge\u00a0: Élodie D.')
    const document = parse(email.html)
    expect(document.querySelector('a')?.getAttribute('href')).toBe(cardUrl)
    for (const part of [email.subject, email.text, document.body.textContent ?? '']) {
      expect(part).not.toContain('Durand')
      expect(part).not.toContain(lead.email)
      expect(part).not.toContain(lead.telephone.slice(2))
    }
    expect(email.text).toContain('Campagne\u00a0: automne')
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
      brokerEscalation(context(lead)),
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
