/** FAQ entries. Legal facts: loi n° 2022-270 du 28 février 2022 (loi Lemoine). */
export interface FaqItem {
  question: string
  answer: readonly string[]
}

export const faqItems = [
  {
    question: 'Puis-je vraiment changer d’assurance de prêt\u00a0?',
    answer: [
      'Oui. Depuis la loi Lemoine (loi n°\u00a02022-270 du 28 février 2022), vous pouvez changer d’assurance emprunteur à tout moment, sans frais\u00a0: depuis le 1er juin 2022 pour les nouveaux prêts et depuis le 1er septembre 2022 pour les prêts en cours.',
      'Seule condition\u00a0: le nouveau contrat doit offrir des garanties équivalentes à celles exigées par votre banque.',
    ],
  },
  {
    question: 'Est-ce compliqué\u00a0?',
    answer: [
      'Non. Nous nous occupons de toutes les démarches\u00a0: comparaison des offres, constitution du dossier, demande de substitution auprès de votre banque et résiliation de l’ancien contrat. Vous n’avez qu’à valider.',
    ],
  },
  {
    question: 'Est-ce risqué\u00a0?',
    answer: [
      'Non. Votre prêt continue aux mêmes conditions et vous restez couvert sans interruption\u00a0: l’ancien contrat ne prend fin qu’à la date d’effet du nouveau.',
      'Votre banque doit répondre sous 10 jours ouvrés. Elle ne peut pas refuser un contrat aux garanties équivalentes, et tout refus doit être motivé. Aucun frais ni pénalité ne peut vous être demandé.',
    ],
  },
] as const satisfies readonly FaqItem[]
