import { describe, expect, it } from 'vitest'
import type { PrivacyRecipients } from '../../common/site-config/site-config-schema'
import type { Inline, LegalDocument } from '@/content/legal-document'
import { privacyPolicy, type PolicyProcessing } from '@/content/privacy-policy'
import { siteConfig } from '../../common/site-config/site-config'

const none: PrivacyRecipients = {
  leadWebhook: undefined,
  pageViewWebhook: undefined,
  emailProvider: undefined,
  notificationService: undefined,
  metaConversionsApi: false,
}
const automation = { name: 'Automates du Rhône SAS', outsideEu: true }
const pageViews = { name: 'Compteur Clic SARL', outsideEu: false }
const mail = { name: 'Courriel Rhône SAS', outsideEu: false }

const inlineText = (parts: readonly Inline[]) =>
  parts.map((part) => (typeof part === 'string' ? part : part.text)).join('')

function sectionText(document: LegalDocument, title: string): string {
  const section = document.sections.find((candidate) => candidate.title === title)
  if (!section) return ''
  return section.blocks
    .map((block) =>
      'paragraph' in block ? inlineText(block.paragraph) : block.list.map(inlineText).join('\n'),
    )
    .join('\n')
}

function policy(processing: Partial<PolicyProcessing>) {
  const document = privacyPolicy({
    metaPixel: false,
    audienceCounts: false,
    recipients: none,
    ...processing,
  })
  const all = document.sections.map((section) => sectionText(document, section.title)).join('\n')
  return { document, all, section: (title: string) => sectionText(document, title) }
}

describe('the privacy policy names the recipients the configuration declares, and no others', () => {
  it('with none declared: the host alone, and no transfer outside the EU', () => {
    const { section, all } = policy({})
    expect(section('Destinataires')).toContain(`${siteConfig.host.name}, notre hébergeur`)
    for (const name of [automation.name, pageViews.name, mail.name, 'Meta Platforms']) {
      expect(all).not.toContain(name)
    }
    expect(section('Transferts hors de l’Union européenne')).toContain(
      'Aucun des prestataires nommés ci-dessus',
    )
  })

  it('each declared recipient with what it receives, and those outside the EU as transfers', () => {
    const { section } = policy({
      recipients: {
        ...none,
        leadWebhook: automation,
        pageViewWebhook: pageViews,
        emailProvider: mail,
      },
    })
    const recipients = section('Destinataires')
    expect(recipients).toContain(`${automation.name}, l’outil qui reçoit chaque demande`)
    expect(recipients).toContain(`${pageViews.name}, qui reçoit l’identifiant de clic`)
    expect(recipients).toContain(`${mail.name}, qui envoie l’e-mail`)
    const transfers = section('Transferts hors de l’Union européenne')
    expect(transfers).toContain(`Certains de nos prestataires (${automation.name})`)
    expect(transfers).not.toContain(mail.name)
  })

  it('describes the page view’s click id as forwarded to the page-view webhook, not stored', () => {
    const purposes = policy({ recipients: { ...none, pageViewWebhook: pageViews } }).section(
      'Finalités',
    )
    expect(purposes).toContain(`sont transmis à ${pageViews.name}`)
    expect(purposes).toContain('Notre site ne les conserve pas\u00a0; si vous envoyez ensuite')
    expect(purposes).not.toMatch(/enregistrons cet identifiant/)
  })

  it('says the click id goes nowhere when no page-view webhook is declared', () => {
    const purposes = policy({}).section('Finalités')
    expect(purposes).toContain('notre site ne le conserve pas et ne le transmet à personne')
  })

  it('mentions the Conversions API only with the pixel and its declaration', () => {
    const conversions = 'API Conversions'
    expect(policy({ metaPixel: true }).all).not.toContain(conversions)
    expect(policy({ recipients: { ...none, metaConversionsApi: true } }).all).not.toContain(
      conversions,
    )
    const both = policy({ metaPixel: true, recipients: { ...none, metaConversionsApi: true } })
    expect(both.section('Cookies et traceurs')).toContain(conversions)
    expect(both.section('Destinataires')).toContain('Meta Platforms Ireland Ltd')
    expect(both.section('Transferts hors de l’Union européenne')).toContain('Meta')
  })

  it('describes the audience counts only where the relay counts the funnel', () => {
    expect(policy({ audienceCounts: true }).section('Mesure d’audience')).toContain('25 mois')
    expect(policy({}).document.sections.map((section) => section.title)).not.toContain(
      'Mesure d’audience',
    )
  })
})
