import type { PrivacyRecipients, Recipient } from '../../common/site-config/site-config-schema'
import { list, p, type LegalBlock, type LegalDocument } from '@/content/legal-document'
import { formatAddress, siteConfig } from '../../common/site-config/site-config'

const { company, dataProtection, host } = siteConfig

const noTrackerBlocks = [
  p(
    'Ce site ne dépose aucun cookie et ne charge aucun outil de mesure d’audience ou de publicité d’un tiers. Seuls les identifiants de clic et les références d’annonce décrits plus haut («\u00a0Finalités\u00a0»), lus dans l’adresse de la page, nous sont transmis, sans cookie.',
  ),
]

/**
 * Only in builds served by the relay, which counts the funnel (DECISIONS.md, Meta and audience
 * figures): the CNIL exempts such audience measurement from consent when visitors are told of it.
 */
const audienceBlocks = [
  p(
    'Pour savoir quelles annonces amènent des visiteurs et des demandes, nous comptons chaque jour, pour chaque campagne et chaque annonce (paramètres «\u00a0utm_campaign\u00a0» et «\u00a0utm_content\u00a0» de l’adresse de la page)\u00a0: les pages affichées, les estimations ou formulaires commencés, les estimations affichées et les demandes envoyées.',
  ),
  p(
    'Ces compteurs ne contiennent rien qui permette de vous reconnaître\u00a0: ni identifiant, ni adresse IP, ni information sur votre navigateur, ni heure plus précise que le jour. Ils n’utilisent ni cookie ni aucun autre moyen d’enregistrer une information dans votre navigateur. Ils ne sont jamais rapprochés de votre demande ni d’aucune autre donnée, servent uniquement à produire des statistiques anonymes pour notre propre compte et ne sont transmis à personne.',
  ),
  p(
    'Ils sont conservés 25 mois au maximum, puis supprimés. Cette mesure d’audience respecte les conditions fixées par la CNIL pour être dispensée de consentement.',
  ),
]

/** Only where the server reports leads to Meta (META_CAPI_TOKEN), and only with the pixel's consent. */
const conversionsApiBlock = p(
  'Si vous avez accepté avant d’envoyer le formulaire, notre serveur signale aussi votre demande directement à Meta («\u00a0API Conversions\u00a0»), avec le même identifiant que le pixel pour qu’elle ne soit comptée qu’une fois\u00a0: votre adresse e-mail, votre téléphone, vos nom et prénom et votre pays, réduits avant l’envoi à une empreinte (SHA-256) qui ne permet à Meta que de reconnaître un compte qu’elle connaît déjà, ainsi que votre adresse IP, les informations sur votre navigateur et les identifiants des cookies du pixel. Votre simulation et l’heure de rappel choisie ne lui sont jamais transmises. Sans votre accord, rien n’est envoyé à Meta.',
)

/** Only in builds with a Meta pixel id (DECISIONS.md, Trackers). */
const pixelBlocks = (conversionsApi: boolean) => [
  p(
    'Avec votre accord seulement, ce site utilise le pixel de Meta (Meta Platforms Ireland Ltd, éditeur de Facebook et Instagram) pour mesurer l’efficacité de nos publicités\u00a0: savoir si vous arrivez d’une de nos annonces et si vous avez envoyé une demande de simulation. Le pixel dépose des cookies (_fbp, _fbc) et transmet à Meta l’adresse des pages vues, votre adresse IP et des informations sur votre navigateur.',
  ),
  ...(conversionsApi ? [conversionsApiBlock] : []),
  p(
    'Pour ces données, Meta et nous sommes responsables conjoints du traitement (CJUE, 29 juillet 2019, Fashion ID)\u00a0; Meta les utilise aussi pour ses propres fins, selon sa ',
    { text: 'politique de confidentialité', href: 'https://www.facebook.com/privacy/policy/' },
    '. Rien n’est chargé depuis Meta avant que vous cliquiez sur «\u00a0Tout accepter\u00a0». Refuser n’a aucun effet sur votre demande de simulation.',
  ),
  p(
    'Votre choix est conservé 6 mois dans votre navigateur, avec sa date, puis vous est demandé à nouveau. Vous pouvez retirer votre consentement à tout moment avec le lien «\u00a0Gestion des cookies\u00a0» en bas de chaque page, puis «\u00a0Tout refuser\u00a0»\u00a0: le pixel s’arrête aussitôt et ses cookies sont effacés.',
  ),
]

/** What a build does with visitors' data, which its policy states and no more. */
export interface PolicyProcessing {
  /** The build has a Meta pixel id (VITE_META_PIXEL_ID). */
  metaPixel: boolean
  /** The relay serves the build and counts its funnel. */
  audienceCounts: boolean
  /** The recipients site.config.yaml declares (privacy), checked against the settings in use. */
  recipients: PrivacyRecipients
}

const named = (recipient: Recipient) => recipient.name

/** Only a lead keeps the click id: inside the address of the page it was sent from. */
const keptWithLead =
  '\u00a0; si vous envoyez ensuite le formulaire, l’adresse de la page, qui le contient, est conservée avec votre demande.'

/** The page view's ad-click id: forwarded where a page-view webhook is declared, never kept. */
function pageViewBlock(recipients: PrivacyRecipients): LegalBlock {
  const { pageViewWebhook } = recipients
  return p(
    pageViewWebhook
      ? `Quand vous arrivez d’une de nos annonces, l’adresse de la page contient un identifiant de clic (paramètre «\u00a0uid\u00a0»)\u00a0: cet identifiant et l’heure de votre arrivée sont transmis à ${named(pageViewWebhook)}, sans cookie et sans rien lire dans votre navigateur, pour savoir quelles annonces amènent des visiteurs. Notre site ne les conserve pas${keptWithLead}`
      : `Quand vous arrivez d’une de nos annonces, l’adresse de la page peut contenir un identifiant de clic (paramètre «\u00a0uid\u00a0»)\u00a0: notre site ne le conserve pas et ne le transmet à personne${keptWithLead}`,
  )
}

/** Everyone who receives visitors' data, as this build and its server are configured. */
function recipientBlocks({ recipients, metaPixel }: PolicyProcessing): LegalBlock[] {
  const { leadWebhook, pageViewWebhook, emailProvider, notificationService } = recipients
  return [
    p(
      'Vos données sont destinées à nos conseillers. Elles ne sont partagées qu’avec les assureurs ou intermédiaires partenaires, et uniquement pour l’étude et la mise en place de votre contrat, ainsi qu’avec les prestataires techniques ci-dessous, tenus par contrat à la confidentialité et à n’utiliser vos données que pour notre compte. Elles ne sont jamais vendues à des tiers.',
    ),
    list(
      `${host.name}, notre hébergeur, qui stocke le site et les demandes envoyées.`,
      ...(leadWebhook
        ? [
            `${named(leadWebhook)}, l’outil qui reçoit chaque demande envoyée par le formulaire et la transmet à nos conseillers.`,
          ]
        : []),
      ...(pageViewWebhook
        ? [
            `${named(pageViewWebhook)}, qui reçoit l’identifiant de clic et l’heure de votre arrivée depuis une annonce.`,
          ]
        : []),
      ...(emailProvider
        ? [
            `${named(emailProvider)}, qui envoie l’e-mail confirmant votre demande et l’alerte que reçoit votre conseiller.`,
          ]
        : []),
      ...(notificationService
        ? [
            `${named(notificationService)}, qui transmet à nos conseillers l’alerte d’une nouvelle demande (votre prénom, l’initiale de votre nom, l’estimation et le moment de rappel choisi, jamais votre téléphone ni votre e-mail).`,
          ]
        : []),
      ...(metaPixel
        ? [
            'Meta Platforms Ireland Ltd, avec votre accord seulement, pour mesurer l’efficacité de nos publicités (voir «\u00a0Cookies et traceurs\u00a0»).',
          ]
        : []),
    ),
  ]
}

function transferBlocks({ recipients, metaPixel }: PolicyProcessing): LegalBlock[] {
  const abroad = [
    recipients.leadWebhook,
    recipients.pageViewWebhook,
    recipients.emailProvider,
    recipients.notificationService,
  ]
    .filter((recipient): recipient is Recipient => recipient?.outsideEu === true)
    .map(named)
  const names = [...new Set([...abroad, ...(metaPixel ? ['Meta, si vous l’acceptez'] : [])])]
  if (names.length === 0) {
    return [
      p(
        'Aucun des prestataires nommés ci-dessus ne traite vos données hors de l’Union européenne.',
      ),
    ]
  }
  return [
    p(
      `Certains de nos prestataires (${names.join(', ')}) peuvent traiter des données hors de l’Union européenne, notamment aux États-Unis. Ces transferts sont encadrés par une décision d’adéquation de la Commission européenne (cadre de protection des données UE–États-Unis) ou par ses clauses contractuelles types. Vous pouvez en obtenir une copie en nous écrivant.`,
    ),
  ]
}

/**
 * Politique de confidentialité: RGPD art. 13 information for the visitors who leave a lead. It
 * names the recipients the configuration declares (the build and the server refuse a setting
 * whose recipient it omits, see common/site-config/privacy-recipients.ts), describes the pixel only in
 * builds that have one, and the audience counts only where the relay counts the funnel.
 */
export const privacyPolicy = (processing: PolicyProcessing) =>
  ({
    title: 'Politique de confidentialité',
    intro: `${company.legalName} attache une grande importance à la protection de vos données personnelles. Cette page explique quelles données nous collectons, pourquoi, et comment exercer vos droits.`,
    updatedOn: '23 novembre 2026',
    sections: [
      {
        title: 'Responsable du traitement',
        blocks: [
          p(
            `${company.legalName}, ${formatAddress(company.headOffice)}, courtier en assurance immatriculé à l’ORIAS sous le n°\u00a0${company.orias}. Contact pour vos données\u00a0: `,
            { text: dataProtection.email, href: `mailto:${dataProtection.email}` },
            '.',
          ),
        ],
      },
      {
        title: 'Données collectées',
        blocks: [
          list(
            'Via le formulaire de simulation\u00a0: nom, prénom, adresse email et numéro de téléphone.',
            'La preuve de votre consentement à être rappelé\u00a0: le texte accepté, la date et l’heure, l’adresse IP et le navigateur utilisés.',
            'Lors de l’échange avec votre conseiller, si vous choisissez de les communiquer\u00a0: les données de votre crédit immobilier (montant, durée, taux, date de début) et celles nécessaires à l’étude de votre assurance.',
            'L’adresse de la page visitée et, si vous arrivez depuis une publicité, l’identifiant du clic, pour mesurer l’efficacité de nos annonces.',
          ),
          p(
            'L’estimation d’économie est facultative et calculée dans votre navigateur\u00a0: ce que vous y tapez (montant emprunté, durée restante, âge, cotisation actuelle, nombre de personnes assurées) et le résultat affiché ne nous parviennent que si vous envoyez ensuite le formulaire de rappel, avec votre créneau de rappel préféré s’il est choisi. Nous ne demandons aucune donnée de santé, pas même si vous fumez.',
          ),
        ],
      },
      {
        title: 'Finalités',
        blocks: [
          p(
            'Vos données servent à vous rappeler, à étudier les économies possibles sur votre assurance de prêt, puis, si vous le décidez, à mettre en place votre nouveau contrat et à effectuer les démarches auprès de votre banque et de votre assureur actuel.',
          ),
          p(
            'Les données de prêt de l’estimation, si vous les envoyez, servent à préparer l’appel\u00a0: votre conseiller connaît déjà l’ordre de grandeur de votre économie et vous rappelle au créneau choisi. Elles suivent la même base légale (votre consentement) et la même durée de conservation que vos coordonnées.',
          ),
          pageViewBlock(processing.recipients),
          p(
            'Si vous envoyez ensuite le formulaire, votre demande indique aussi l’annonce dont vous venez, telle que l’adresse de la page la décrit\u00a0: les références de la campagne, de l’ensemble de publicités et de l’annonce, et l’identifiant de clic que Meta ajoute à ses liens (paramètre «\u00a0fbclid\u00a0»). Elles sont lues dans l’adresse, sans cookie, et conservées avec votre demande, pour savoir quelles annonces amènent des demandes.',
          ),
        ],
      },
      {
        title: 'Base légale',
        blocks: [
          p(
            'Le traitement de vos coordonnées repose sur votre consentement (article 6.1.a du règlement général sur la protection des données, RGPD), donné en cochant la case prévue dans le formulaire. Vous pouvez le retirer à tout moment, sans que cela remette en cause les traitements déjà effectués.',
          ),
          p(
            'L’utilisation des identifiants de clic et des références de l’annonce repose sur notre intérêt légitime à mesurer l’efficacité de nos annonces (article 6.1.f du RGPD)\u00a0; vous pouvez vous y opposer à tout moment en nous écrivant.',
          ),
        ],
      },
      {
        title: 'Durée de conservation',
        blocks: [
          p(
            'Vos données sont conservées au maximum 3 ans après notre dernier échange, puis supprimées.',
          ),
        ],
      },
      {
        title: 'Destinataires',
        blocks: recipientBlocks(processing),
      },
      {
        title: 'Transferts hors de l’Union européenne',
        blocks: transferBlocks(processing),
      },
      {
        title: 'Vos droits',
        blocks: [
          p(
            'Conformément au RGPD et à la loi Informatique et Libertés, vous disposez des droits suivants\u00a0:',
          ),
          list(
            'droit d’accès à vos données\u00a0;',
            'droit de rectification\u00a0;',
            'droit à l’effacement\u00a0;',
            'droit de retirer votre consentement à tout moment\u00a0;',
            'droit à la limitation du traitement\u00a0;',
            'droit d’opposition\u00a0;',
            'droit à la portabilité de vos données.',
          ),
          p(
            'Pour les exercer, écrivez-nous par email à ',
            { text: dataProtection.email, href: `mailto:${dataProtection.email}` },
            ` ou par courrier à l’adresse ci-dessous. Vous pouvez aussi introduire une réclamation auprès de la Commission nationale de l’informatique et des libertés (CNIL), 3 place de Fontenoy, TSA 80715, 75334 Paris Cedex 07, `,
            { text: 'cnil.fr', href: 'https://www.cnil.fr' },
            '.',
          ),
        ],
      },
      ...(processing.audienceCounts
        ? [{ title: 'Mesure d’audience', blocks: audienceBlocks }]
        : []),
      {
        title: 'Cookies et traceurs',
        blocks: processing.metaPixel
          ? pixelBlocks(processing.recipients.metaConversionsApi)
          : noTrackerBlocks,
      },
      {
        title: 'Contact postal',
        blocks: [
          p(
            `${company.legalName}, Protection des données, ${formatAddress(dataProtection.address)}.`,
          ),
        ],
      },
    ],
  }) as const satisfies LegalDocument
