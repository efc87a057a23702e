/** What the funnel's chart says: its name for a screen reader, each bar's tooltip, its legend. */
import { count, percent, shortDay } from '../format'

export const dailyChartCopy = {
  /** `best` is the day with the most leads, when there was any. */
  summary: (days: number, leads: number, best?: { day: string; leads: number }) =>
    `Demandes par jour et conversion des vues en demandes sur ${days} jours\u00a0: ${count(leads)} demandes au total${best ? `, au plus ${count(best.leads)} le ${shortDay(best.day)}` : ''}.`,
  bar: (day: string, leads: number, viewToLead: number | null) =>
    `${shortDay(day)}\u00a0: ${count(leads)} demande(s), conversion ${percent(viewToLead)}`,
  leadsLegend: 'Demandes par jour (axe de gauche)',
  rateLegend: 'Demandes / vues (axe de droite)',
} as const
