/** What a table of deliveries says: its columns, and whose deliveries they are. */
export const deliveryTableCopy = {
  columns: {
    person: 'Personne',
    destination: 'Destination',
    state: 'État',
    attempts: 'Tentatives',
    lastError: 'Dernière erreur',
    since: 'Depuis',
    action: 'Action',
  },
  /** Whose delivery, when the table shows one lead's. */
  thisLead: 'cette demande',
} as const
