/** What a lead's stage control and its history say. */

// Cents shown when there are some: "1 200 €", "845,50 €".
const premiumFormat = new Intl.NumberFormat('fr-FR', {
  style: 'currency',
  currency: 'EUR',
  trailingZeroDisplay: 'stripIfInteger',
})

export const leadStageCopy = {
  legend: (who: string) => `Étape de la demande de ${who}`,
  current: 'Étape',
  since: (when: string) => `depuis le ${when}`,
  open: 'Changer',
  next: 'Nouvelle étape',
  choose: 'Choisir…',
  motif: 'Raison de la perte',
  premium: 'Prime annuelle du contrat (€, facultatif)',
  premiumHint: 'Envoyée à Meta comme valeur de la vente.',
  badPremium:
    'Prime annuelle invalide\u00a0: un montant en euros, par exemple 1\u202f200 ou 845,50.',
  note: 'Note (facultative)',
  save: 'Enregistrer l’étape',
  saved: (stage: string, who: string) => `Étape «\u00a0${stage}\u00a0» enregistrée pour ${who}.`,
  history: 'Étapes',
  noHistory: 'Aucune étape enregistrée.',
  change: (from: string, to: string) => `${from} → ${to}`,
  premiumOf: (amount: number) => `prime annuelle ${premiumFormat.format(amount)}`,
} as const
