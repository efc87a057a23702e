/** What a card says of a person's several requests (admin/components/person-requests.tsx). */
import { repeatRequestTitle } from '../../common/back-office/repeat-request-copy'

export const personRequestsCopy = {
  /** "2ᵉ demande d’Élodie Martin": the newest request is a repeat, a strong signal worth a call. */
  repeat: repeatRequestTitle,
  list: (count: number) => `Ses ${count} demandes`,
  current: 'la plus récente',
  noEstimate: 'pas d’estimation',
  contact: 'Contact',
  consent: 'Consentement accepté',
  withdrawn: 'consentement retiré',
  quoted: (text: string) => `«\u00a0${text}\u00a0»`,
} as const
