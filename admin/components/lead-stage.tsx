import { useId, useState, type FormEvent } from 'react'
import type { LeadCard as Lead, StageEntry } from '../../common/back-office/screens-api'
import {
  leadStatuses,
  lossReasons,
  type LeadStatus,
  type LossReason,
} from '../../common/pipeline/lead-stages'
import {
  leadStatusLabels,
  lossReasonLabels,
  maxStageNoteLength,
} from '../../common/pipeline/stage-copy'
import { api, failureText } from '../api'
import { leadStageCopy as copy } from '../copy/lead-stage'
import { dateTime } from '../format'
import { buttonClass, inputClass, labelClass, Message } from './ui'

/** "1 200", "845,50", "1200.5" → euros; `undefined` for anything else. */
export function parsePremium(text: string): number | undefined {
  const compact = text.replace(/[\s\u00a0\u202f€]/g, '').replace(',', '.')
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(compact)) return undefined
  const amount = Number(compact)
  return amount > 0 ? amount : undefined
}

/**
 * Where the sale stands, folded into one line so that a list of cards stays short on a phone, and
 * the form that moves it on: the next stage, the reason when it is
 * lost, the yearly premium when it is signed, and a note. The server refuses what makes no sense
 * (the same stage, back to "Nouveau") with its own words.
 */
export function LeadStage({ lead, onChanged }: { lead: Lead; onChanged: (lead: Lead) => void }) {
  const id = useId()
  const who = `${lead.prenom} ${lead.nom}`
  const [open, setOpen] = useState(false)
  const [status, setStatus] = useState<LeadStatus | ''>('')
  const [busy, setBusy] = useState(false)
  const [answer, setAnswer] = useState<{ tone: 'error' | 'success'; text: string }>()
  const choices = leadStatuses.filter((stage) => stage !== 'nouveau' && stage !== lead.status)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!status) return
    const form = new FormData(event.currentTarget)
    const premiumText = String(form.get('prime_annuelle') ?? '').trim()
    const premium = premiumText === '' ? undefined : parsePremium(premiumText)
    if (premiumText !== '' && premium === undefined) {
      setAnswer({ tone: 'error', text: copy.badPremium })
      return
    }
    const note = String(form.get('note') ?? '').trim()
    setBusy(true)
    setAnswer(undefined)
    try {
      const result = await api<{ lead: Lead }>(`/admin/api/leads/${lead.id}/status`, {
        method: 'POST',
        body: {
          status,
          ...(status === 'perdu' ? { motif: form.get('motif') as LossReason } : {}),
          ...(status === 'signe' && premium !== undefined ? { prime_annuelle: premium } : {}),
          ...(note ? { note } : {}),
        },
      })
      setAnswer({ tone: 'success', text: copy.saved(leadStatusLabels[status], who) })
      setStatus('')
      setOpen(false)
      onChanged(result.lead)
    } catch (failure) {
      setAnswer({ tone: 'error', text: failureText(failure) })
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="mt-3">
      <details
        open={open}
        onToggle={(event) => setOpen(event.currentTarget.open)}
        className="rounded-md bg-slate-50 ring-1 ring-slate-200"
      >
        <summary className="cursor-pointer p-3 text-sm text-slate-900">
          <span className="font-medium">{copy.current}&nbsp;: </span>
          <strong>{lead.statusLabel}</strong>
          {lead.statusChangedAt && (
            <span className="text-slate-700"> ({copy.since(dateTime(lead.statusChangedAt))})</span>
          )}
          <span className="ml-2 text-blue-800 underline">{copy.open}</span>
        </summary>
        <form
          aria-label={copy.legend(who)}
          onSubmit={(event) => void submit(event)}
          className="space-y-3 px-3 pb-3"
        >
          <label className={labelClass}>
            {copy.next}
            <select
              name="status"
              required
              value={status}
              disabled={busy}
              onChange={(event) => setStatus(event.currentTarget.value as LeadStatus | '')}
              className={inputClass}
            >
              <option value="">{copy.choose}</option>
              {choices.map((stage) => (
                <option key={stage} value={stage}>
                  {leadStatusLabels[stage]}
                </option>
              ))}
            </select>
          </label>
          {status === 'perdu' && (
            <label className={labelClass}>
              {copy.motif}
              <select name="motif" required disabled={busy} defaultValue="" className={inputClass}>
                <option value="" disabled>
                  {copy.choose}
                </option>
                {lossReasons.map((reason) => (
                  <option key={reason} value={reason}>
                    {lossReasonLabels[reason]}
                  </option>
                ))}
              </select>
            </label>
          )}
          {status === 'signe' && (
            <div>
              <label className={labelClass} htmlFor={`${id}-premium`}>
                {copy.premium}
              </label>
              <input
                id={`${id}-premium`}
                name="prime_annuelle"
                inputMode="decimal"
                autoComplete="off"
                disabled={busy}
                aria-describedby={`${id}-premium-hint`}
                className={inputClass}
              />
              <p id={`${id}-premium-hint`} className="mt-1 text-xs text-slate-700">
                {copy.premiumHint}
              </p>
            </div>
          )}
          {status && (
            <label className={labelClass}>
              {copy.note}
              <textarea
                name="note"
                rows={2}
                maxLength={maxStageNoteLength}
                disabled={busy}
                className={inputClass}
              />
            </label>
          )}
          <button type="submit" disabled={busy || !status} className={buttonClass.primary}>
            {copy.save}
          </button>
        </form>
      </details>
      {answer && (
        <div className="mt-2">
          <Message tone={answer.tone}>{answer.text}</Message>
        </div>
      )}
    </div>
  )
}

/** The stage changes in the card's history, newest first, with their reason, premium and note. */
export function StageHistory({ stages }: { stages: readonly StageEntry[] }) {
  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-900">{copy.history}</h3>
      {stages.length === 0 ? (
        <p className="text-sm text-slate-700">{copy.noHistory}</p>
      ) : (
        <ul className="mt-1 space-y-1 text-sm text-slate-900">
          {stages.map((stage) => (
            <li key={stage.id}>
              {dateTime(stage.at)}
              {'\u00a0: '}
              {copy.change(leadStatusLabels[stage.previousStatus], stage.statusLabel)}
              {stage.motifLabel && ` (${stage.motifLabel})`}
              {stage.annualPremiumEur !== null &&
                `, ${copy.premiumOf(stage.annualPremiumEur)}`}{' '}
              <span className="text-slate-700">({stage.by})</span>
              {stage.note && <span className="block text-slate-700 italic">{stage.note}</span>}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
