/**
 * The French emails the relay sends: the broker's alert for each new lead or withdrawal, and the
 * visitor's confirmation. Server-only: nothing here reaches a browser. Every value a visitor
 * typed is escaped in the HTML part. The confirmation goes to whatever address was typed, perhaps
 * a stranger's, so it quotes nothing the visitor wrote but a plain first name and the phone's
 * digits; the broker's alert shows everything, as text.
 */
import { displayPhone, telHref } from '../../common/phone'
import { callbackSlots, originKeys, type LeadPayload } from '../../common/lead/lead-contract'
import { leadFormCopy, leadFormNotice } from '../../common/lead/lead-form-copy'
import { estimateFigure, euros } from '../../common/estimate/estimate-copy'
import { siteConfig } from '../../common/site-config/site-config'
import { paths } from '../../common/routes/routes'
import { escapeHtml } from './html'
import { isPlainName } from './plain-name'
import { callBefore } from '../../common/calls/call-planner'
import { frenchMomentInWords } from '../../common/calls/call-copy'
import { leadNotification } from '../delivery/lead-notification'
import { leadNotificationCopy } from '../delivery/lead-notification-copy'
import { callerCopy, whoCalls } from '../../common/lead/caller-copy'
import type { RequestRank } from '../storage/persons'
import {
  callerVcard,
  callerVcardPath,
  vcardContentType,
} from '../../common/site-config/caller-vcard'

/** A file sent with the message: the caller's contact card. */
export interface EmailAttachment {
  filename: string
  content: string
  contentType: string
}

export interface EmailContent {
  subject: string
  text: string
  html: string
  attachments?: EmailAttachment[]
}

const parisDateTime = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Europe/Paris',
  dateStyle: 'full',
  timeStyle: 'short',
})

export const inParis = (date: Date) => parisDateTime.format(date)

/** A label, its value and, for a link, its address (the text part shows a web address whole). */
type Line = [label: string, value: string, href?: string]

const isWebAddress = (href: string | undefined): href is string => /^https?:\/\//.test(href ?? '')

/**
 * Mail apps are designed for 600 px: the content never grows past it, and long addresses or
 * tokens break anywhere rather than widen the message on a phone.
 */
const breakable = 'overflow-wrap:anywhere;word-break:break-word'

/**
 * `intro` is one paragraph, or several separated by a blank line. `action`, a link shown right
 * under the title, where a tap on a phone finds it first.
 */
function render(
  title: string,
  intro: string,
  sections: { title: string; lines: Line[] }[],
  action?: { label: string; href: string },
) {
  const text = [
    ...(action ? [`${action.label}\u00a0: ${action.href}\n`] : []),
    intro,
    ...sections.map(
      (section) =>
        `\n${section.title}\n${section.lines
          .map(([label, value, href]) => `- ${label}\u00a0: ${isWebAddress(href) ? href : value}`)
          .join('\n')}`,
    ),
  ].join('\n')
  const html = `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="margin:0;padding:0">
<div style="max-width:600px;margin:0 auto;padding:16px;box-sizing:border-box;font-family:Arial,sans-serif;font-size:16px;line-height:1.5;color:#1e293b;${breakable}">
<h1 style="font-size:20px;color:#172554">${escapeHtml(title)}</h1>
${
  action
    ? `<p><a href="${escapeHtml(action.href)}" style="display:inline-block;padding:10px 16px;background:#1d4ed8;color:#ffffff;border-radius:6px;font-weight:bold;text-decoration:none">${escapeHtml(action.label)}</a></p>\n`
    : ''
}${intro
    .split('\n\n')
    .map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`)
    .join('\n')}
${sections
  .map(
    (section) =>
      `<h2 style="font-size:16px;color:#172554">${escapeHtml(section.title)}</h2><ul style="padding-left:20px">${section.lines
        .map(
          ([label, value, href]) =>
            `<li>${escapeHtml(label)}\u00a0: ${
              href
                ? `<a href="${escapeHtml(href)}" style="color:#1d4ed8;${breakable}">${escapeHtml(value)}</a>`
                : escapeHtml(value)
            }</li>`,
        )
        .join('')}</ul>`,
  )
  .join('\n')}
</div>
</body></html>`
  return { text: `${text}\n`, html }
}

const capitalised = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`

/** On one line: a name is also a subject header. */
const fullName = (payload: LeadPayload) =>
  `${payload.prenom} ${payload.nom}`.replace(/\s+/g, ' ').trim()

/** A page's address as a link's text: its host and path, without the tracking parameters. */
function shortAddress(address: string): string {
  if (!URL.canParse(address)) return address
  const url = new URL(address)
  return `${url.host}${url.pathname}`
}

/** A web address as a line: the short form, linking to the whole; any other value as text. */
function addressLine(label: string, address: string): Line {
  return isWebAddress(address) ? [label, shortAddress(address), address] : [label, address]
}

const insuredForBroker = {
  seul: 'l’emprunteur seul',
  deux_100: 'deux, à 100\u00a0% chacune',
  deux_autre: 'deux, autre répartition',
} as const

/** The rates table's version, a date when it is one: `2026-11-22` → `du 22/11/2026`. */
const tableVersion = (version: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(version) ? `du ${version.split('-').reverse().join('/')}` : version

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
    ['Personnes assurées', insuredForBroker[simulation.assures]],
    [
      'Cotisation actuelle',
      simulation.cotisation_mensuelle === null
        ? 'non indiquée'
        : `${euros(simulation.cotisation_mensuelle)} par mois`,
    ],
    [
      'Économie estimée',
      simulation.economie_max > 0
        ? estimateFigure(
            simulation.economie_min,
            simulation.economie_max,
            simulation.duree_restante_ans,
          )
        : 'aucune d’après le barème',
    ],
    ['Barème', tableVersion(simulation.bareme)],
  ]
}

function originLines(payload: LeadPayload): Line[] {
  const lines = originKeys.flatMap((key): Line[] => {
    const value = payload[key]
    return value ? [[key, value]] : []
  })
  return [...lines, addressLine('Page', payload.page_url)]
}

export interface AlertContext {
  leadId: string
  payload: LeadPayload
  receivedAt: Date
}

/** The lead's card in the back-office, absolute: one tap from the email to the card. */
export interface CardLink {
  cardUrl: string
}

/**
 * The broker's alert for a new lead: everything needed to call now, lawfully. What a phone's lock
 * screen shows of an email (its subject, its first lines) says what a pushed alert says and no
 * more: "Nouvelle demande : Élodie M.", then when it came; the full name, the phone and the
 * email follow, in the message. A repeat request of one person (`personRequest`, persons.ts) is
 * titled as such, "2ᵉ demande d’Élodie M.", with the day of the one before: a strong signal worth
 * a call, not a new person.
 */
export function brokerAlert({
  leadId,
  payload,
  receivedAt,
  cardUrl,
  personRequest,
}: AlertContext & CardLink & { personRequest?: RequestRank | undefined }): EmailContent {
  const name = fullName(payload)
  const phone = displayPhone(payload.telephone)
  const before = callBefore(receivedAt)
  const repeat = personRequest && personRequest.number > 1 ? personRequest : undefined
  const { title } = leadNotification(payload, {
    leadId,
    cardUrl,
    escalation: false,
    requestNumber: personRequest?.number,
  })
  const { text, html } = render(
    title,
    `Demande de rappel au sujet d’une assurance de prêt, reçue le ${inParis(receivedAt)}.${
      repeat?.previousAt ? ` Sa demande précédente date du ${inParis(repeat.previousAt)}.` : ''
    }`,
    [
      {
        title: 'Contact',
        lines: [
          ['Nom', name],
          ['Téléphone', phone, telHref(payload.telephone)],
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
            `${frenchMomentInWords(before)} (dernier moment des heures légales dans les 30 jours de la demande, Code des assurances R112-7)`,
          ],
        ],
      },
      { title: 'Référence', lines: [['Lead', leadId]] },
    ],
    { label: leadNotificationCopy.openCard, href: cardUrl },
  )
  return { subject: title, text, html }
}

/**
 * The broker's reminder that nobody claimed or called a lead in time (escalation.ts). What a
 * phone's lock screen shows of an email (its subject, its first lines) stays within what an
 * alert on a device may say: the card has the rest.
 */
export function brokerEscalation({
  leadId,
  payload,
  receivedAt,
  cardUrl,
}: AlertContext & CardLink): EmailContent {
  const notice = leadNotification(payload, { leadId, cardUrl, escalation: true })
  const { text, html } = render(
    notice.title,
    `Reçue le ${inParis(receivedAt)}. ${leadNotificationCopy.escalationIntro}`,
    [{ title: 'La demande', lines: notice.body.split('\n').map(asLine) }],
    { label: leadNotificationCopy.openCard, href: cardUrl },
  )
  return { subject: notice.title, text, html }
}

/** "Rappel : le matin" as a line of its label and value. */
function asLine(sentence: string): Line {
  const [label = '', ...value] = sentence.split('\u00a0: ')
  return [label, value.join('\u00a0: ')]
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
  const phone = displayPhone(payload.telephone)
  const { text, html } = render(
    `Ne plus appeler\u00a0: ${name}`,
    `${name} a retiré son consentement à être rappelé(e) le ${inParis(context.withdrawnAt)}, depuis le lien envoyé à ${payload.email}. Ne plus appeler pour aucune demande faite avec cette adresse. Une demande faite avec le même téléphone depuis une autre adresse reste à appeler\u00a0: sa fiche signale ce retrait, à confirmer lors de l’appel.`,
    [
      {
        title: 'Contact',
        lines: [
          ['Téléphone', phone],
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
  const phone = displayPhone(payload.telephone)
  // Its digits only: the one thing typed beside the first name that the visitor must check.
  const onPhone = /^[\d\u00a0]+$/.test(phone) ? `, au ${phone}` : ''
  const simulation = payload.simulation
  // The relay refuses any other text; a lead kept from before that rule is not quoted.
  const consentText =
    payload.consentement_texte === leadFormCopy.consentLabel
      ? payload.consentement_texte
      : 'celui du formulaire, conservé avec votre demande'
  const policy = `${context.siteUrl}${paths.privacyPolicy}`
  const caller = whoCalls(siteConfig)
  const { text, html } = render(
    'Votre demande de rappel est bien enregistrée',
    [
      isPlainName(payload.prenom) ? `Bonjour ${payload.prenom},` : 'Bonjour,',
      `Merci pour votre demande. ${capitalised(caller)} (${company.legalName}, courtier en assurance immatriculé à l’ORIAS sous le n°\u00a0${company.orias}) vous appellera ${when}${onPhone}, depuis le ${siteConfig.callerPhone}, pour vous présenter les économies possibles sur votre assurance de prêt.`,
      'Ce message n’est ni une publicité ni une offre.',
    ].join('\n\n'),
    [
      ...(simulation && simulation.economie_max > 0
        ? [
            {
              title: 'Votre estimation',
              lines: [
                [
                  'Économie estimée',
                  estimateFigure(
                    simulation.economie_min,
                    simulation.economie_max,
                    simulation.duree_restante_ans,
                  ),
                ] as Line,
              ],
            },
          ]
        : []),
      {
        title: callerCopy.emailSection,
        lines: [
          [callerCopy.emailCaller, caller],
          [callerCopy.emailNumber, siteConfig.callerPhone],
          [callerCopy.saveNumber, callerCopy.emailCard, `${context.siteUrl}${callerVcardPath}`],
        ],
      },
      {
        title: 'Votre consentement',
        lines: [
          ['Texte accepté', consentText],
          ['Donné le', inParis(new Date(payload.timestamp))],
          ['Pour le retirer en un clic', 'ne plus être appelé(e)', context.withdrawUrl],
        ],
      },
      {
        title: 'Vos données',
        lines: [
          ['Information', leadFormNotice],
          addressLine('Politique de confidentialité', policy),
        ],
      },
    ],
  )
  return {
    subject: `Votre demande de rappel – ${siteConfig.brandName}`,
    text,
    html,
    // The same bytes as the site's contact.vcf: one builder, one configuration.
    attachments: [
      {
        filename: `${siteConfig.brandName.replace(/[\\/:*?"<>|]/g, '')}.vcf`,
        content: callerVcard(siteConfig),
        contentType: vcardContentType,
      },
    ],
  }
}
