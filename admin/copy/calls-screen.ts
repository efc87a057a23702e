/** What the calls screen says: the calling hours, the filters, the list's count and its pages. */
import { count } from '../format'

export const callsScreenCopy = {
  callingHours: {
    open: 'Vous êtes dans les heures d’appel autorisées. ',
    closed: 'En dehors des heures d’appel autorisées\u00a0: n’appelez pas maintenant. ',
  },
  filters: 'Filtrer les demandes',
  filtersSummary: 'Filtres, tri et export',
  filtersSummaryActive: 'Filtres, tri et export (liste filtrée)',
  search: 'Rechercher (nom, email ou téléphone)',
  campaign: 'Campagne',
  anyCampaign: 'Toutes',
  noCampaign: 'Sans campagne',
  state: 'État',
  anyState: 'Tous',
  order: 'Tri',
  orders: {
    urgence: 'Les plus urgentes d’abord',
    recents: 'Les plus récentes d’abord',
  },
  filter: 'Filtrer',
  exportFiltered: 'Exporter la liste filtrée (CSV)',
  exportAll: 'Exporter toutes les demandes (CSV)',
  views: {
    label: 'Quelles demandes',
    dueNow: 'À appeler maintenant',
    all: 'Toutes les demandes',
  },
  noneDueNow:
    'Personne à appeler maintenant : chaque carte dit quand appeler (voir « Toutes les demandes »).',
  noMatch: 'Aucune demande ne correspond à ces critères.',
  noLeads: 'Aucune demande reçue pour l’instant.',
  listCount: (total: number, page: number, pages: number) =>
    `${count(total)} demande${total > 1 ? 's' : ''}, page ${page} sur ${pages}`,
  pages: 'Pages de la liste',
  previousPage: 'Page précédente',
  nextPage: 'Page suivante',
} as const
