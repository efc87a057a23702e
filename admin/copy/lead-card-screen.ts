/** What a lead's own page says (the page a notification or an alert email opens). */
export const leadCardScreenCopy = {
  title: 'Demande à rappeler',
  backToList: 'Toutes les demandes à appeler',
} as const
