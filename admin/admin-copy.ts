/** What the back-office's shell says, in one place. */
export const adminCopy = {
  appName: 'Espace courtier',
  skipLink: 'Aller au contenu',
  navigation: 'Écrans',
  loggedInAs: 'Connecté\u00a0:',
  logout: 'Se déconnecter',
  loading: 'Chargement…',
  notFound: {
    title: 'Page introuvable',
    text: 'Cette adresse ne correspond à aucun écran de l’espace courtier.',
    back: 'Revenir aux appels',
  },
  login: {
    title: 'Connexion',
    email: 'Email',
    password: 'Mot de passe',
    submit: 'Se connecter',
    submitting: 'Connexion…',
    expired: 'Votre session a expiré\u00a0: reconnectez-vous.',
  },
} as const
