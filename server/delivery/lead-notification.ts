/**
 * What a lock screen shows of a lead (Web Push and ntfy alike): a lock screen is public, so never
 * the phone, the email or the full surname — the first name and the surname's initial, the
 * estimate, the preferred time, the campaign. The card behind the login has the rest.
 */
import { callbackSlots, type LeadPayload } from '../../common/lead/lead-contract'
import { leadFormCopy } from '../../common/lead/lead-form-copy'
import { euros } from '../../common/estimate/estimate-copy'
import { isPlainName } from '../emails/plain-name'
import { notificationCopy } from './notification-copy'

export interface LeadNotification {
  title: string
  body: string
  /** The lead's card, absolute. */
  url: string
  /** One per lead: a second notification of the same lead replaces the first on the device. */
  tag: string
}

/** Longest campaign name shown: it comes from the ad's address, which anyone can write. */
const maxCampaignLength = 60

/**
 * "Marie D.": a first name that is only a name (a stored lead may predate the form's checks and
 * hold anything), and the first letter of the surname.
 */
export function shortName(payload: Pick<LeadPayload, 'prenom' | 'nom'>): string {
  const first = payload.prenom.replace(/\s+/g, ' ').trim()
  const initial = /\p{L}/u.exec(payload.nom)?.[0]?.toLocaleUpperCase('fr-FR')
  const parts = [isPlainName(first) ? first : '', initial ? `${initial}.` : '']
  return parts.filter(Boolean).join(' ') || notificationCopy.anonymous
}

function estimateLine(payload: LeadPayload): string | undefined {
  const simulation = payload.simulation
  if (!simulation || simulation.economie_max <= 0) return undefined
  const range =
    simulation.economie_min > 0
      ? `${euros(simulation.economie_min)} à ${euros(simulation.economie_max)}`
      : `jusqu’à ${euros(simulation.economie_max)}`
  return notificationCopy.estimate(range)
}

function campaignLine(payload: LeadPayload): string | undefined {
  const campaign = payload.utm_campaign?.replace(/\s+/g, ' ').trim()
  if (!campaign) return undefined
  const shown =
    campaign.length > maxCampaignLength ? `${campaign.slice(0, maxCampaignLength - 1)}…` : campaign
  return notificationCopy.campaign(shown)
}

export function leadNotification(
  payload: LeadPayload,
  context: { leadId: string; cardUrl: string; escalation: boolean },
): LeadNotification {
  const name = shortName(payload)
  const slot = payload.rappel_prefere
  const callback =
    slot && callbackSlots.includes(slot) ? leadFormCopy.callback.options[slot] : undefined
  const lines = [
    estimateLine(payload),
    notificationCopy.callback(callback ?? notificationCopy.noCallbackSlot),
    campaignLine(payload),
  ].filter((line): line is string => line !== undefined)
  return {
    title: context.escalation
      ? notificationCopy.escalationTitle(name)
      : notificationCopy.title(name),
    body: lines.join('\n'),
    url: context.cardUrl,
    tag: `lead-${context.leadId}`,
  }
}
