import { brokerIdentity } from '../site-config/site-config'

interface FieldCopy {
  label: string
  autoComplete: string
  hint?: string
}

const fields: Record<'nom' | 'prenom' | 'email' | 'telephone', FieldCopy> = {
  nom: { label: 'Nom', autoComplete: 'family-name' },
  prenom: { label: 'Prénom', autoComplete: 'given-name' },
  email: { label: 'Email', autoComplete: 'email', hint: 'exemple\u00a0: nom@domaine.fr' },
  telephone: {
    label: 'Téléphone',
    autoComplete: 'tel-national',
    hint: '10 chiffres, ex. 06 12 34 56 78',
  },
}

/**
 * Slots inside the legal calling hours (Code de la consommation D223-9), weekdays only, keyed by
 * the payload's `rappel_prefere` values.
 */
const callbackOptions = {
  des_que_possible: 'Dès que possible',
  matin: 'Le matin (10\u00a0h – 13\u00a0h)',
  apres_midi: 'L’après-midi (14\u00a0h – 17\u00a0h)',
  soir: 'En fin de journée (17\u00a0h – 20\u00a0h)',
} as const

/**
 * Messages of the rules SPEC §5 leaves to us (its own, word for word, are in lead-schema.ts). A
 * name holding digits, an `@` or a web address is refused: the confirmation email greets the
 * visitor, so a name is what a stranger could make the broker's sender say to someone else.
 */
export const leadRuleMessages = {
  nomFormat: 'Le nom ne peut contenir ni chiffres, ni «\u00a0@\u00a0», ni adresse web',
  prenomFormat: 'Le prénom ne peut contenir ni chiffres, ni «\u00a0@\u00a0», ni adresse web',
  tooLong: (max: number) => `Trop long (${max} caractères au plus)`,
} as const

/** French copy of the lead form, its messages and its confirmation. */
export const leadFormCopy = {
  fields,
  callback: {
    label: 'Quand préférez-vous être rappelé(e)\u00a0?',
    hint: 'Du lundi au vendredi (facultatif).',
    options: callbackOptions,
  },
  consentLabel: `J’accepte d’être rappelé(e) par téléphone par ${brokerIdentity.legalName}, courtier en assurance immatriculé à l’ORIAS sous le n°\u00a0${brokerIdentity.orias}, pour me présenter les économies possibles sur mon assurance de prêt immobilier.`,
  privacyLinkText: 'Politique de confidentialité',
  submit: 'Recevoir ma simulation gratuite',
  submitting: 'Envoi en cours...',
  submitHint: 'Remplissez les 4 champs et cochez la case pour envoyer votre demande.',
  generalError: 'Une erreur est survenue. Merci de réessayer dans un instant.',
  confirmation: {
    title: 'Votre demande est enregistrée.',
    text: 'Un conseiller vous rappelle sous 48 heures pour vous présenter les économies possibles sur votre assurance de prêt.',
    badges: ['Gratuit', 'Sans engagement', 'Données sécurisées'],
    callback: (slot: keyof typeof callbackOptions) =>
      `Rappel souhaité\u00a0: ${callbackOptions[slot].toLowerCase()}, du lundi au vendredi.`,
  },
} as const

/**
 * Short GDPR notice (art. 13) shown under the form. Static text outside the form's script, so
 * that visitors do not download it twice.
 */
export const leadFormNotice = `Vos données sont traitées par ${brokerIdentity.legalName}, sur la base de votre consentement, pour vous rappeler et étudier votre assurance de prêt. Les données de prêt de l’estimation ne nous parviennent que si vous envoyez ce formulaire, pour préparer l’appel. Elles sont conservées au plus 3 ans après notre dernier échange et ne sont transmises qu’aux assureurs ou intermédiaires partenaires pour l’étude et la mise en place de votre contrat, jamais vendues. Vous pouvez à tout moment y accéder, les rectifier, les effacer, en limiter l’usage, retirer votre consentement, vous opposer au traitement ou saisir la CNIL.`
