/**
 * Version of the banner's text. Changing what it says about the pixel means raising it: visitors
 * are then asked again, since their choice was about the older text.
 */
export const consentVersion = '2026-11-22'

/** Text of the tracker consent banner. */
export const consentCopy = {
  title: 'Mesure de nos publicités',
  text: 'Avec votre accord, nous utilisons le pixel de Meta (Facebook) pour mesurer l’efficacité de nos publicités. Meta, responsable conjoint, peut aussi utiliser ces données. Refuser n’a aucun effet sur votre simulation, et vous pouvez changer d’avis à tout moment avec «\u00a0Gestion des cookies\u00a0» en bas de page.',
  privacyLink: 'En savoir plus',
  accept: 'Tout accepter',
  refuse: 'Tout refuser',
  close: 'Fermer et refuser',
  manageLink: 'Gestion des cookies',
} as const

/** How long a choice is remembered before the banner asks again (CNIL: 6 months). */
export const consentMaxAgeDays = 182
