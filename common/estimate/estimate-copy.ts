/**
 * French copy of the savings estimate: its fields, its messages, the result in each case, and the
 * "Comment est-ce calculé ?" disclosure. Figures use non-breaking spaces ("10 800 €").
 */

const nbsp = '\u00a0'

/** 10800 → "10 800", with a non-breaking space between thousands. */
function grouped(amount: number): string {
  return String(amount).replace(/\B(?=(\d{3})+(?!\d))/g, nbsp)
}

/** 10800 → "10 800 €", with non-breaking spaces. */
export function euros(amount: number): string {
  return `${grouped(amount)}${nbsp}€`
}

/** 20 → "20 ans", 1 → "1 an". */
export function years(count: number): string {
  return `${count}${nbsp}an${count > 1 ? 's' : ''}`
}

interface NumberFieldCopy {
  label: string
  /** Read by screen readers after the label, shown as a suffix inside the input. */
  unit: string
  unitShort: string
  error: string
  optional?: string
}

/** Keyed by the estimate's input names. */
export const estimateFields = {
  amount: {
    label: 'Montant emprunté',
    unit: 'en euros',
    unitShort: '€',
    error: `Indiquez un montant entre ${euros(10_000)} et ${euros(2_000_000)}`,
  },
  yearsLeft: {
    label: 'Durée restante',
    unit: 'en années',
    unitShort: 'ans',
    error: `Indiquez une durée entre 1 et ${years(35)}`,
  },
  age: {
    label: 'Votre âge',
    unit: 'en années',
    unitShort: 'ans',
    error: `Indiquez un âge entre 18 et 85${nbsp}ans`,
  },
  monthlyPremium: {
    label: 'Cotisation mensuelle actuelle',
    unit: 'en euros par mois, pour tout le prêt',
    unitShort: '€/mois',
    optional: 'facultatif, tous emprunteurs',
    error: `Indiquez une cotisation entre 0 et ${euros(5_000)} par mois`,
  },
} as const satisfies Record<string, NumberFieldCopy>

/** Keyed by the simulation's `assures` values. */
export const insuredField = {
  label: 'Personnes assurées',
  options: {
    seul: 'Vous seul(e)',
    deux_100: 'Deux, à 100\u00a0% chacune',
    deux_autre: 'Deux, autre répartition',
  },
} as const

export const estimateCopy = {
  legend: 'Estimez votre économie',
  disclaimer: 'Estimation indicative, non contractuelle.',
  waiting: `Indiquez le montant emprunté, la durée restante et votre âge${nbsp}: l’estimation s’affiche ici, calculée dans votre navigateur.`,
  needsPremium: `À partir de 60${nbsp}ans, aucun taux bancaire moyen n’est publié${nbsp}: indiquez votre cotisation actuelle pour obtenir une estimation.`,
  noSaving: `D’après nos repères, pas d’économie estimée pour ce profil${nbsp}: votre contrat semble déjà compétitif. Un conseiller peut le vérifier gratuitement.`,
  range: (min: number, max: number) => `${euros(min)} à ${euros(max)}`,
  upTo: (max: number) => `Jusqu’à ${euros(max)}`,
  rangeDetail: (yearsLeft: number, perMonthMin: number, perMonthMax: number) =>
    `d’économie estimée sur les ${years(yearsLeft)} restants, soit environ ${grouped(perMonthMin)} à ${euros(perMonthMax)} par mois.`,
  upToDetail: (yearsLeft: number, perMonthMax: number) =>
    `sur les ${years(yearsLeft)} restants, soit jusqu’à ${euros(perMonthMax)} par mois. Une économie n’est pas garantie pour votre profil.`,
  premiumLooksHigh: `Cette cotisation semble inclure la mensualité du prêt${nbsp}: indiquez l’assurance seule pour obtenir une estimation, ou demandez à un conseiller de l’étudier.`,
  /** Under the result when there is no figure worth calling about, so the callback stays offered. */
  callbackOffer: 'Être rappelé(e) par un conseiller',
} as const

/** The estimated saving in words, for a line that has its own label (the emails'). */
export function estimateFigure(min: number, max: number, yearsLeft: number): string {
  const figure = min > 0 ? `entre ${euros(min)} et ${euros(max)}` : `jusqu’à ${euros(max)}`
  return `${figure} sur ${years(yearsLeft)} (indicative, non contractuelle)`
}

/** The confirmation's reminder of the estimate the visitor saw. */
export function estimateRecall(min: number, max: number, yearsLeft: number): string {
  return `Votre estimation${nbsp}: ${estimateFigure(min, max, yearsLeft)}.`
}

/** "Comment est-ce calculé ?": the method, the assumptions and the sources, one tap away. */
export const estimateMethod = {
  summary: `Comment est-ce calculé${nbsp}?`,
  formula: `Sans votre cotisation, l’économie est l’écart entre le taux moyen d’un contrat bancaire (assurance groupe) et celui d’un contrat individuel à votre âge, multiplié par le montant emprunté et par les années restantes. Avec votre cotisation, le coût bancaire est votre propre cotisation multipliée par les mois restants. Le résultat est une fourchette tirée des taux bas et hauts du tableau, arrondie à la centaine d’euros inférieure (à l’euro inférieur par mois).`,
  assumptions: [
    'Taux annuels en pourcentage du montant emprunté, par personne assurée à 100\u00a0%, pour un non-fumeur en bonne santé exerçant une profession sans risque particulier.',
    'Le contrat individuel est chiffré sur le capital initial\u00a0: beaucoup sont calculés sur le capital restant dû et coûtent moins, ce qui éloigne l’estimation d’un excès d’optimisme.',
    'Sans votre cotisation, le contrat bancaire est supposé au taux moyen de votre âge actuel\u00a0; or il a été fixé à l’âge de la signature et certaines banques le calculent sur le capital restant dû\u00a0: la borne haute peut alors être trop élevée. Indiquer votre cotisation corrige ce point.',
    'Fumeurs\u00a0: les contrats individuels coûtent 20 à 80\u00a0% plus cher, l’économie réelle peut être plus faible. Nous ne vous demandons pas si vous fumez\u00a0: c’est une donnée de santé.',
    'Une surprime de santé, une exclusion, une profession à risque ou des garanties exigées par votre banque peuvent réduire ou supprimer l’économie. Ce n’est ni un devis ni une offre d’assurance.',
  ],
  privacy:
    'Le calcul se fait dans votre navigateur\u00a0: rien n’est envoyé tant que vous n’envoyez pas le formulaire de rappel. Les chiffres de l’estimation accompagnent alors votre demande, pour préparer l’appel.',
  tableCaption: (version: string) =>
    `Taux annuels utilisés (barème du ${version.split('-').reverse().join('/')}), en\u00a0% du montant emprunté`,
  columns: {
    age: 'Âge',
    bank: 'Contrat bancaire',
    individual: 'Contrat individuel',
  },
  noBankFigure: 'non publié',
  weakBand: 'repères de sites comparatifs, plus fragiles',
  sourcesTitle: 'Sources',
} as const
