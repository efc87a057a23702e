import {
  leadFieldNames,
  normalizeLead,
  validateLead,
  type LeadErrors,
} from '@/features/lead/lead-schema'
import { honeypotField, leadSource, type LeadPayload } from '@/features/lead/submit-lead'

const maxFieldLength = 200
const maxConsentTextLength = 2_000
const maxUrlLength = 2_000
/** ISO 8601 date-time with a time zone, as `Date.prototype.toISOString` writes it. */
const isoDateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/

function isWebUrl(value: string): boolean {
  if (!URL.canParse(value)) return false
  const { protocol } = new URL(value)
  return protocol === 'https:' || protocol === 'http:'
}

export type ParsedLead =
  | { ok: true; payload: LeadPayload; honeypotFilled: boolean }
  | {
      ok: false
      errors: LeadErrors &
        Partial<
          Record<
            'body' | 'source' | 'page_url' | 'timestamp' | 'consentement_texte' | 'event_id',
            string
          >
        >
    }

/**
 * Checks a lead received over the network against the same rules as the form, plus the shape of
 * the fields the browser adds. Used by the relay server; messages are the form's French ones.
 */
export function parseLeadPayload(body: unknown): ParsedLead {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    return { ok: false, errors: { body: 'Expected a JSON object' } }
  }
  const input = body as Record<string, unknown>
  const text = (key: string) => (typeof input[key] === 'string' ? (input[key] as string) : '')
  const draft = {
    nom: text('nom'),
    prenom: text('prenom'),
    email: text('email'),
    telephone: text('telephone'),
    consentement: input.consentement === true,
  }
  const errors: Extract<ParsedLead, { ok: false }>['errors'] = validateLead(draft)
  for (const name of leadFieldNames) {
    if (draft[name].trim().length > maxFieldLength) {
      errors[name] = `Trop long (${maxFieldLength} caractères au plus)`
    }
  }
  if (input.source !== leadSource) errors.source = `Expected "${leadSource}"`
  const pageUrl = text('page_url')
  if (pageUrl.length > maxUrlLength || !isWebUrl(pageUrl)) {
    errors.page_url = 'Expected an absolute http(s) URL'
  }
  const timestamp = text('timestamp')
  if (!isoDateTime.test(timestamp) || Number.isNaN(Date.parse(timestamp))) {
    errors.timestamp = 'Expected an ISO date-time'
  }
  const consentText = text('consentement_texte').trim()
  if (!consentText || consentText.length > maxConsentTextLength)
    errors.consentement_texte = 'Expected the consent text'
  const eventId = input.event_id
  if (eventId !== undefined && (typeof eventId !== 'string' || !/^[\w-]{1,100}$/.test(eventId))) {
    errors.event_id = 'Expected up to 100 letters, digits, dashes or underscores'
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors }
  const trap = input[honeypotField]
  return {
    ok: true,
    payload: {
      ...normalizeLead(draft),
      source: leadSource,
      page_url: pageUrl,
      timestamp,
      consentement: true,
      consentement_texte: consentText,
      ...(typeof eventId === 'string' ? { event_id: eventId } : {}),
    },
    honeypotFilled: typeof trap === 'string' ? trap.trim() !== '' : Boolean(trap),
  }
}
