/**
 * The funnel counts' wire format, one home for the landing page's loader, the estimate island and
 * the relay. A report is a step and the campaign and ad of the page address, nothing else: no id,
 * no time, nothing that tells one visitor from another (DECISIONS.md, Meta and audience figures).
 */
export const funnelPath = '/api/funnel'

export const funnelSteps = ['view', 'form_start', 'estimate', 'lead'] as const
export type FunnelStep = (typeof funnelSteps)[number]

/** The steps a page reports; `lead` is counted by the relay itself when it stores a lead. */
export type ReportedStep = Exclude<FunnelStep, 'lead'>
const reportedSteps: readonly string[] = ['view', 'form_start', 'estimate'] satisfies ReportedStep[]

/** As counted: empty text when the address has none. */
export interface FunnelOrigin {
  utm_campaign: string
  utm_content: string
}

/** As a page sends it: `null` (or no key) when the address has none. */
export interface FunnelReport {
  step: ReportedStep
  utm_campaign: string | null
  utm_content: string | null
}

/** Dispatched on the document by the estimate island each time it shows a figure. */
export const estimateShownEvent = 'estimate-shown'

/** Campaign and ad ids are short (Meta's are 18 digits); longer text is refused, not stored. */
export const maxFunnelOriginLength = 200

const reportKeys = new Set(['step', 'utm_campaign', 'utm_content'])

/** Checks a report from a page and reads its origin, or says in English what is wrong with it. */
export function parseFunnelReport(
  body: unknown,
):
  | { ok: true; step: ReportedStep; origin: FunnelOrigin }
  | { ok: false; errors: Record<string, string> } {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    return { ok: false, errors: { body: 'Expected a JSON object' } }
  }
  const input = body as Record<string, unknown>
  const errors: Record<string, string> = {}
  for (const key of Object.keys(input)) {
    if (!reportKeys.has(key)) errors[key] = 'Unexpected key'
  }
  if (typeof input.step !== 'string' || !reportedSteps.includes(input.step)) {
    errors.step = `Expected one of ${reportedSteps.join(', ')}`
  }
  const origin: Partial<FunnelOrigin> = {}
  for (const key of ['utm_campaign', 'utm_content'] as const) {
    const value = input[key] ?? ''
    // PostgreSQL stores neither U+0000 nor half of a surrogate pair, which JSON can carry escaped.
    if (typeof value !== 'string' || /[\0\p{Cs}]/u.test(value)) {
      errors[key] = 'Expected valid Unicode text without U+0000'
    } else if (value.length > maxFunnelOriginLength) {
      errors[key] = `Expected text of at most ${maxFunnelOriginLength} characters`
    } else origin[key] = value
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors }
  return { ok: true, step: input.step as ReportedStep, origin: origin as FunnelOrigin }
}
