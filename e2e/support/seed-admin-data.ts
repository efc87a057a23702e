/**
 * The back-office variant's data, made afresh before its server starts: an empty database but
 * for a lead received 40 days ago, which no test could make through the form (the server stamps
 * each lead with its own clock), and two people sharing a phone, one of whom withdrew consent from
 * their link (signed with a secret the test does not hold), and a lead from a named ad taken to
 * `signe` (the stage routes are not what the funnel's test is about). Run while no server holds
 * the data folder.
 */
import { rm } from 'node:fs/promises'
import { parseLeadPayload } from '../../server/api/parse-lead'
import { leadFormCopy } from '../../common/lead/lead-form-copy'
import { withdrawConsent } from '../../server/privacy/withdraw-consent'
import type { Database } from '../../server/storage/database'
import { storeLead } from '../../server/storage/lead-store'
import { openDatabase } from '../../server/storage/open-database'
import { storeLeadStory } from '../../server/test-support/funnel-fixtures'

/** The lead older than the 30 days R112-7 allows for a call. */
export const oldLead = {
  nom: 'Ancienne',
  prenom: 'Demande',
  email: 'demande-ancienne@exemple.fr',
  telephone: '06 98 76 54 32',
  daysAgo: 40,
} as const

/** A person, and someone who made a request with their own address and that person's phone. */
export const sharedPhone = {
  person: { nom: 'Téléphone', prenom: 'Partagé', email: 'telephone-partage@exemple.fr' },
  withdrawn: { nom: 'Retrait', prenom: 'Ailleurs', email: 'retrait-ailleurs@exemple.fr' },
  telephone: '07 55 44 33 22',
} as const

/** A lead from an ad whose link named it, reached, then signed with its yearly premium. */
export const signedLead = {
  campaign: { id: '120210000000000999', name: 'Emprunteurs 2026' },
  ad: { id: '120210000000000998', name: 'Vidéo économies' },
  premiumEur: 1_450,
} as const

async function seedLead(
  db: Database,
  lead: { nom: string; prenom: string; email: string; telephone: string },
): Promise<string> {
  const parsed = parseLeadPayload({
    nom: lead.nom,
    prenom: lead.prenom,
    email: lead.email,
    telephone: lead.telephone,
    source: 'facebook_ads',
    page_url: 'https://courtier.example/?utm_campaign=automne',
    utm_campaign: 'automne',
    timestamp: new Date().toISOString(),
    consentement: true,
    consentement_texte: leadFormCopy.consentLabel,
  })
  if (!parsed.ok) throw new Error(`seed lead refused: ${JSON.stringify(parsed.errors)}`)
  const stored = await storeLead(db, {
    payload: parsed.payload,
    clientIp: '127.0.0.1',
    userAgent: 'seed',
    destinations: [],
  })
  if (stored.status !== 'stored') throw new Error('seed lead not stored')
  return stored.id
}

export async function seedAdminData(dataDir: string): Promise<void> {
  await rm(dataDir, { recursive: true, force: true })
  const db = await openDatabase({ databaseUrl: undefined, dataDir })
  try {
    const old = await seedLead(db, oldLead)
    await db.query(
      `UPDATE leads SET received_at = now() - make_interval(days => $2) WHERE id = $1`,
      [old, oldLead.daysAgo],
    )
    const { telephone } = sharedPhone
    await seedLead(db, { ...sharedPhone.person, telephone })
    const withdrawn = await seedLead(db, { ...sharedPhone.withdrawn, telephone })
    if ((await withdrawConsent(db, withdrawn, [])) !== 'withdrawn') {
      throw new Error('seed withdrawal not recorded')
    }
    const { campaign, ad } = signedLead
    const address = new URLSearchParams({
      utm_campaign: campaign.id,
      utm_content: ad.id,
      campaign_name: campaign.name,
      ad_name: ad.name,
    })
    await storeLeadStory(db, {
      email: 'entonnoir-signe@exemple.fr',
      telephone: '06 41 52 63 74',
      utm_campaign: campaign.id,
      utm_content: ad.id,
      page_url: `https://courtier.example/?${address}`,
      // Stages are stamped an hour after the lead came: all of it in the past, the same day.
      receivedAt: new Date(Date.now() - 2 * 3_600_000).toISOString(),
      reachedAt: new Date(Date.now() - 1.5 * 3_600_000).toISOString(),
      stages: ['en_cours', 'rendez_vous', 'devis_envoye', 'signe'],
      premiumEur: signedLead.premiumEur,
    })
    await db.makeDurable?.()
  } finally {
    await db.close()
  }
}
