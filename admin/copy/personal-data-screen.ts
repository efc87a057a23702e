/** What the personal data screen says: the export, and the erasure of a person step by step. */
const plural = (value: number, one: string, many: string) => `${value} ${value > 1 ? many : one}`

export const personalDataScreenCopy = {
  exportTitle: 'Exporter les demandes',
  exportText:
    'Le fichier CSV contient toutes les demandes conservées, avec leur origine, la simulation et la preuve du consentement (séparateur «\u00a0;\u00a0», lisible par Excel). Pour n’exporter qu’une partie, filtrez la liste de l’écran Appels puis utilisez son bouton d’export. Chaque export est enregistré dans le journal des actions.',
  exportAll: 'Exporter toutes les demandes (CSV)',
  eraseTitle: 'Effacer une personne',
  eraseText:
    'À la demande d’une personne (droit à l’effacement), supprimez toutes ses demandes, ses appels et ses livraisons. Vous verrez d’abord ce qui sera effacé.',
  email: 'Email de la personne',
  look: 'Voir ce qui sera effacé',
  nothingFor: (email: string) => `Aucune demande enregistrée pour ${email}.`,
  previewTitle: (email: string) => `Seront effacés pour ${email}\u00a0:`,
  lead: (name: string, phone: string, receivedAt: string) =>
    `la demande de ${name} (${phone}) reçue le ${receivedAt}`,
  calls: (calls: number) => plural(calls, 'appel enregistré', 'appels enregistrés'),
  deliveries: 'l’historique de ses livraisons',
  deliveredTo: (destinations: readonly string[]) =>
    `Ses demandes ont déjà été transmises à\u00a0: ${destinations.join(', ')}. Ces copies ne sont pas effacées ici\u00a0: supprimez-les aussi dans ces outils.`,
  erase: (leads: number) => `Effacer définitivement ${plural(leads, 'demande', 'demandes')}`,
  cancel: 'Annuler',
  erased: (leads: number, email: string) =>
    `${plural(leads, 'demande effacée', 'demandes effacées')} pour ${email}, avec ses appels et ses livraisons.`,
} as const
