/**
 * The lead's wire format, in one place: its type, its keys, the builder the form uses and the
 * parser the relay uses. A new key is added here and nowhere else. The transport (fetch, timeout)
 * lives in submit-lead.ts; the rules of the four contact fields in lead-schema.ts.
 */
import { rateTableVersion } from '@/content/insurance-rates'
import { leadFormCopy } from '@/content/lead-form'
import {
  estimateBounds,
  estimateSavings,
  insuredCovers,
  isWithinBounds,
  type Estimate,
  type EstimateInputName,
  type EstimateInputs,
  type InsuredCover,
} from '@/features/estimate/savings-estimate'
import {
  leadFieldNames,
  normalizeLead,
  validateLead,
  type LeadErrors,
  type LeadFields,
} from '@/features/lead/lead-schema'

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
export const originKeys = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_content',
  'utm_term',
  'fbclid',
] as const
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
}

/** Every key a lead may carry, in the order the webhook and the CSV export show them. */
export const leadPayloadKeys = [
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
] as const satisfies readonly (keyof LeadPayload)[]

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
const simulationInputs = {
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
     * The page address's parameters (any may be passed: only the origin keys are kept); empty
     * values are left out and long ones cut, so that a visitor never gets an error for an ad link.
     */
    origin?: LeadOrigin | undefined
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
  for (const key of originKeys) {
    const value = context.origin?.[key]
    // A cut may split an emoji, and the relay refuses half of one as it refuses U+0000.
    if (value) payload[key] = value.slice(0, maxOriginLength).replace(/\0|[\ud800-\udbff]$/g, '')
  }
  return payload
}

const maxUrlLength = 2_000
/**
 * PostgreSQL stores neither U+0000 nor half of a surrogate pair. JSON can carry both, escaped, and
 * whether a body holds one shows only once it is parsed (`"\\ud800"` is six characters of text).
 */
const unstorableText = /[\0\p{Cs}]/u
const unstorableMessage = 'Text must be valid Unicode without U+0000'
/** ISO 8601 date-time with a time zone, as `Date.prototype.toISOString` writes it. */
const isoDateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/

function isWebUrl(value: string): boolean {
  if (!URL.canParse(value)) return false
  const { protocol } = new URL(value)
  return protocol === 'https:' || protocol === 'http:'
}

/** Field errors by key; nested keys are named by their path (`simulation.age`). */
export type LeadPayloadErrors = LeadErrors & Record<string, string>

export type ParsedLead =
  | { ok: true; payload: LeadPayload; honeypotFilled: boolean }
  | { ok: false; errors: LeadPayloadErrors }

/**
 * Checks a lead received over the network against the same rules as the form, plus the shape of
 * the keys the browser adds, and recomputes the estimate with our own table: a simulation is
 * stored with the relay's figures whatever the sender claimed. Messages of the four contact
 * fields are the form's French ones; the others are for the sender's developers.
 */
export function parseLeadPayload(body: unknown): ParsedLead {
  if (!isRecord(body)) return { ok: false, errors: { body: 'Expected a JSON object' } }
  const text = (key: string) => (typeof body[key] === 'string' ? (body[key] as string) : '')
  const draft = {
    nom: text('nom'),
    prenom: text('prenom'),
    email: text('email'),
    telephone: text('telephone'),
    consentement: body.consentement === true,
  }
  const errors: LeadPayloadErrors = validateLead(draft)
  if (body.source !== leadSource) errors.source = `Expected "${leadSource}"`
  const pageUrl = text('page_url')
  if (pageUrl.length > maxUrlLength || !isWebUrl(pageUrl)) {
    errors.page_url = 'Expected an absolute http(s) URL'
  }
  const timestamp = text('timestamp')
  if (!isoDateTime.test(timestamp) || Number.isNaN(Date.parse(timestamp))) {
    errors.timestamp = 'Expected an ISO date-time'
  }
  const consentText = text('consentement_texte').trim()
  // The proof of consent is the label the visitor ticked, word for word.
  if (consentText !== leadFormCopy.consentLabel) {
    errors.consentement_texte = 'Expected the consent label the form shows, word for word'
  }
  const eventId = body.event_id
  if (eventId !== undefined && (typeof eventId !== 'string' || !/^[\w-]{1,100}$/.test(eventId))) {
    errors.event_id = 'Expected up to 100 letters, digits, dashes or underscores'
  }
  const adConsent = body.consentement_publicite
  if (adConsent !== undefined && typeof adConsent !== 'boolean') {
    errors.consentement_publicite = 'Expected true or false'
  }
  const callback = body.rappel_prefere
  if (callback !== undefined && !callbackSlots.includes(callback as CallbackSlot)) {
    errors.rappel_prefere = `Expected one of ${callbackSlots.join(', ')}`
  }
  const origin: LeadOrigin = {}
  for (const key of originKeys) {
    const value = body[key]
    if (value === undefined) continue
    if (typeof value === 'string' && value.length <= maxOriginLength) origin[key] = value
    else errors[key] = `Expected text of at most ${maxOriginLength} characters`
  }
  const simulation = body.simulation === undefined ? undefined : parseSimulation(body.simulation)
  if (simulation && !simulation.ok) Object.assign(errors, simulation.errors)
  Object.assign(errors, unstorableFields(body))
  if (Object.keys(errors).length > 0) return { ok: false, errors }

  const trap = body[honeypotField]
  return {
    ok: true,
    payload: buildLeadPayload(draft, {
      pageUrl,
      timestamp,
      consentText,
      eventId: typeof eventId === 'string' ? eventId : undefined,
      adConsent: adConsent === true,
      callback: callback as CallbackSlot | undefined,
      simulation: simulation?.ok ? simulation.value : undefined,
      origin,
    }),
    honeypotFilled: typeof trap === 'string' ? trap.trim() !== '' : Boolean(trap),
  }
}

/** The keys a lead keeps whose text the database could not store, the simulation's included. */
function unstorableFields(body: Record<string, unknown>): Record<string, string> {
  const errors: Record<string, string> = {}
  const check = (value: unknown, path: string) => {
    if (typeof value === 'string' && unstorableText.test(value)) errors[path] = unstorableMessage
  }
  for (const key of leadPayloadKeys) check(body[key], key)
  if (isRecord(body.simulation)) {
    for (const key of simulationKeys) check(body.simulation[key], `simulation.${key}`)
  }
  return errors
}

type Parsed<T> = { ok: true; value: T } | { ok: false; errors: Record<string, string> }

/** The simulation's inputs checked against the estimate's bounds, its figures recomputed. */
function parseSimulation(value: unknown): Parsed<LeadSimulation> {
  if (!isRecord(value)) return { ok: false, errors: { simulation: 'Expected an object' } }
  const errors: Record<string, string> = {}
  const inputs: Partial<EstimateInputs> = {}
  for (const [key, name] of Object.entries(simulationInputs)) {
    const number = value[key]
    if (name === 'monthlyPremium' && number === null) {
      inputs.monthlyPremium = null
    } else if (typeof number === 'number' && isWithinBounds(name, number)) {
      inputs[name] = number
    } else {
      errors[`simulation.${key}`] = boundsMessage(name)
    }
  }
  if (!insuredCovers.includes(value.assures as InsuredCover)) {
    errors['simulation.assures'] = `Expected one of ${insuredCovers.join(', ')}`
  } else {
    inputs.insured = value.assures as InsuredCover
  }
  for (const key of ['economie_min', 'economie_max'] as const) {
    const number = value[key]
    if (typeof number !== 'number' || !Number.isSafeInteger(number) || number < 0) {
      errors[`simulation.${key}`] = 'Expected a whole number of euros'
    }
  }
  if (typeof value.bareme !== 'string' || !/^[\w.-]{1,40}$/.test(value.bareme)) {
    errors['simulation.bareme'] = 'Expected the rates table version'
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors }
  const recomputed = simulationOf(inputs as EstimateInputs)
  if (!recomputed) {
    return {
      ok: false,
      errors: {
        'simulation.cotisation_mensuelle': 'Required from age 60: no public bank rate without it',
      },
    }
  }
  return { ok: true, value: recomputed }
}

function boundsMessage(name: EstimateInputName): string {
  const { min, max } = estimateBounds[name]
  const nullable = name === 'monthlyPremium' ? ' or null' : ''
  return `Expected a whole number from ${min} to ${max}${nullable}`
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}
