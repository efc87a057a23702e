/** What the replay of a parked delivery says, on its button and next to it. */
export const replayButtonCopy = {
  label: (destinationLabel: string, who: string) =>
    `Relancer la livraison «\u00a0${destinationLabel}\u00a0» de ${who}`,
  replay: 'Relancer',
  replaying: 'Relance…',
  replayed: 'Relancée\u00a0: envoi dans quelques secondes.',
} as const
