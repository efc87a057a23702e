/**
 * What the back-office's shell says, in one place: its frame, the login, and the errors any call
 * to the API may end with. Each screen's and component's copy is in `copy/`, named after it.
 */
const sessionExpired = 'Votre session a expiré\u00a0: reconnectez-vous.'

export const adminCopy = {
  appName: 'Espace courtier',
  webApp: {
    shortName: 'Courtier',
    description: 'Les demandes à rappeler, et une notification à chaque nouvelle demande.',
    genericNotification: {
      title: 'Nouvelle demande',
      body: 'Ouvrez l’espace courtier pour la voir.',
    },
  },
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
    expired: sessionExpired,
  },
  apiErrors: {
    generic: 'Une erreur est survenue. Réessayez dans un instant.',
    offline: 'Le serveur ne répond pas\u00a0: vérifiez votre connexion, puis réessayez.',
    sessionExpired,
  },
} as const
