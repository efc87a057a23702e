/** What the notifications screen says: why, how to turn them on and off, and each refusal. */
export const notificationsScreenCopy = {
  intro:
    'Recevez une notification sur ce téléphone ou cet ordinateur dès qu’une demande arrive, même l’application fermée. Touchez-la pour ouvrir la fiche de la demande.',
  privacy:
    'L’écran verrouillé n’affiche que le prénom, l’initiale du nom, l’économie estimée, le créneau souhaité et la campagne. Le téléphone et l’email restent derrière la connexion.',
  turnOn: 'Activer les notifications sur cet appareil',
  turnOff: 'Désactiver les notifications sur cet appareil',
  working: 'Un instant…',
  turnedOn: 'Notifications activées sur cet appareil.',
  turnedOff: 'Notifications désactivées sur cet appareil.',
  thisDeviceOn: 'Cet appareil reçoit les notifications.',
  thisDeviceOff: 'Cet appareil ne reçoit pas les notifications.',
  devices: 'Appareils qui reçoivent les notifications',
  noDevices: 'Aucun appareil ne reçoit les notifications de ce compte.',
  thisDevice: ' (cet appareil)',
  since: (date: string) => `activées le ${date}`,
  remove: (device: string) => `Retirer ${device}`,
  removeButton: 'Retirer',
  unknownDevice: 'Appareil sans nom',
  removed: (device: string) => `${device} ne recevra plus les notifications.`,
  refusals: {
    unsupported:
      'Ce navigateur ne sait pas recevoir de notifications. Utilisez Chrome, Edge ou Firefox, ou Safari sur iPhone (iOS 16.4 ou plus récent).',
    iosHomeScreen:
      'Sur iPhone et iPad, les notifications demandent d’ajouter l’espace courtier à l’écran d’accueil (iOS 16.4 ou plus récent)\u00a0: dans Safari, touchez Partager, puis «\u00a0Sur l’écran d’accueil\u00a0», et ouvrez l’espace courtier depuis sa nouvelle icône.',
    denied:
      'Les notifications sont bloquées pour ce site. Autorisez-les dans les réglages du navigateur (le cadenas à gauche de l’adresse), puis réessayez.',
    dismissed:
      'Les notifications n’ont pas été autorisées. Réessayez et choisissez «\u00a0Autoriser\u00a0».',
    pushService:
      'Le service de notifications du navigateur n’a pas répondu. Vérifiez la connexion, puis réessayez.',
    unavailable:
      'Les notifications ne sont pas encore disponibles sur ce serveur. Prévenez la personne qui l’administre.',
  },
} as const
