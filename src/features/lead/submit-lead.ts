/** Sends a lead to its endpoint: the transport only; the wire format is lead-contract.ts. */
import type { LeadPayload } from '../../../common/lead/lead-contract'

export class LeadSubmitError extends Error {
  override name = 'LeadSubmitError'
  /** The fields the endpoint refused, with their messages: the relay's 400 names them. */
  fields: Record<string, unknown> = {}
}

/** Longest wait for the webhook before the visitor is told to try again. */
export const leadSubmitTimeoutMs = 15_000

/**
 * Posts the lead; resolves once the endpoint answered with an OK status, rejects otherwise.
 * Success is judged by the status alone (SPEC §7); only a 400's body is read, for the fields it
 * refuses, so that the visitor can correct what the relay alone checked. The timeout uses
 * `setTimeout` rather than `AbortSignal.timeout` so that tests can drive it with a controlled clock.
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
      const error = new LeadSubmitError(`Lead endpoint answered HTTP ${response.status}`)
      if (response.status === 400) {
        // Any body but the relay's (an automation service's text, say) leaves the general error.
        const body: unknown = await response.json().catch(() => undefined)
        error.fields = Object(Object(body).fields)
      }
      throw error
    }
  } catch (error) {
    if (error instanceof LeadSubmitError) throw error
    const reason = controller.signal.aborted ? `no answer within ${timeoutMs} ms` : String(error)
    throw new LeadSubmitError(`Lead could not be sent: ${reason}`, { cause: error })
  } finally {
    clearTimeout(timer)
  }
}
