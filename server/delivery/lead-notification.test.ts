import { describe, expect, it } from 'vitest'
import { parseLeadPayload } from '../api/parse-lead'
import { validLead } from '../test-support/lead-fixtures'
import { leadFieldMaxLength } from '../../common/lead/lead-schema'
import { maxOriginLength } from '../../common/lead/lead-contract'
import { leadNotification, lockScreenName, maxPushPayloadBytes } from './lead-notification'

const leadId = '0b9f6a3e-2c1d-4e5f-8a7b-9c0d1e2f3a4b'
const cardUrl = `https://assurance.example/admin/demandes/${leadId}`

function payloadOf(overrides: Record<string, unknown>) {
  const parsed = parseLeadPayload(validLead(overrides))
  if (!parsed.ok) throw new Error(`invalid test lead: ${JSON.stringify(parsed)}`)
  return parsed.payload
}

describe('leadNotification', () => {
  const payload = payloadOf({
    prenom: 'Élodie',
    nom: 'martin-Durand',
    utm_campaign: 'printemps-2027',
    rappel_prefere: 'matin',
    simulation: {
      montant_emprunte: 200_000,
      duree_restante_ans: 20,
      age: 32,
      cotisation_mensuelle: null,
      assures: 'seul',
      economie_min: 2_400,
      economie_max: 10_800,
      bareme: '2026-11-22',
    },
  })

  it('says who, how much, when and from which campaign, with a link to the card', () => {
    expect(leadNotification(payload, { leadId, cardUrl, escalation: false })).toEqual({
      title: 'Nouvelle demande\u00a0: Élodie M.',
      body: [
        'Économie estimée\u00a0: 2\u00a0400\u00a0€ à 10\u00a0800\u00a0€',
        'Rappel\u00a0: le matin (10\u00a0h – 13\u00a0h)',
        'Campagne\u00a0: printemps-2027',
      ].join('\n'),
      url: cardUrl,
      tag: `lead-${leadId}`,
    })
    expect(leadNotification(payload, { leadId, cardUrl, escalation: true }).title).toBe(
      'Demande non prise en charge\u00a0: Élodie M.',
    )
  })

  it('never holds the phone number, the email or the surname beyond its initial', () => {
    const text = JSON.stringify(leadNotification(payload, { leadId, cardUrl, escalation: false }))
    expect(text).not.toContain(payload.telephone)
    expect(text).not.toContain(payload.telephone.slice(1))
    expect(text).not.toContain(payload.email)
    expect(text).not.toContain(payload.email.split('@')[0])
    expect(text.toLowerCase()).not.toContain('martin')
    expect(text.toLowerCase()).not.toContain('durand')
  })

  it('says when there was no estimate, no preferred time and no campaign', () => {
    const bare = payloadOf({ prenom: 'Jean', nom: 'Dupont' })
    expect(leadNotification(bare, { leadId, cardUrl, escalation: false }).body).toBe(
      'Estimation non faite\nRappel\u00a0: dès que possible',
    )
  })

  it('fits a push message with every field at its longest', () => {
    const longest = payloadOf({
      prenom: 'É'.repeat(leadFieldMaxLength),
      nom: 'Ö'.repeat(leadFieldMaxLength),
      utm_campaign: '"\u2028'.repeat(maxOriginLength / 2),
      rappel_prefere: 'apres_midi',
      simulation: {
        montant_emprunte: 2_000_000,
        duree_restante_ans: 35,
        age: 75,
        cotisation_mensuelle: 5_000,
        assures: 'deux_autre',
        economie_min: 999_999,
        economie_max: 999_999,
        bareme: '2026-11-22',
      },
    })
    const notification = leadNotification(longest, {
      leadId,
      cardUrl: `https://${'courtier-'.repeat(20)}example.fr${'/x'.repeat(100)}/admin/demandes/${leadId}`,
      escalation: true,
    })
    const bytes = Buffer.byteLength(JSON.stringify(notification))
    // RFC 8291: 4096 bytes carried, of which 86 of header, 16 of tag and 1 of padding delimiter.
    expect(bytes).toBeLessThanOrEqual(maxPushPayloadBytes - 103)
    expect(notification.title.length).toBeLessThan(80)
  })

  it('names an initial only when the surname starts with a letter', () => {
    expect(lockScreenName({ prenom: 'Anne', nom: 'de la Tour' })).toBe('Anne D.')
    expect(lockScreenName({ prenom: 'Anne', nom: "'t Hooft" })).toBe('Anne')
  })
})
