/**
 * The French emails the relay sends: the broker's alert for each new lead or withdrawal, and the
 * visitor's confirmation. Server-only: nothing here reaches a browser. Every value a visitor
 * typed is escaped in the HTML part.
 */
import { internationalPhone } from '../../src/features/lead/international-phone'
import { callbackSlots, originKeys, type LeadPayload } from '../../src/features/lead/lead-contract'
import { leadFormCopy, leadFormNotice } from '../../src/content/lead-form'
import { estimateRecall, euros, insuredField } from '../../src/content/estimate'
import { siteConfig } from '../../src/content/site-config'
import { paths } from '../../src/config/routes'
import { escapeHtml } from './html'

export interface EmailContent {
  subject: string
  text: string
  html: string
}

const dayMs = 24 * 60 * 60 * 1_000

/** A call counts as requested only within 30 days of the request (Code des assurances R112-7). */
export const callWindowDays = 30

const parisDateTime = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Europe/Paris',
  dateStyle: 'full',
  timeStyle: 'short',
})
const parisDate = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', dateStyle: 'full' })

export const inParis = (date: Date) => parisDateTime.format(date)

type Line = [label: string, value: string, href?: string]

function render(title: string, intro: string, sections: { title: string; lines: Line[] }[]) {
  const text = [
    intro,
    ...sections.map(
      (section) =>
        `\n${section.title}\n${section.lines
          .map(([label, value, href]) => {
            const link = href?.startsWith('http') && href !== value ? `\u00a0: ${href}` : ''
            return `- ${label}\u00a0: ${value}${link}`
          })
          .join('\n')}`,
    ),
  ].join('\n')
  const html = `<!doctype html><html lang="fr"><body style="font-family:Arial,sans-serif;color:#1e293b">
<h1 style="font-size:20px;color:#172554">${escapeHtml(title)}</h1>
<p>${escapeHtml(intro)}</p>
${sections
  .map(
    (section) =>
      `<h2 style="font-size:16px;color:#172554">${escapeHtml(section.title)}</h2><ul>${section.lines
        .map(
          ([label, value, href]) =>
            `<li>${escapeHtml(label)}\u00a0: ${
              href ? `<a href="${escapeHtml(href)}">${escapeHtml(value)}</a>` : escapeHtml(value)
            }</li>`,
        )
        .join('')}</ul>`,
  )
  .join('\n')}
</body></html>`
  return { text: `${text}\n`, html }
}

const fullName = (payload: LeadPayload) => `${payload.prenom} ${payload.nom}`

function callbackLabel(payload: LeadPayload): string {
  const slot = payload.rappel_prefere
  return slot && callbackSlots.includes(slot)
    ? leadFormCopy.callback.options[slot]
    : 'non précisé (dès que possible)'
}

function simulationLines(payload: LeadPayload): Line[] {
  const simulation = payload.simulation
  if (!simulation) return [['Estimation', 'non faite']]
  return [
    ['Montant emprunté', euros(simulation.montant_emprunte)],
    ['Durée restante', `${simulation.duree_restante_ans} ans`],
    ['Âge', `${simulation.age} ans`],
    ['Personnes assurées', insuredField.options[simulation.assures]],
    [
      'Cotisation actuelle',
      simulation.cotisation_mensuelle === null
        ? 'non indiquée'
        : `${euros(simulation.cotisation_mensuelle)} par mois`,
    ],
    [
      'Économie estimée',
      simulation.economie_max > 0
        ? estimateRecall(
            simulation.economie_min,
            simulation.economie_max,
            simulation.duree_restante_ans,
          )
        : 'aucune d’après le barème',
    ],
    ['Barème', simulation.bareme],
  ]
}

function originLines(payload: LeadPayload): Line[] {
  const lines = originKeys.flatMap((key): Line[] => {
    const value = payload[key]
    return value ? [[key, value]] : []
  })
  return [...lines, ['Page', payload.page_url]]
}

export interface AlertContext {
  leadId: string
  payload: LeadPayload
  receivedAt: Date
}

/** The broker's alert for a new lead: everything needed to call now, lawfully. */
export function brokerAlert({ leadId, payload, receivedAt }: AlertContext): EmailContent {
  const name = fullName(payload)
  const deadline = new Date(receivedAt.getTime() + callWindowDays * dayMs)
  const { text, html } = render(
    `Nouveau lead\u00a0: ${name}`,
    `${name} demande à être rappelé(e) au sujet de son assurance de prêt. Reçu le ${inParis(receivedAt)}.`,
    [
      {
        title: 'Contact',
        lines: [
          ['Téléphone', payload.telephone, `tel:${internationalPhone(payload.telephone)}`],
          [
            'Email',
            payload.email,
            `mailto:${encodeURIComponent(payload.email).replace('%40', '@')}`,
          ],
          ['Créneau préféré', callbackLabel(payload)],
        ],
      },
      { title: 'Estimation faite sur le site', lines: simulationLines(payload) },
      { title: 'Origine', lines: originLines(payload) },
      {
        title: 'Consentement à être rappelé(e)',
        lines: [
          ['Texte accepté', payload.consentement_texte],
          ['Donné le', inParis(new Date(payload.timestamp))],
        ],
      },
      {
        title: 'Règles d’appel',
        lines: [
          [
            'Horaires légaux',
            'du lundi au vendredi, 10 h – 13 h et 14 h – 20 h, hors jours fériés\u00a0; au plus 4 appels ou tentatives en 30 jours (Code de la consommation, D223-9)',
          ],
          [
            'À appeler avant le',
            `${parisDate.format(deadline)} (30 jours après la demande, Code des assurances R112-7)`,
          ],
        ],
      },
      { title: 'Référence', lines: [['Lead', leadId]] },
    ],
  )
  return { subject: `Nouveau lead\u00a0: ${name} – ${payload.telephone}`, text, html }
}

/**
 * The broker's notice that a person withdrew consent: no call any more to that address's requests.
 * The link proved the address, not the phone: a request of another address with the same phone
 * is not closed (withdraw-consent.ts), and the notice says so rather than "ne plus appeler ce
 * numéro".
 */
export function brokerWithdrawal(context: AlertContext & { withdrawnAt: Date }): EmailContent {
  const { payload } = context
  const name = fullName(payload)
  const { text, html } = render(
    `Ne plus appeler\u00a0: ${name}`,
    `${name} a retiré son consentement à être rappelé(e) le ${inParis(context.withdrawnAt)}, depuis le lien envoyé à ${payload.email}. Ne plus appeler pour aucune demande faite avec cette adresse. Une demande faite avec le même téléphone depuis une autre adresse reste à appeler\u00a0: sa fiche signale ce retrait, à confirmer lors de l’appel.`,
    [
      {
        title: 'Contact',
        lines: [
          ['Téléphone', payload.telephone],
          ['Email', payload.email],
        ],
      },
      { title: 'Référence', lines: [['Lead', context.leadId]] },
    ],
  )
  // The address, not the phone: what the withdrawal reaches.
  return { subject: `Ne plus appeler\u00a0: ${name} – ${payload.email}`, text, html }
}

/** The visitor's confirmation: who calls, when, the consent given and how to withdraw it. */
export function visitorConfirmation(
  context: AlertContext & { withdrawUrl: string; siteUrl: string },
): EmailContent {
  const { payload } = context
  const { company } = siteConfig
  const slot = payload.rappel_prefere
  const when =
    slot && slot !== 'des_que_possible'
      ? `sous 48 heures, ${leadFormCopy.callback.options[slot].toLowerCase()}, du lundi au vendredi`
      : 'sous 48 heures, du lundi au vendredi entre 10 h et 13 h ou entre 14 h et 20 h'
  const { text, html } = render(
    'Votre demande de rappel est bien enregistrée',
    `Bonjour ${payload.prenom}, merci pour votre demande. Un conseiller de ${company.legalName}, courtier en assurance immatriculé à l’ORIAS sous le n°\u00a0${company.orias}, vous appellera ${when}, au ${payload.telephone}, depuis le ${siteConfig.callerPhone}, pour vous présenter les économies possibles sur votre assurance de prêt. Ce message n’est ni une publicité ni une offre.`,
    [
      ...(payload.simulation && payload.simulation.economie_max > 0
        ? [
            {
              title: 'Votre estimation',
              lines: [
                [
                  'Résultat',
                  estimateRecall(
                    payload.simulation.economie_min,
                    payload.simulation.economie_max,
                    payload.simulation.duree_restante_ans,
                  ),
                ] as Line,
              ],
            },
          ]
        : []),
      {
        title: 'Votre consentement',
        lines: [
          ['Texte accepté', payload.consentement_texte],
          ['Le', inParis(new Date(payload.timestamp))],
          ['Pour le retirer en un clic', 'ne plus être appelé(e)', context.withdrawUrl],
        ],
      },
      {
        title: 'Vos données',
        lines: [
          ['Information', leadFormNotice],
          [
            'Politique de confidentialité',
            `${context.siteUrl}${paths.privacyPolicy}`,
            `${context.siteUrl}${paths.privacyPolicy}`,
          ],
        ],
      },
    ],
  )
  return { subject: `Votre demande de rappel – ${siteConfig.brandName}`, text, html }
}
