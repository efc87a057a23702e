/** French copy of the landing page, section by section, in the order the page shows them. */
/** Non-breaking spaces keep a figure with its unit on one line ("15 000 €", "48 h"). */
export const pitch = {
  maxSavings: '15\u00a0000\u00a0€',
  price: '0\u00a0€',
  simulationDuration: '60\u00a0secondes',
  callbackDelay: '48\u00a0h',
} as const

export const hero = {
  eyebrow: 'Assurance de prêt immobilier · Loi Lemoine',
  title: `Économisez jusqu’à ${pitch.maxSavings}* sur votre assurance de prêt`,
  lead: `Changez d’assurance emprunteur à tout moment, sans frais. Un expert vous rappelle sous ${pitch.callbackDelay} pour vous présenter vos économies.`,
  highlights: [
    `Jusqu’à ${pitch.maxSavings} d’économies`,
    `${pitch.price} à payer`,
    `Simulation gratuite en ${pitch.simulationDuration}`,
    'Sans engagement',
  ],
  cta: 'Je calcule mon économie',
  /** What kind of case reaches the pitch's figure: a tail case, never an average (DECISIONS.md). */
  footnote: `* Cas d’un couple de trentenaires assurés chacun à 100\u00a0%, 200\u00a0000\u00a0€ empruntés sur 20\u00a0ans, passant d’un contrat bancaire à 0,34\u00a0% à un contrat individuel à 0,06\u00a0% par personne (baromètre Magnolia, juin 2024). Ce n’est pas une moyenne\u00a0: estimez votre propre cas avec notre simulation.`,
} as const

export const formSection = {
  title: `Votre simulation gratuite en ${pitch.simulationDuration}`,
  lead: `Estimez votre économie, puis laissez vos coordonnées\u00a0: un conseiller vous rappelle sous ${pitch.callbackDelay}. ${pitch.price} à payer, sans engagement.`,
  callbackTitle: 'Être rappelé(e) par un conseiller',
} as const

export const howItWorks = {
  title: 'Comment ça marche\u00a0?',
  steps: [
    {
      title: 'Je demande ma simulation',
      text: `Je remplis le formulaire en ${pitch.simulationDuration}, gratuitement et sans engagement.`,
    },
    {
      title: 'Un expert me rappelle',
      text: `Sous ${pitch.callbackDelay}, un conseiller me présente l’économie possible sur mon assurance de prêt.`,
    },
    {
      title: 'On s’occupe de tout',
      text: 'Comparaison, dossier, demande de substitution à ma banque, résiliation de l’ancien contrat\u00a0: toutes les démarches sont prises en charge.',
    },
  ],
} as const

const reviewDate = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'UTC' })

export const trust = {
  title: 'Ils nous font confiance',
  partnersTitle: 'Nos partenaires assureurs et bancaires',
  testimonialsTitle: 'Ce qu’en disent nos clients',
  /** Whether and how reviews are checked, and their order (Code de la consommation D111-17). */
  reviewPolicy: (checked: boolean, method: string | undefined) =>
    `${checked ? `Avis contrôlés\u00a0: ${method ?? ''}` : 'Ces avis ne font l’objet d’aucune procédure de contrôle.'} Ils sont classés du plus récent au plus ancien, chacun avec sa propre note.`,
  reviewDate: (isoDate: string) => `Avis du ${reviewDate.format(new Date(`${isoDate}T00:00:00Z`))}`,
} as const

export const freeGuarantee = {
  title: '100 % gratuit, 0 risque',
  points: [
    `${pitch.price} à payer\u00a0: notre accompagnement ne vous coûte rien.`,
    'Sans engagement\u00a0: vous restez libre de refuser la proposition.',
    'Aucune interruption\u00a0: votre prêt continue et vous restez couvert.',
  ],
  cta: 'Je vérifie mon économie',
} as const

export const faqSection = {
  title: 'Questions fréquentes',
} as const

export const rightsAndActivity = {
  title: 'Vos droits',
  text: 'La loi Lemoine vous permet de changer d’assurance emprunteur à tout moment, sans frais ni pénalités. Votre banque ne peut pas refuser un contrat qui offre des garanties équivalentes, et doit vous répondre sous 10 jours ouvrés.',
  activityLabelBefore: 'Aujourd’hui,',
  activityLabelAfter: 'personnes ont demandé leur simulation.',
  /** With `activityCounter: real`: the count is of requests, and says so. */
  realActivityLabel: 'Demandes de rappel reçues aujourd’hui\u00a0:',
} as const

export const finalCta = {
  title: 'Prêt à payer moins cher votre assurance de prêt\u00a0?',
  text: `Simulation gratuite en ${pitch.simulationDuration}, rappel sous ${pitch.callbackDelay}, sans engagement.`,
  cta: 'Je lance ma simulation gratuite',
} as const

export const footer = {
  badges: [
    { label: 'CNIL', text: 'Vos droits sur vos données respectés' },
    { label: 'RGPD', text: 'Données protégées, jamais vendues' },
  ],
  legalNoticeLink: 'Mentions légales',
  privacyPolicyLink: 'Politique de confidentialité',
  navLabel: 'Informations légales',
} as const
