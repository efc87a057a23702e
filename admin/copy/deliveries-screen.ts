/** What the deliveries screen says around its table. */
export const deliveriesScreenCopy = {
  intro:
    'Chaque demande est envoyée à chaque destination configurée (webhook, emails, Meta) et réessayée automatiquement en cas d’échec temporaire. Une livraison refusée ou en échec depuis trop longtemps est mise de côté\u00a0: corrigez la cause, puis relancez-la.',
  parked: 'En échec, mises de côté',
  pending: 'En cours',
  refresh: 'Actualiser',
  allDelivered: 'Tout est livré\u00a0: aucune livraison en cours ni en échec.',
  tableCaption: 'Livraisons en cours ou en échec',
} as const
