/** What the funnel screen says: the period, the table by campaign or by ad, and its columns. */
export const funnelScreenCopy = {
  period: 'Période',
  periodDays: (days: number) => `${days} jours`,
  byAdHeading: (campaign: string) => `Campagne ${campaign}, par annonce`,
  allCampaigns: 'Toutes les campagnes',
  table: { byAd: 'Entonnoir par annonce', byCampaign: 'Entonnoir par campagne' },
  caption: (table: string, days: number) => `${table}, ${days} derniers jours`,
  rowHead: { byAd: 'Annonce', byCampaign: 'Campagne' },
  /** In the order of `Figures`' cells: the steps, the premiums, then the rates between steps. */
  figureColumns: [
    'Vues',
    'Formulaires commencés',
    'Estimations',
    'Demandes',
    'Personnes jointes',
    'Rendez-vous',
    'Signés',
    'Primes annuelles signées',
    'Demandes / vues',
    'Demandes / formulaires',
    'Jointes / demandes',
    'Rendez-vous / jointes',
    'Signés / rendez-vous',
    'Signés / demandes',
  ],
  /** What a visit without a campaign or an ad stands for. */
  noAd: 'Sans annonce',
  noCampaign: 'Sans campagne',
  /** Beside a name the ad's link gave: the id it stands for. */
  idOf: (id: string) => `n°\u00a0${id}`,
  seeByAd: (campaign: string) => `${campaign}\u00a0: voir par annonce`,
  noVisits: 'Aucune visite ni demande sur cette période.',
  total: 'Total',
  /** Under the table: where the columns after "Demandes" come from. */
  laterSteps:
    'Personnes jointes, rendez-vous et signés\u00a0: parmi les demandes reçues sur la période, ' +
    'une personne par numéro de téléphone, selon l’étape la plus avancée atteinte (un rendez-vous ' +
    'suivi d’une perte compte comme rendez-vous). Une demande effacée n’y compte plus, alors que ' +
    'vues, estimations et demandes restent comptées.',
} as const
