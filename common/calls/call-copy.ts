/** What the broker reads about calls: the states, why a lead cannot be called, and refusals. */
import type { CallOutcome, CallStanding, CallState, NotCallableReason } from './call-rules'
import { maxCallsPerWindow } from './call-rules'

const parisDate = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Europe/Paris',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
})
const parisTime = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Europe/Paris',
  hour: '2-digit',
  minute: '2-digit',
})

/** "21 décembre 2026 à 11:00", in Paris time. */
export function frenchDateTime(at: Date): string {
  return `${parisDate.format(at)} à ${parisTime.format(at)}`
}

export const callStateLabels: Record<CallState, string> = {
  nouveau: 'Jamais appelé',
  a_rappeler: 'À rappeler',
  joint: 'Joint',
  en_attente: 'En attente (limite d’appels)',
  clos: 'Clos\u00a0: plus d’appel possible',
}

export const callOutcomeLabels: Record<CallOutcome, string> = {
  tentative: 'Tentative',
  joint: 'Joint',
  ne_plus_appeler: 'Ne plus appeler',
}

/** Why the lead cannot be called now, in one sentence naming the rule. */
export function notCallableText(reason: NotCallableReason, standing: CallStanding): string {
  switch (reason) {
    case 'consentement_retire':
      return 'La personne a retiré son consentement à être appelée.'
    case 'ne_plus_appeler':
      return 'La personne a demandé à ne plus être appelée.'
    case 'delai_depasse':
      return `Demande de plus de 30 jours (échue le ${frenchDateTime(standing.deadline)})\u00a0: l’appel ne serait plus sollicité (Code des assurances, art. R112-7).`
    case 'maximum_atteint':
      return standing.nextCallAt
        ? `${maxCallsPerWindow} appels ou tentatives en 30 jours, le maximum (Code de la consommation, art. D223-9)\u00a0: prochain appel possible le ${frenchDateTime(standing.nextCallAt)}.`
        : `${maxCallsPerWindow} appels ou tentatives en 30 jours, le maximum (Code de la consommation, art. D223-9), jusqu’à la fin du délai de 30 jours de la demande.`
  }
}

/** The answer to a call the rules forbid: what was refused, and why. */
export function refusalText(
  outcome: CallOutcome,
  reason: NotCallableReason,
  standing: CallStanding,
): string {
  const what =
    outcome === 'ne_plus_appeler'
      ? '«\u00a0Ne plus appeler\u00a0» est déjà enregistré.'
      : 'Appel refusé.'
  return `${what} ${notCallableText(reason, standing)}`
}

export const callingHoursText =
  'Heures d’appel autorisées\u00a0: du lundi au vendredi, hors jours fériés, de 10 h à 13 h et de 14 h à 20 h (Code de la consommation, art. D223-9).'
