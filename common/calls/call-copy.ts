/** What the broker reads about calls: the states, why a lead cannot be called, and refusals. */
import type { CallOutcome, CallStanding, CallState, NotCallableReason } from './call-rules'
import { maxCallsPerWindow } from './call-rules'
import type { CallPlan, NoPlanReason, PlanBasis } from './call-planner'

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

const parisWords = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Europe/Paris',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
})
const parisHour = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Paris',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
})

/** "vendredi 18 décembre 2026 à 20 h 00", in Paris time: the words of an email. */
export function frenchMomentInWords(at: Date): string {
  const [hour, minute] = parisHour.format(at).split(':')
  return `${parisWords.format(at)} à ${hour}\u00a0h\u00a0${minute}`
}

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
  pas_de_reponse: 'Pas de réponse',
  messagerie: 'Messagerie',
  rappeler: 'À rappeler (convenu)',
  joint: 'Joint',
  refus: 'Refus',
  ne_plus_appeler: 'Ne plus appeler',
  tentative: 'Tentative',
}

/** Why the lead cannot be called now, in one sentence naming the rule. */
export function notCallableText(reason: NotCallableReason, standing: CallStanding): string {
  switch (reason) {
    case 'consentement_retire':
      return 'La personne a retiré son consentement à être appelée.'
    case 'ne_plus_appeler':
      return 'La personne a demandé à ne plus être appelée.'
    case 'refus_recent':
      return 'La personne a refusé lors d’un appel : aucun appel pendant 60 jours (Code de la consommation, art. D223-9), soit au-delà du délai de 30 jours de la demande.'
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

/** The answer to a call time outside the legal hours, agreed with no one. */
export const outsideHoursText =
  'Heure d’appel refusée : en dehors des heures autorisées (du lundi au vendredi, hors jours fériés, de 10 h à 13 h et de 14 h à 20 h, Code de la consommation, art. D223-9), et ni le créneau choisi par la personne ni un rappel convenu avec elle.'

export const planBasisLabels: Record<PlanBasis, string> = {
  premier_appel: 'premier appel',
  rappel_convenu: 'rappel convenu avec la personne',
  reprogramme: 'reprogrammé par un conseiller',
  relance_30_min: 'relance 30 minutes après l’appel manqué',
  relance_lendemain: 'relance le jour ouvré suivant',
  relance_jour_5: 'relance vers le 5ᵉ jour de la demande',
}

const noPlanTexts: Record<NoPlanReason, string> = {
  a_convenir: 'à convenir avec la personne (rappel convenu ou reprogrammation)',
  consentement_retire: 'aucun (consentement retiré)',
  ne_plus_appeler: 'aucun (ne plus appeler)',
  refus_recent: 'aucun (refus il y a moins de 60 jours)',
  delai_depasse: 'aucun (délai de 30 jours de la demande écoulé)',
  maximum_atteint: 'aucun (4 appels en 30 jours)',
}

/** The card's "Prochain appel" line. */
export function nextCallText(plan: Pick<CallPlan, 'at' | 'basis' | 'noPlan' | 'dueNow'>): string {
  if (!plan.at || !plan.basis) return noPlanTexts[plan.noPlan ?? 'a_convenir']
  const when = plan.dueNow ? 'maintenant' : `le ${frenchDateTime(plan.at)}`
  return `${when} (${planBasisLabels[plan.basis]})`
}
