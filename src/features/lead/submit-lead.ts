/** Sends a lead to its endpoint: the transport only; the wire format is lead-contract.ts. */
import type { LeadPayload } from '@/features/lead/lead-contract'

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
