/**
 * The lead's validation rules and messages (SPEC §5), written once. The form, the submit function,
 * the relay server and the tests all import them from here.
 */
import { leadRuleMessages } from './lead-form-copy'
import { nationalPhonePattern, normalizePhone } from '../phone'

export const leadFieldNames = ['nom', 'prenom', 'email', 'telephone'] as const
export type LeadFieldName = (typeof leadFieldNames)[number]
export type LeadControlName = LeadFieldName | 'consentement'

export type LeadFields = Record<LeadFieldName, string>
export interface LeadDraft extends LeadFields {
  consentement: boolean
}
export type LeadErrors = Partial<Record<LeadControlName, string>>

export const leadMessages = {
  nomRequired: 'Le nom est obligatoire',
  prenomRequired: 'Le prénom est obligatoire',
  emailRequired: "L'email est obligatoire",
  emailFormat: "Format d'email invalide",
  telephoneRequired: 'Le téléphone est obligatoire',
  telephoneFormat: 'Format invalide (10 chiffres commençant par 0)',
  consentRequired: 'Cochez la case pour accepter d’être rappelé(e)',
  ...leadRuleMessages,
} as const

/** Longest value of each field, trimmed: the form's `maxlength` and the relay's limit. */
export const leadFieldMaxLength = 200

/** No spaces, one `@`, and a dot inside the domain part: `x@y.z`. */
const emailPattern = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/
/** Values as they are sent: trimmed, and the phone without spaces. */
export function normalizeLead(fields: LeadFields): LeadFields {
  return {
    nom: fields.nom.trim(),
    prenom: fields.prenom.trim(),
    email: fields.email.trim(),
    telephone: normalizePhone(fields.telephone),
  }
}

/**
 * Nothing a person could read: spaces, invisible format characters (zero-width spaces and joiners,
 * bidi controls, soft hyphens), control characters and combining marks with no letter to carry.
 */
const unreadable = /^[\s\p{Cc}\p{Cf}\p{M}\p{Z}]*$/u

/**
 * What no name holds but a message does (issue 27): line breaks and other control characters, an
 * `@`, a web address, digits. Apostrophes, hyphens, spaces and accents stay welcome.
 */
const notAName = /[\p{Cc}\p{Zl}\p{Zp}@\p{N}]|:\/\/|www\./iu

/** The message for one field's value, or `undefined` when it is valid. */
export function validateField(name: LeadFieldName, value: string): string | undefined {
  const trimmed = value.trim()
  if (trimmed.length > leadFieldMaxLength) return leadMessages.tooLong(leadFieldMaxLength)
  switch (name) {
    case 'nom':
    case 'prenom':
      if (unreadable.test(value)) return leadMessages[`${name}Required`]
      return notAName.test(trimmed) ? leadMessages[`${name}Format`] : undefined
    case 'email':
      if (!trimmed) return leadMessages.emailRequired
      return emailPattern.test(trimmed) ? undefined : leadMessages.emailFormat
    case 'telephone':
      if (!trimmed) return leadMessages.telephoneRequired
      return nationalPhonePattern.test(normalizePhone(value))
        ? undefined
        : leadMessages.telephoneFormat
  }
}

export function validateConsent(consent: boolean): string | undefined {
  return consent ? undefined : leadMessages.consentRequired
}

/** Every field's message, consent included; an empty object means the draft can be sent. */
export function validateLead(draft: LeadDraft): LeadErrors {
  const errors: LeadErrors = {}
  for (const name of leadFieldNames) {
    const message = validateField(name, draft[name])
    if (message) errors[name] = message
  }
  const consentMessage = validateConsent(draft.consentement)
  if (consentMessage) errors.consentement = consentMessage
  return errors
}

export function isLeadValid(draft: LeadDraft): boolean {
  return Object.keys(validateLead(draft)).length === 0
}
