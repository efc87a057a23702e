/** The French of the alerts on advisors' devices (Web Push, ntfy) and of the escalation email. */
export const notificationCopy = {
  title: (name: string) => `Nouvelle demande\u00a0: ${name}`,
  escalationTitle: (name: string) => `Demande non prise en charge\u00a0: ${name}`,
  /** A lead whose names cannot be shown. */
  anonymous: 'sans nom',
  estimate: (range: string) => `Économie estimée\u00a0: ${range}`,
  callback: (when: string) => `Rappel\u00a0: ${when}`,
  noCallbackSlot: 'dès que possible',
  campaign: (name: string) => `Campagne\u00a0: ${name}`,
  escalationIntro:
    'Personne ne l’a prise en charge ni appelée dans le délai prévu\u00a0: ouvrez sa fiche pour l’appeler ou la prendre en charge.',
  openCard: 'Ouvrir la fiche',
} as const
