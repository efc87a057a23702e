/**
 * Where a request stands after the first call, in the order a sale goes: set by an advisor from
 * the card, audited (`lead_status_changes`), told to the broker's webhook and, as server events,
 * to the ad platform. `perdu` ends it, with a reason.
 */

export const leadStages = ['nouveau', 'en_cours', 'rendez_vous', 'devis_envoye', 'signe'] as const
export const leadStatuses = [...leadStages, 'perdu'] as const
export type LeadStatus = (typeof leadStatuses)[number]

/** Why a lead was lost: the advisor picks one when setting `perdu`. */
export const lossReasons = [
  'pas_interesse',
  'injoignable',
  'deja_couvert',
  'refus_banque',
  'autre',
] as const
export type LossReason = (typeof lossReasons)[number]

export function isLeadStatus(value: unknown): value is LeadStatus {
  return typeof value === 'string' && (leadStatuses as readonly string[]).includes(value)
}

export function isLossReason(value: unknown): value is LossReason {
  return typeof value === 'string' && (lossReasons as readonly string[]).includes(value)
}

/**
 * How far along the sale a status is: `perdu` is not a step, so it ranks before `nouveau`. A
 * lead's furthest step is read from its history, not from its status (a lost lead had perhaps
 * had its appointment).
 */
export function stageRank(status: LeadStatus): number {
  return (leadStages as readonly string[]).indexOf(status)
}
