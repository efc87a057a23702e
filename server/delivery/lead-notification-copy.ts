/**
 * The French of a lead's alert on an advisor's lock screen (Web Push, ntfy). Only what a stranger
 * glancing at the phone may read: no phone number, email or full surname.
 */
import { euros } from '../../common/estimate/estimate-copy'
import { leadFormCopy } from '../../common/lead/lead-form-copy'
import type { CallbackSlot } from '../../common/lead/lead-contract'
import { repeatRequestTitle } from '../../common/back-office/repeat-request-copy'

export const leadNotificationCopy = {
  newLead: (name: string) => `Nouvelle demande\u00a0: ${name}`,
  /** A second (or later) request of one person: "2ᵉ demande d’Élodie D.". */
  repeatLead: repeatRequestTitle,
  escalation: (name: string) => `Demande non prise en charge\u00a0: ${name}`,
  /** When the visitor left only a surname's initial, or nothing usable. */
  unnamed: 'un visiteur',
  estimate: (min: number, max: number) => `Économie estimée\u00a0: ${euros(min)} à ${euros(max)}`,
  noEstimate: 'Estimation non faite',
  callback: (slot: CallbackSlot | undefined) =>
    `Rappel\u00a0: ${(slot ? leadFormCopy.callback.options[slot] : leadFormCopy.callback.options.des_que_possible).toLowerCase()}`,
  campaign: (name: string) => `Campagne\u00a0: ${name}`,
  /** The escalation email's, beside what the lock screen shows. */
  escalationIntro:
    'Personne ne l’a prise en charge ni appelée dans le délai prévu\u00a0: ouvrez sa fiche pour l’appeler ou la prendre en charge.',
  openCard: 'Ouvrir la fiche',
}
