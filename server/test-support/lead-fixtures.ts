import { randomUUID } from 'node:crypto'
import { leadFormCopy } from '../../common/lead/lead-form-copy'

/** A valid lead body as the form posts it, with an email no other test uses. */
export function validLead(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    nom: 'Martin',
    prenom: 'Élodie',
    email: `lead-${randomUUID().slice(0, 8)}@exemple.fr`,
    telephone: '06 12 34 56 78',
    source: 'facebook_ads',
    page_url: 'https://assurance.example/?utm_source=facebook',
    timestamp: '2026-11-22T10:00:00.000Z',
    consentement: true,
    consentement_texte: leadFormCopy.consentLabel,
    ...overrides,
  }
}

/** Polls `check` until it returns true, or fails after `timeoutMs`. */
export async function waitFor(
  check: () => boolean | Promise<boolean>,
  { timeoutMs = 15_000, what = 'condition' } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline)
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
