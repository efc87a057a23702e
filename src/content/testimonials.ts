/**
 * SAMPLE testimonials, to be replaced by real, verifiable customer reviews before going live:
 * French consumer law forbids invented reviews (Code de la consommation, L121-4).
 */
export interface Testimonial {
  name: string
  benefit: string
  rating: 5
  /** Background colour of the avatar drawn from the name's initial. */
  avatarColor: string
}

export const testimonials = [
  {
    name: 'Claire D.',
    benefit: 'J’ai économisé 9 400 € sur la durée de mon prêt, sans aucune démarche de mon côté.',
    rating: 5,
    avatarColor: '#1d4ed8',
  },
  {
    name: 'Karim B.',
    benefit:
      'Rappelé le lendemain, contrat changé en trois semaines. Ma mensualité a baissé de 38 €.',
    rating: 5,
    avatarColor: '#047857',
  },
  {
    name: 'Sophie L.',
    benefit:
      'Je pensais que ma banque refuserait : tout s’est fait sans frais et sans interruption.',
    rating: 5,
    avatarColor: '#b45309',
  },
] as const satisfies readonly Testimonial[]
