/**
 * A `leads` row as the database holds it (migrations.ts): one type that every query reading a
 * stored lead picks its columns from, and `storedLeadOf` for the shape the rest of the relay uses.
 */
import type { LeadPayload, OriginKey } from '../../common/lead/lead-contract'
import type { StoredLead } from '../../common/lead/stored-lead'
import type { LeadStatus } from '../../common/pipeline/lead-stages'

export interface LeadRow extends Record<OriginKey, string | null> {
  id: string
  received_at: Date
  /** The normalised address (lead-store.ts `contactKey`), the person's key in `contacts`. */
  email: string
  telephone: string
  payload: LeadPayload
  consent_text: string
  client_ip: string
  user_agent: string
  delivered_at: Date | null
  consent_withdrawn_at: Date | null
  /** A withdrawal confirmed from another address whose requests share this phone (issue 27). */
  withdrawal_to_confirm_at: Date | null
  consentement_publicite: boolean
  /** Meta's `_fbp` and `_fbc` cookies, kept only with ad consent. */
  fbp: string | null
  fbc: string | null
  /** Where the sale stands (issue 30); `status_changed_at` null until an advisor first sets it. */
  status: LeadStatus
  status_changed_at: Date | null
}

/** The columns `storedLeadOf` reads, for a query's select list. */
export const storedLeadColumns = [
  'id',
  'payload',
  'received_at',
  'consent_withdrawn_at',
  'client_ip',
  'user_agent',
  'fbp',
  'fbc',
] as const satisfies readonly (keyof LeadRow)[]

export function storedLeadOf(row: Pick<LeadRow, (typeof storedLeadColumns)[number]>): StoredLead {
  return {
    id: row.id,
    payload: row.payload,
    receivedAt: row.received_at,
    consentWithdrawnAt: row.consent_withdrawn_at,
    visitor: { ip: row.client_ip, userAgent: row.user_agent, fbp: row.fbp, fbc: row.fbc },
  }
}
