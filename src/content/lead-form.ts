import { brokerIdentity } from '@/content/site-config'

interface FieldCopy {
  label: string
  autoComplete: string
  hint?: string
}

const fields: Record<'nom' | 'prenom' | 'email' | 'telephone', FieldCopy> = {
  nom: { label: 'Nom', autoComplete: 'family-name' },
  prenom: { label: 'Prénom', autoComplete: 'given-name' },
  email: { label: 'Email', autoComplete: 'email', hint: 'exemple : nom@domaine.fr' },
  telephone: {
    label: 'Téléphone',
    autoComplete: 'tel-national',
    hint: '10 chiffres, ex. 06 12 34 56 78',
  },
}

/** French copy of the lead form, its messages and its confirmation. */
export const leadFormCopy = {
  fields,
  consentLabel: `J’accepte d’être rappelé(e) par téléphone par ${brokerIdentity.legalName}, courtier en assurance immatriculé à l’ORIAS sous le n° ${brokerIdentity.orias}, pour me présenter les économies possibles sur mon assurance de prêt immobilier.`,
  privacyLinkText: 'Politique de confidentialité',
  submit: 'Recevoir ma simulation gratuite',
  submitting: 'Envoi en cours...',
  submitHint: 'Remplissez les 4 champs et cochez la case pour envoyer votre demande.',
  generalError: 'Une erreur est survenue. Merci de réessayer dans un instant.',
  confirmation: {
    title: 'Votre demande est enregistrée.',
    text: 'Un conseiller vous rappelle sous 48 heures pour vous présenter les économies possibles sur votre assurance de prêt.',
    badges: ['Gratuit', 'Sans engagement', 'Données sécurisées'],
  },
} as const

/**
 * Short GDPR notice (art. 13) shown under the form. Static text outside the form's script, so
 * that visitors do not download it twice.
 */
export const leadFormNotice = `Vos données sont traitées par ${brokerIdentity.legalName}, sur la base de votre consentement, pour vous rappeler et étudier votre assurance de prêt. Elles sont conservées au plus 3 ans après notre dernier échange et ne sont transmises qu’aux assureurs ou intermédiaires partenaires pour l’étude et la mise en place de votre contrat, jamais vendues. Vous pouvez à tout moment y accéder, les rectifier, les effacer, en limiter l’usage, retirer votre consentement, vous opposer au traitement ou saisir la CNIL.`
