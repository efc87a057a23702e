/** What the funnel screen says: the period, the table by campaign or by ad, and its columns. */
export const funnelScreenCopy = {
  period: 'Période',
  periodDays: (days: number) => `${days} jours`,
  byAdHeading: (campaign: string) => `Campagne ${campaign}, par annonce`,
  allCampaigns: 'Toutes les campagnes',
  table: { byAd: 'Entonnoir par annonce', byCampaign: 'Entonnoir par campagne' },
  caption: (table: string, days: number) => `${table}, ${days} derniers jours`,
  rowHead: { byAd: 'Annonce', byCampaign: 'Campagne' },
  figureColumns: [
    'Vues',
    'Formulaires commencés',
    'Estimations',
    'Demandes',
    'Demandes / vues',
    'Demandes / formulaires',
  ],
  /** What a visit without a campaign or an ad stands for. */
  noAd: 'Sans annonce',
  noCampaign: 'Sans campagne',
  seeByAd: (campaign: string) => `${campaign}\u00a0: voir par annonce`,
  noVisits: 'Aucune visite sur cette période.',
  total: 'Total',
} as const
