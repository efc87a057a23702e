import { consentMaxAgeDays, consentVersion } from '@/content/consent'

/**
 * The visitor's tracker choice, kept in localStorage with its date and the banner version it
 * answered, as proof and so that it expires (DECISIONS.md, Trackers).
 */
export interface ConsentChoice {
  accepted: boolean
  date: string
  version: string
}

export const consentStorageKey = 'consentement-traceurs'

const dayMs = 24 * 60 * 60 * 1000

/** The stored choice if it is still valid: same banner version and younger than 6 months. */
export function readConsentChoice(
  storage: Storage,
  now: Date = new Date(),
): ConsentChoice | undefined {
  let choice: Partial<ConsentChoice>
  try {
    choice = JSON.parse(storage.getItem(consentStorageKey) ?? 'null') ?? {}
  } catch {
    return undefined
  }
  const { accepted, date, version } = choice
  if (typeof accepted !== 'boolean' || version !== consentVersion || typeof date !== 'string') {
    return undefined
  }
  const age = now.getTime() - Date.parse(date)
  // NaN fails both comparisons; a date more than a day ahead is not trusted either.
  if (!(age <= consentMaxAgeDays * dayMs && age > -dayMs)) return undefined
  return { accepted, date, version }
}

export function saveConsentChoice(
  storage: Storage,
  accepted: boolean,
  now: Date = new Date(),
): ConsentChoice {
  const choice = { accepted, date: now.toISOString(), version: consentVersion }
  try {
    storage.setItem(consentStorageKey, JSON.stringify(choice))
  } catch {
    // Private browsing or a full storage: the choice holds for this page only, and is asked again.
  }
  return choice
}
