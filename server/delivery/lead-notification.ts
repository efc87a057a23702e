/**
 * What an advisor's phone shows for a lead (Web Push, and ntfy's title and body): a lock screen
 * is public, so the first name and the surname's initial, the estimate, the preferred time and
 * the campaign; never the phone number, the email or the full surname. The card behind the login
 * (`url`) has the rest. `tag` is the lead's: a resend or an escalation replaces the notification
 * on the device instead of adding one.
 */
import type { LeadPayload } from '../../common/lead/lead-contract'
import { callbackSlots } from '../../common/lead/lead-contract'
import { isPlainName } from '../emails/plain-name'
import { leadNotificationCopy as copy } from './lead-notification-copy'

export interface LeadNotification {
  title: string
  body: string
  /** The lead's card in the back-office, absolute. */
  url: string
  /** `lead-<id>`. */
  tag: string
}

/** What a push service carries at most (RFC 8291 §4: 4096 bytes, encryption overhead included). */
export const maxPushPayloadBytes = 4096

const maxFirstNameLength = 40
const maxCampaignLength = 80

/** Cut to `max` characters (whole code points), with an ellipsis when cut. */
function shortened(text: string, max: number): string {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim())
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : chars.join('')
}

/** "Élodie M.": the first name and the surname's initial, nothing more. */
export function lockScreenName(payload: Pick<LeadPayload, 'prenom' | 'nom'>): string {
  // A stored lead may predate the form's name rules and hold anyone's words: only a plain name
  // reaches a lock screen.
  const first = isPlainName(payload.prenom.trim())
    ? shortened(payload.prenom, maxFirstNameLength)
    : ''
  const initial = Array.from(payload.nom.trim())[0]?.toLocaleUpperCase('fr-FR')
  const name = [first, initial && /\p{L}/u.test(initial) ? `${initial}.` : ''].filter(Boolean)
  return name.length > 0 ? name.join(' ') : copy.unnamed
}

export function leadNotification(
  payload: LeadPayload,
  {
    leadId,
    cardUrl,
    escalation,
    requestNumber = 1,
  }: {
    leadId: string
    cardUrl: string
    escalation: boolean
    /** The request's number among its person's (persons.ts): from 2, a repeat. */
    requestNumber?: number | undefined
  },
): LeadNotification {
  const name = lockScreenName(payload)
  const simulation = payload.simulation
  const slot =
    payload.rappel_prefere && callbackSlots.includes(payload.rappel_prefere)
      ? payload.rappel_prefere
      : undefined
  const campaign = payload.utm_campaign?.trim()
  const lines = [
    simulation ? copy.estimate(simulation.economie_min, simulation.economie_max) : copy.noEstimate,
    copy.callback(slot),
    ...(campaign ? [copy.campaign(shortened(campaign, maxCampaignLength))] : []),
  ]
  return {
    title: escalation
      ? copy.escalation(name)
      : requestNumber > 1
        ? copy.repeatLead(requestNumber, name)
        : copy.newLead(name),
    body: lines.join('\n'),
    url: cardUrl,
    tag: `lead-${leadId}`,
  }
}
