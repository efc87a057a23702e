/**
 * The back-office variant's data, made afresh before its server starts: an empty database but
 * for a lead received 40 days ago, which no test could make through the form (the server stamps
 * each lead with its own clock). Run while no server holds the data folder.
 */
import { rm } from 'node:fs/promises'
import { parseLeadPayload } from '../../src/features/lead/lead-contract'
import { leadFormCopy } from '../../src/content/lead-form'
import { storeLead } from '../../server/storage/lead-store'
import { openDatabase } from '../../server/storage/open-database'

/** The lead older than the 30 days R112-7 allows for a call. */
export const oldLead = {
  nom: 'Ancienne',
  prenom: 'Demande',
  email: 'demande-ancienne@exemple.fr',
  telephone: '06 98 76 54 32',
  daysAgo: 40,
} as const

export async function seedAdminData(dataDir: string): Promise<void> {
  await rm(dataDir, { recursive: true, force: true })
  const db = await openDatabase({ databaseUrl: undefined, dataDir })
  try {
    const parsed = parseLeadPayload({
      nom: oldLead.nom,
      prenom: oldLead.prenom,
      email: oldLead.email,
      telephone: oldLead.telephone,
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
    await db.query(
      `UPDATE leads SET received_at = now() - make_interval(days => $2) WHERE id = $1`,
      [stored.id, oldLead.daysAgo],
    )
    await db.makeDurable?.()
  } finally {
    await db.close()
  }
}
