/**
 * What the advisor reads about stages: their names, the reasons a lead is lost, and why a change
 * is refused. Shared by the card (admin/) and the relay's answers, history and export.
 */
import type { LeadStatus, LossReason } from './lead-stages'

export const leadStatusLabels: Record<LeadStatus, string> = {
  nouveau: 'Nouveau',
  en_cours: 'En cours',
  rendez_vous: 'Rendez-vous',
  devis_envoye: 'Devis envoyé',
  signe: 'Signé',
  perdu: 'Perdu',
}

export const lossReasonLabels: Record<LossReason, string> = {
  pas_interesse: 'Pas intéressé',
  injoignable: 'Injoignable',
  deja_couvert: 'Déjà couvert',
  refus_banque: 'Refus de la banque',
  autre: 'Autre raison',
}

/** The longest note an advisor may add to a stage change. */
export const maxStageNoteLength = 1000

/** The yearly premium's bounds, in euros (the column holds up to 99,999,999.99). */
export const maxAnnualPremiumEur = 1_000_000

/**
 * The card's "Prochain appel" once the sale with the person is over: no call is proposed, and the
 * person leaves "À appeler maintenant" (what the law allows is unchanged).
 */
export const closedStagePlanTexts: Partial<Record<LeadStatus, string>> = {
  perdu: 'aucun (demande perdue)',
  signe: 'aucun (contrat signé)',
}

/** The relay's answers to `POST /admin/api/leads/:id/status`, in French. */
export const stageRefusals = {
  unknownStatus: 'Étape inconnue.',
  motifNeeded: 'Choisissez la raison de la perte.',
  motifOnlyWhenLost: 'Une raison ne se donne qu’à une demande perdue.',
  premiumOnlyWhenSigned: 'La prime annuelle ne se donne qu’à une demande signée.',
  badPremium:
    'Prime annuelle invalide\u00a0: un montant en euros, supérieur à 0 et jusqu’à 1\u202f000\u202f000\u00a0€.',
  badNote: `Note invalide\u00a0: du texte, ${maxStageNoteLength} caractères au plus.`,
  same: (status: LeadStatus) =>
    `La demande est déjà à l’étape «\u00a0${leadStatusLabels[status]}\u00a0»\u00a0: rien à changer.`,
  backToNew:
    'Une demande ne revient pas à «\u00a0Nouveau\u00a0»\u00a0: choisissez une autre étape.',
} as const
