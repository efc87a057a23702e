import { useEffect, useId, useState } from 'react'
import type { LeadCard as Lead } from '../../common/back-office/screens-api'
import { callOutcomeLabels, outsideHoursText } from '../../common/calls/call-copy'
import { callTimeRefusal } from '../../common/calls/call-planner'
import { offeredOutcomes, type CallOutcome } from '../../common/calls/call-rules'
import { api, ApiError } from '../api'
import { callRecorderCopy as copy } from '../copy/call-recorder'
import { buttonClass, inputClass, labelClass, Message } from './ui'

/** How long its author may undo a recording (server/storage/lead-calls.ts says the same). */
const undoMs = 10 * 60_000

type Confirmed = 'refus' | 'ne_plus_appeler'
const needsConfirmation = (outcome: CallOutcome): outcome is Confirmed =>
  outcome === 'refus' || outcome === 'ne_plus_appeler'

/** "HH:MM" today in Paris → the instant; `undefined` when empty or invalid. */
function todayAt(time: string, now: Date): Date | undefined {
  const match = /^(\d\d):(\d\d)$/.exec(time)
  if (!match) return undefined
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(now)
  return parisInstant(`${day}T${match[1]}:${match[2]}`)
}

/** A `datetime-local` value read as Paris time. */
function parisInstant(local: string): Date | undefined {
  const guess = new Date(`${local}:00Z`)
  if (Number.isNaN(guess.getTime())) return undefined
  // The Paris offset at that moment, found by formatting the guess back.
  const shown = new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Europe/Paris',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).format(guess)
  const offset = new Date(`${shown.replace(' ', 'T')}:00Z`).getTime() - guess.getTime()
  return new Date(guess.getTime() - offset)
}

/** The clock, read again every 30 seconds: the hours open and close while the card is shown. */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date())
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 30_000)
    return () => clearInterval(timer)
  }, [])
  return now
}

/** A date and time, in Paris, typed by the advisor. */
function MomentField(props: { label: string; value: string; onChange: (value: string) => void }) {
  return (
    <label className={labelClass}>
      {props.label}
      <input
        type="datetime-local"
        required
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        className={inputClass}
      />
    </label>
  )
}

/**
 * Records a call as it happened: its outcome, its time (now, or earlier today), an agreed
 * callback's moment, a note; "Refus" and "Ne plus appeler" confirmed first; an "Annuler" for
 * 10 minutes. Every button is disabled, with the reason shown, when the law or the rules refuse
 * the call; the server refuses it the same way (call-requests.ts).
 */
export function CallRecorder({ lead, onChanged }: { lead: Lead; onChanged: (lead: Lead) => void }) {
  const id = useId()
  const now = useNow()
  const who = `${lead.prenom} ${lead.nom}`
  const [time, setTime] = useState('')
  const [note, setNote] = useState('')
  const [pending, setPending] = useState<'rappeler' | Confirmed>()
  const [rappelLe, setRappelLe] = useState('')
  const [replan, setReplan] = useState('')
  const [busy, setBusy] = useState(false)
  const [answer, setAnswer] = useState<{ tone: 'error' | 'success'; text: string }>()
  const [undoable, setUndoable] = useState<{ callId: string; until: number }>()

  const { standing, plan } = lead
  const closedForGood =
    standing.reason === 'consentement_retire' || standing.reason === 'ne_plus_appeler'
  const at = time ? todayAt(time, now) : now
  const agreedAt = plan.agreedAt ? new Date(plan.agreedAt) : null
  // Why a call cannot be recorded at the time given; `null` when it can.
  const callRefusal = standing.reason
    ? standing.reasonText
    : at && at > now
      ? copy.futureTime
      : !at || callTimeRefusal(at, agreedAt)
        ? time
          ? outsideHoursText
          : (plan.notNowText ?? outsideHoursText)
        : null
  const allowed = (outcome: CallOutcome) =>
    outcome === 'ne_plus_appeler' ? !closedForGood : callRefusal === null

  async function send(
    path: `/admin/api/${string}`,
    method: 'POST' | 'DELETE',
    body: object | undefined,
    done: string,
  ): Promise<{ lead: Lead; call?: { id: string } } | undefined> {
    setBusy(true)
    setAnswer(undefined)
    try {
      const result = await api<{ lead: Lead; call?: { id: string } }>(path, { method, body })
      setAnswer({ tone: 'success', text: done })
      onChanged(result.lead)
      return result
    } catch (failure) {
      setAnswer({
        tone: 'error',
        text: failure instanceof ApiError ? failure.message : String(failure),
      })
      return undefined
    } finally {
      setBusy(false)
    }
  }

  async function record(outcome: CallOutcome) {
    const body = {
      outcome,
      ...(time && at ? { at: at.toISOString() } : {}),
      ...(outcome === 'rappeler' ? { rappel_le: parisInstant(rappelLe)?.toISOString() } : {}),
      ...(note.trim() ? { note: note.trim() } : {}),
    }
    const result = await send(
      `/admin/api/leads/${lead.id}/calls`,
      'POST',
      body,
      copy.recorded(callOutcomeLabels[outcome], who),
    )
    if (!result?.call) return
    setPending(undefined)
    setTime('')
    setNote('')
    setRappelLe('')
    setUndoable({ callId: result.call.id, until: now.getTime() + undoMs })
  }

  async function undo(callId: string) {
    const result = await send(
      `/admin/api/leads/${lead.id}/calls/${callId}`,
      'DELETE',
      undefined,
      copy.undone,
    )
    if (result) setUndoable(undefined)
  }

  async function reprogram() {
    const result = await send(
      `/admin/api/leads/${lead.id}/plan`,
      'POST',
      { le: parisInstant(replan)?.toISOString() ?? replan },
      copy.reprogrammed,
    )
    if (result) setReplan('')
  }

  const showUndo = undoable && undoable.until > now.getTime() && answer?.tone === 'success'

  return (
    <div className="mt-3 grid gap-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <label className={labelClass}>
          {copy.time}
          <input
            type="time"
            value={time}
            onChange={(event) => setTime(event.target.value)}
            aria-describedby={`${id}-time-hint`}
            className={inputClass}
          />
          <span id={`${id}-time-hint`} className="mt-1 block text-xs text-slate-600">
            {copy.timeHint}
          </span>
        </label>
        <label className={labelClass}>
          {copy.note}
          <input
            type="text"
            value={note}
            maxLength={1000}
            onChange={(event) => setNote(event.target.value)}
            className={inputClass}
          />
        </label>
      </div>
      {callRefusal && !closedForGood && (
        <p id={`${id}-refusal`} className="rounded-md bg-slate-100 p-2 text-sm text-slate-900">
          {callRefusal}
        </p>
      )}
      <div role="group" aria-label={copy.group(who)} className="flex flex-wrap gap-2">
        {offeredOutcomes.map((outcome) => (
          <button
            key={outcome}
            type="button"
            disabled={busy || !allowed(outcome)}
            aria-describedby={
              callRefusal && outcome !== 'ne_plus_appeler' ? `${id}-refusal` : undefined
            }
            className={outcome === 'joint' ? buttonClass.primary : buttonClass.secondary}
            onClick={() =>
              outcome === 'rappeler' || needsConfirmation(outcome)
                ? setPending(outcome)
                : void record(outcome)
            }
          >
            {callOutcomeLabels[outcome]}
          </button>
        ))}
      </div>
      {pending === 'rappeler' && (
        <form
          className="grid gap-2 rounded-md bg-blue-50 p-3 ring-1 ring-blue-200"
          onSubmit={(event) => {
            event.preventDefault()
            void record('rappeler')
          }}
        >
          <MomentField label={copy.rappelLe} value={rappelLe} onChange={setRappelLe} />
          <div className="flex flex-wrap gap-2">
            <button type="submit" disabled={busy} className={buttonClass.primary}>
              {copy.recordCallback}
            </button>
            <button
              type="button"
              className={buttonClass.secondary}
              onClick={() => setPending(undefined)}
            >
              {copy.cancel}
            </button>
          </div>
        </form>
      )}
      {pending && pending !== 'rappeler' && (
        <div
          role="alertdialog"
          aria-labelledby={`${id}-confirm`}
          className="grid gap-2 rounded-md bg-red-50 p-3 ring-1 ring-red-200"
        >
          <p id={`${id}-confirm`} className="text-sm text-red-950">
            {copy.confirm[pending](who)}
          </p>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              disabled={busy}
              className={buttonClass.danger}
              onClick={() => void record(pending)}
            >
              {copy.confirmButton[pending]}
            </button>
            <button
              type="button"
              className={buttonClass.secondary}
              onClick={() => setPending(undefined)}
            >
              {copy.cancel}
            </button>
          </div>
        </div>
      )}
      {answer && (
        <div className="flex flex-wrap items-center gap-2">
          <Message tone={answer.tone}>{answer.text}</Message>
          {showUndo && (
            <button
              type="button"
              disabled={busy}
              className={buttonClass.secondary}
              onClick={() => void undo(undoable.callId)}
            >
              {copy.undo}
            </button>
          )}
        </div>
      )}
      {!standing.reason && (
        <details className="text-sm">
          <summary className="cursor-pointer font-medium text-slate-900">{copy.reprogram}</summary>
          <form
            className="mt-2 flex flex-wrap items-end gap-2"
            onSubmit={(event) => {
              event.preventDefault()
              void reprogram()
            }}
          >
            <MomentField label={copy.reprogramAt} value={replan} onChange={setReplan} />
            <button type="submit" disabled={busy} className={buttonClass.secondary}>
              {copy.reprogramSubmit}
            </button>
          </form>
        </details>
      )}
    </div>
  )
}
