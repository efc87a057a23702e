/**
 * Who will call the visitor back, and from which number, in French: the confirmation screen and
 * the confirmation email say it alike. Most people never answer an unknown number (ARCEP/IFOP
 * 2024): the visitor must know the caller and the number before the phone rings.
 */
import type { SiteConfig } from '../site-config/site-config-schema'

type Caller = Pick<SiteConfig, 'brandName' | 'callerTeam'>

/** "Claire", "Claire ou Karim", "Claire, Karim ou Sophie". */
function eitherOf(names: string[]): string {
  const last = names.at(-1) ?? ''
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} ou ${last}` : last
}

/** "Claire ou Karim, de l’équipe Lumière", or "un conseiller de l’équipe Lumière". */
export function whoCalls({ brandName, callerTeam }: Caller): string {
  const team = `l’équipe ${callerTeam.name ?? brandName}`
  const names = callerTeam.advisors.map((advisor) => advisor.name)
  return names.length > 0 ? `${eitherOf(names)}, de ${team}` : `un conseiller de ${team}`
}

export const callerCopy = {
  /** Followed by the number, shown large. */
  calledBy: (caller: Caller) => `Vous serez rappelé(e) par ${whoCalls(caller)}, depuis le`,
  saveNumber: 'Enregistrer notre numéro',
  saveNumberHint: 'Enregistré dans vos contacts, notre appel s’affiche à notre nom.',
  /** The email's section, its lines and the attachment's description. */
  emailSection: 'Qui vous appelle',
  emailCaller: 'Appel de',
  emailNumber: 'Numéro d’appel',
  emailCard: 'fiche contact jointe à ce message, ou en ligne',
} as const
