/**
 * The relay's check of a lead received over the network (POST /api/leads): the wire contract
 * (common/lead/lead-contract.ts) and the form's rules, plus the shape of the keys the browser adds.
 */
import { leadFormCopy } from '../../common/lead/lead-form-copy'
import {
  estimateBounds,
  insuredCovers,
  isWithinBounds,
  type EstimateInputName,
  type EstimateInputs,
  type InsuredCover,
} from '../../common/estimate/savings-estimate'
import {} from '../../common/estimate/insurance-rates'
import {
  buildLeadPayload,
  callbackSlots,
  clickIdKeys,
  honeypotField,
  leadPayloadKeys,
  leadSource,
  maxOriginLength,
  originKeys,
  simulationInputs,
  simulationKeys,
  simulationOf,
  type CallbackSlot,
  type LeadOrigin,
  type LeadPayload,
  type LeadSimulation,
} from '../../common/lead/lead-contract'
import { validateLead, type LeadErrors } from '../../common/lead/lead-schema'

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

/**
 * Google's click ids: as sent, or else read from the landing address (the page does not send them,
 * lead-contract.ts). A value that is empty, too long or unstorable in the address is left out: a
 * visitor never gets an error for an ad link.
 */
function clickIdsOf(pageUrl: string, sent: LeadOrigin): LeadOrigin {
  const query = new URL(pageUrl).searchParams
  const ids: LeadOrigin = {}
  for (const key of clickIdKeys) {
    const value = sent[key] || query.get(key) || ''
    if (value && value.length <= maxOriginLength && !unstorableText.test(value)) ids[key] = value
  }
  return ids
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
  // Only `true`; whether its sender may send one is the route's to check (test-lead-token.ts).
  if (body.est_test !== undefined && body.est_test !== true) errors.est_test = 'Expected true'
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
    payload: {
      ...buildLeadPayload(draft, {
        pageUrl,
        timestamp,
        consentText,
        eventId: typeof eventId === 'string' ? eventId : undefined,
        adConsent: adConsent === true,
        callback: callback as CallbackSlot | undefined,
        simulation: simulation?.ok ? simulation.value : undefined,
        origin,
        test: body.est_test === true,
      }),
      ...clickIdsOf(pageUrl, origin),
    },
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
