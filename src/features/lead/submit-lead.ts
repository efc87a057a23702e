import { normalizeLead, type LeadFields } from '@/features/lead/lead-schema'

export const leadSource = 'facebook_ads'

/** What the lead webhook receives (SPEC §3, plus the proof of consent from DECISIONS.md). */
export interface LeadPayload extends LeadFields {
  source: typeof leadSource
  page_url: string
  timestamp: string
  consentement: true
  consentement_texte: string
  /** Id shared with the pixel's Lead event, so a server-side Conversions API can deduplicate. */
  event_id?: string
  /** Anti-spam trap: a field people never see. Sent only when a robot filled it. */
  site_web?: string
}

/** Name of the hidden trap field. */
export const honeypotField = 'site_web'

export function buildLeadPayload(
  fields: LeadFields,
  context: { pageUrl: string; now: Date; consentText: string; eventId?: string | undefined },
): LeadPayload {
  return {
    ...normalizeLead(fields),
    source: leadSource,
    page_url: context.pageUrl,
    timestamp: context.now.toISOString(),
    consentement: true,
    consentement_texte: context.consentText,
    ...(context.eventId ? { event_id: context.eventId } : {}),
  }
}

export class LeadSubmitError extends Error {
  override name = 'LeadSubmitError'
}

/** Longest wait for the webhook before the visitor is told to try again. */
export const leadSubmitTimeoutMs = 15_000

/**
 * Posts the lead; resolves once the endpoint answered with an OK status, rejects otherwise.
 * The body of the answer is never read (SPEC §7). The timeout uses `setTimeout` rather than
 * `AbortSignal.timeout` so that tests can drive it with a controlled clock.
 */
export async function submitLead(
  payload: LeadPayload,
  endpoint: string,
  timeoutMs: number = leadSubmitTimeoutMs,
): Promise<void> {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), timeoutMs)
  try {
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(payload),
      signal: controller.signal,
    })
    if (!response.ok) {
      throw new LeadSubmitError(`Lead endpoint answered HTTP ${response.status}`)
    }
  } catch (error) {
    if (error instanceof LeadSubmitError) throw error
    const reason = controller.signal.aborted ? `no answer within ${timeoutMs} ms` : String(error)
    throw new LeadSubmitError(`Lead could not be sent: ${reason}`, { cause: error })
  } finally {
    clearTimeout(timer)
  }
}
