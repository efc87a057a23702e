/**
 * The lead's wire format, in one place: its type, its keys and the builder the form uses. A new
 * key is added here and nowhere else. The relay's parser (server/api/parse-lead.ts) checks a
 * received lead against it; the transport (fetch, timeout) lives in the site's submit-lead.ts; the
 * rules of the four contact fields in lead-schema.ts.
 */
import { rateTableVersion } from '../estimate/insurance-rates'
import {} from './lead-form-copy'
import {
  estimateSavings,
  type Estimate,
  type EstimateInputName,
  type EstimateInputs,
  type InsuredCover,
} from '../estimate/savings-estimate'
import { leadFieldNames, normalizeLead, type LeadFields } from './lead-schema'

export const leadSource = 'facebook_ads'

/** Name of the hidden trap field: people never see it, robots fill it. */
export const honeypotField = 'site_web'

/** When the visitor prefers to be called, all inside the legal calling hours on weekdays. */
export const callbackSlots = ['des_que_possible', 'matin', 'apres_midi', 'soir'] as const
export type CallbackSlot = (typeof callbackSlots)[number]

/**
 * Where the lead came from: the parameters of the ad's link, read from the landing page's own
 * address, sent under the same names when present, stored in columns of their own.
 */
export const pageOriginKeys = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_content',
  'utm_term',
  'fbclid',
] as const

/**
 * Google's click ids, for a later upload of conversions to Google Ads. The page does not send
 * them (its script has no bytes to spare): the relay reads them from `page_url`, the address the
 * visitor arrived by (server/api/parse-lead.ts). A sender may also send them as keys.
 */
export const clickIdKeys = ['gclid', 'gbraid', 'wbraid'] as const

/**
 * Every origin key a stored lead may have, in the order the webhook and the CSV show them. Marked
 * pure, like `leadPayloadKeys`: the bundler keeps a spread it cannot prove harmless, and the
 * landing page's script uses neither list.
 */
export const originKeys = /* @__PURE__ */ (() => [...pageOriginKeys, ...clickIdKeys] as const)()
export type OriginKey = (typeof originKeys)[number]
export type LeadOrigin = Partial<Record<OriginKey, string>>

/** Longest origin value kept; the page cuts longer ones, the relay refuses them. */
export const maxOriginLength = 500

/** The estimate the visitor saw, sent only when there was one (integers: euros, years, ages). */
export interface LeadSimulation {
  montant_emprunte: number
  duree_restante_ans: number
  age: number
  cotisation_mensuelle: number | null
  /** Who is insured: `seul`, `deux_100` (two people at 100 % each) or `deux_autre`. */
  assures: InsuredCover
  economie_min: number
  economie_max: number
  /** Version of the rates table the figures come from (its date). */
  bareme: string
}

/** What the lead webhook receives (SPEC §3, plus the proof of consent from DECISIONS.md). */
export interface LeadPayload extends LeadFields, LeadOrigin {
  source: typeof leadSource
  page_url: string
  timestamp: string
  consentement: true
  consentement_texte: string
  /** Absent from leads sent by older pages or other senders. */
  rappel_prefere?: CallbackSlot
  /** Present only when the visitor used the estimate. */
  simulation?: LeadSimulation
  /** Id shared with the pixel's Lead event, so that Meta keeps one of it and the server's. */
  event_id?: string
  /**
   * Whether the visitor had accepted the pixel in the consent banner before sending: the relay
   * tells Meta of the lead only then. A lead without the key (older page, other sender) is `false`.
   */
  consentement_publicite: boolean
  /** Anti-spam trap. Sent only when a robot filled it; the relay never stores it. */
  site_web?: string
  /**
   * The going-live check's lead (`npm run check`): accepted only with the check's token, never
   * counted in the funnel, sent to Meta only as a test event, erased once checked. A receiver
   * (the webhook's automation) should drop it.
   */
  est_test?: true
}

/** Every key a lead may carry, in the order the webhook and the CSV export show them. */
export const leadPayloadKeys = /* @__PURE__ */ (() =>
  [
    ...leadFieldNames,
    'source',
    'page_url',
    'timestamp',
    'consentement',
    'consentement_texte',
    'rappel_prefere',
    'simulation',
    'event_id',
    'consentement_publicite',
    ...originKeys,
    'est_test',
  ] as const satisfies readonly (keyof LeadPayload)[])()

/** The simulation's keys, in the order the CSV export shows them. */
export const simulationKeys = [
  'montant_emprunte',
  'duree_restante_ans',
  'age',
  'cotisation_mensuelle',
  'assures',
  'economie_min',
  'economie_max',
  'bareme',
] as const satisfies readonly (keyof LeadSimulation)[]

/** Which estimate input each simulation key carries. */
export const simulationInputs = {
  montant_emprunte: 'amount',
  duree_restante_ans: 'yearsLeft',
  age: 'age',
  cotisation_mensuelle: 'monthlyPremium',
} as const satisfies Partial<Record<keyof LeadSimulation, EstimateInputName>>

/**
 * The simulation for inputs the visitor typed, with the figures of our own rates table; `undefined`
 * when they give no figure to show (the premium is needed from age 60).
 */
export function simulationOf(
  inputs: EstimateInputs,
  estimate: Estimate = estimateSavings(inputs),
): LeadSimulation | undefined {
  if (estimate.kind === 'needs-premium') return undefined
  const range = estimate.kind === 'range' ? estimate : { min: 0, max: 0 }
  return {
    montant_emprunte: inputs.amount,
    duree_restante_ans: inputs.yearsLeft,
    age: inputs.age,
    cotisation_mensuelle: inputs.monthlyPremium,
    assures: inputs.insured,
    economie_min: range.min,
    economie_max: range.max,
    bareme: rateTableVersion,
  }
}

export function buildLeadPayload(
  fields: LeadFields,
  context: {
    pageUrl: string
    /** ISO 8601 date-time of the submission, as `Date.prototype.toISOString` writes it. */
    timestamp: string
    consentText: string
    eventId?: string | undefined
    /** The visitor accepted the pixel before sending (absent: no). */
    adConsent?: boolean | undefined
    callback?: CallbackSlot | undefined
    simulation?: LeadSimulation | undefined
    /**
     * The page address's parameters (any may be passed: only the page's origin keys are kept, the
     * relay adds the click ids); empty values are left out and long ones cut, so that a visitor
     * never gets an error for an ad link.
     */
    origin?: LeadOrigin | undefined
    /** The going-live check's lead (`est_test`). */
    test?: boolean | undefined
  },
): LeadPayload {
  const payload: LeadPayload = {
    ...normalizeLead(fields),
    source: leadSource,
    page_url: context.pageUrl,
    timestamp: context.timestamp,
    consentement: true,
    consentement_texte: context.consentText,
    ...(context.callback ? { rappel_prefere: context.callback } : {}),
    ...(context.simulation ? { simulation: context.simulation } : {}),
    ...(context.eventId ? { event_id: context.eventId } : {}),
    consentement_publicite: context.adConsent === true,
  }
  for (const key of pageOriginKeys) {
    const value = context.origin?.[key]
    // A cut may split an emoji, and the relay refuses half of one as it refuses U+0000.
    if (value) payload[key] = value.slice(0, maxOriginLength).replace(/\0|[\ud800-\udbff]$/g, '')
  }
  if (context.test) payload.est_test = true
  return payload
}
