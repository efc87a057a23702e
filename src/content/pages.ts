import type { RouteId } from '../../common/routes/routes'
import { siteConfig } from '../../common/site-config/site-config'

/** Title and description of each page, for `<title>`, the meta description and Open Graph. */
export const pageMeta = {
  home: {
    title: `Assurance de prêt\u00a0: jusqu’à 15\u00a0000\u00a0€ d’économies | ${siteConfig.brandName}`,
    description:
      'Changez d’assurance emprunteur grâce à la loi Lemoine\u00a0: simulation gratuite en 60 secondes, 0\u00a0€ à payer, sans engagement, rappel par un expert sous 48 h.',
  },
  legalNotice: {
    title: `Mentions légales | ${siteConfig.brandName}`,
    description: `Mentions légales de ${siteConfig.brandName}\u00a0: éditeur, directeur de la publication, hébergeur, immatriculation ORIAS, réclamations et médiation.`,
  },
  privacyPolicy: {
    title: `Politique de confidentialité | ${siteConfig.brandName}`,
    description: `Comment ${siteConfig.brandName} collecte et protège vos données personnelles, et comment exercer vos droits.`,
  },
  notFound: {
    title: `Page introuvable | ${siteConfig.brandName}`,
    description: 'Cette page n’existe pas ou a été déplacée.',
  },
} as const satisfies Record<RouteId, { title: string; description: string }>

export const notFoundCopy = {
  title: 'Oops! Page not found',
  text: 'La page que vous cherchez n’existe pas ou a été déplacée.',
  homeLink: 'Retour à l’accueil',
} as const

export const legalPageCopy = {
  backHome: 'Retour à l’accueil',
  updatedOn: 'Dernière mise à jour\u00a0:',
} as const

export const skipLinkLabel = 'Aller au contenu principal'

/** Shown on every page while the site configuration holds sample values. */
export const demoNotice = {
  title: 'Site de démonstration\u00a0:',
  text: 'courtier et avis fictifs.',
} as const
