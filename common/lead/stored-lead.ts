import type { LeadPayload } from './lead-contract'

/**
 * A lead once the relay has stored it: the payload as received and checked, and what the relay
 * knew of the request. What deliveries, exports and screens start from.
 */
export interface StoredLead {
  id: string
  payload: LeadPayload
  receivedAt: Date
  consentWithdrawnAt: Date | null
  /** The browser the lead was sent from, as the relay received it. */
  visitor: {
    ip: string
    userAgent: string
    /** Meta's `_fbp` and `_fbc` cookies, stored only when the visitor accepted the pixel. */
    fbp: string | null
    fbc: string | null
  }
}
