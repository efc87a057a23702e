/**
 * Meta's Conversions API (`META_CAPI_TOKEN`): one `Lead` server event per lead whose visitor
 * accepted the pixel, and one event per stage an advisor sets on it (`META_STAGE_EVENTS`), posted to `{META_GRAPH_URL}/{META_GRAPH_VERSION}/{pixel id}/events` with the
 * access token in the body, never in the address. Retried on network errors, 5xx, throttling and
 * answers Meta flags `is_transient`; parked with Meta's own message otherwise.
 */
import { isLeadStatus } from '../../common/pipeline/lead-stages'
import type { MetaConfig } from '../config'
import type { DeliveryJob, DeliveryOutcome, Destination } from './destination'
import { permanentFailure, temporaryFailure } from './destination'
import { metaMaxEventAgeMs, metaServerEvent, type MetaServerEvent } from './meta-event'
import { metaStageEvent, type MetaStageEvent, type StageEventNames } from './meta-stage-event'
import { describeFailure } from './post-json'

/** The Graph API's throttling codes: "too many calls", worth another try later. */
const throttlingCodes = new Set([4, 17, 32, 613])
/** Longest answer read: Meta's are a few hundred bytes. */
const maxAnswerBytes = 64 * 1024

interface GraphAnswer {
  events_received?: unknown
  error?: {
    message?: unknown
    code?: unknown
    error_subcode?: unknown
    is_transient?: unknown
    error_user_msg?: unknown
    fbtrace_id?: unknown
  }
}

async function readAnswer(response: Response): Promise<GraphAnswer> {
  const text = await response.text()
  try {
    const parsed: unknown = JSON.parse(text.slice(0, maxAnswerBytes))
    return parsed !== null && typeof parsed === 'object' ? (parsed as GraphAnswer) : {}
  } catch {
    return {}
  }
}

/** Meta's error in one line: its message, codes and trace id (what Meta's support asks for). */
function describeGraphError(status: number, error: NonNullable<GraphAnswer['error']>): string {
  const text = (value: unknown) =>
    typeof value === 'string' || typeof value === 'number' ? String(value) : undefined
  const details = [
    text(error.code) && `code ${text(error.code)}`,
    text(error.error_subcode) && `subcode ${text(error.error_subcode)}`,
    text(error.fbtrace_id) && `fbtrace_id ${text(error.fbtrace_id)}`,
  ].filter(Boolean)
  const message = [text(error.message), text(error.error_user_msg)].filter(Boolean).join(' — ')
  return `Meta: ${message || `HTTP ${status}`}${details.length > 0 ? ` (${details.join(', ')})` : ''}`
}

/** The event a delivery sends, or why it sends none. */
function eventOf(
  job: DeliveryJob,
  stageEvents: StageEventNames,
): { event: MetaServerEvent | MetaStageEvent } | { refused: string } {
  if (job.event === 'lead') {
    if (Date.now() - job.receivedAt.getTime() > metaMaxEventAgeMs) {
      return {
        refused: 'not sent: the lead is more than 7 days old, and Meta refuses events that old',
      }
    }
    return { event: metaServerEvent(job) }
  }
  const change = job.stageChange
  const name = change && stageEvents[change.status]
  if (!change || !name) return { refused: `not sent: no Meta event for ${job.event}` }
  if (Date.now() - change.at.getTime() > metaMaxEventAgeMs) {
    return {
      refused: 'not sent: the stage was set more than 7 days ago, and Meta refuses events that old',
    }
  }
  return { event: metaStageEvent(job, change, name) }
}

export function metaDestination(config: MetaConfig, options: { timeoutMs: number }): Destination {
  const url = `${config.graphUrl}/${config.graphVersion}/${config.pixelId}/events`
  // Whatever Meta or a proxy echoes, the token never reaches a stored error or a log line.
  const redact = (reason: string) => reason.replaceAll(config.accessToken, '[token]')
  return {
    name: 'meta',
    events: ['lead', 'status'],
    stages: Object.keys(config.stageEvents).filter(isLeadStatus),
    needsAdConsent: true,
    async send(job): Promise<DeliveryOutcome> {
      if (!job.payload.consentement_publicite) {
        return permanentFailure('not sent: the visitor did not accept the ad trackers')
      }
      const event = eventOf(job, config.stageEvents)
      if ('refused' in event) return permanentFailure(event.refused)
      const body = JSON.stringify({
        data: [event.event],
        access_token: config.accessToken,
        ...(config.testEventCode ? { test_event_code: config.testEventCode } : {}),
      })
      let response: Response
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body,
          signal: AbortSignal.timeout(options.timeoutMs),
        })
      } catch (error) {
        return temporaryFailure(redact(`Meta: ${describeFailure(error, options.timeoutMs)}`))
      }
      let answer: GraphAnswer
      try {
        answer = await readAnswer(response)
      } catch {
        return temporaryFailure(`Meta: HTTP ${response.status}, answer cut short`)
      }
      if (response.ok && !answer.error) {
        if (answer.events_received === 1) return { ok: true }
        return permanentFailure(
          `Meta answered HTTP ${response.status} but received ${String(answer.events_received ?? 'no')} event(s) instead of 1`,
        )
      }
      const error = answer.error ?? {}
      const reason = redact(describeGraphError(response.status, error))
      const temporary =
        response.status >= 500 ||
        response.status === 429 ||
        error.is_transient === true ||
        (typeof error.code === 'number' && throttlingCodes.has(error.code))
      return temporary ? temporaryFailure(reason) : permanentFailure(reason)
    },
  }
}
