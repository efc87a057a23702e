/** What the call recorder says: the outcomes, the time, the confirmations, the undo. */
export const callRecorderCopy = {
  group: (who: string) => `Résultat de l’appel à ${who}`,
  time: 'Heure de l’appel',
  timeHint: 'Maintenant si vide\u00a0; plus tôt aujourd’hui si vous enregistrez après coup.',
  futureTime: 'L’heure de l’appel ne peut pas être dans le futur.',
  note: 'Note (facultatif)',
  rappelLe: 'Rappel convenu le',
  recordCallback: 'Enregistrer le rappel convenu',
  cancel: 'Retour',
  confirm: {
    refus: (who: string) =>
      `${who} refuse d’être appelé(e)\u00a0: aucun appel pendant 60 jours, la demande est close. Confirmer\u00a0?`,
    ne_plus_appeler: (who: string) =>
      `${who} ne veut plus être appelé(e)\u00a0: plus aucun appel pour cette demande. Confirmer\u00a0?`,
  },
  confirmButton: {
    refus: 'Confirmer le refus',
    ne_plus_appeler: 'Confirmer «\u00a0Ne plus appeler\u00a0»',
  },
  recorded: (outcome: string, who: string) => `«\u00a0${outcome}\u00a0» enregistré pour ${who}.`,
  undo: 'Annuler',
  undone: 'Enregistrement annulé.',
  nextCall: 'Prochain appel',
  reprogram: 'Reprogrammer le prochain appel',
  reprogramAt: 'Nouvelle date et heure',
  reprogramSubmit: 'Reprogrammer',
  reprogrammed: 'Prochain appel reprogrammé.',
  callBefore: 'À appeler avant le',
} as const
