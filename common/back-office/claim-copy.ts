/**
 * Who took a lead ("Je m'en occupe"), in the words the card and the server's refusal share:
 * "Pris en charge par claire@exemple.fr à 10 h 42", with the day when it was not today.
 */
const parisDay = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Europe/Paris',
  day: 'numeric',
  month: 'short',
})
const parisClock = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Europe/Paris',
  hour: 'numeric',
  minute: '2-digit',
  hourCycle: 'h23',
})

/** "à 10 h 42" today, "le 23 nov. à 10 h 42" another day (Paris time). */
export function claimMoment(at: Date, now: Date): string {
  const [hour = '', minute = ''] = parisClock.format(at).split(':')
  const clock = `${hour}\u00a0h\u00a0${minute}`
  const day = parisDay.format(at)
  return day === parisDay.format(now) ? `à ${clock}` : `le ${day} à ${clock}`
}

export const claimCopy = {
  button: 'Je m’en occupe',
  claimed: (by: string, at: Date, now: Date) => `Pris en charge par ${by} ${claimMoment(at, now)}`,
  taken: (by: string, at: Date, now: Date) =>
    `Cette demande est déjà prise en charge par ${by} (${claimMoment(at, now)}).`,
} as const
