import { useId, useState } from 'react'
import type { CallEntry, DeliveryEntry, StageEntry } from '../../common/back-office/screens-api'
import type { LeadCard as Lead } from '../../common/back-office/screens-api'
import { callOutcomeLabels } from '../../common/calls/call-copy'
import { maxCallsPerWindow } from '../../common/calls/call-rules'
import { adminCopy } from '../admin-copy'
import { api, ApiError } from '../api'
import { leadCardCopy as copy } from '../copy/lead-card'
import { displayPhone, telHref } from '../../common/phone'
import { dateTime } from '../format'
import { useApi } from '../use-api'
import { CallRecorder } from './call-recorder'
import { DeliveryTable } from './delivery-table'
import { LeadStage, StageHistory } from './lead-stage'
import { PersonRequests } from './person-requests'
import { buttonClass, Fact, Message } from './ui'

const stateLook: Record<Lead['standing']['state'], string> = {
  nouveau: 'bg-blue-100 text-blue-900',
  a_rappeler: 'bg-amber-100 text-amber-900',
  joint: 'bg-green-100 text-green-900',
  en_attente: 'bg-slate-200 text-slate-800',
  clos: 'bg-slate-200 text-slate-800',
}

function Simulation({ simulation }: { simulation: NonNullable<Lead['simulation']> }) {
  return (
    <>
      {copy.savings(simulation.economie_min, simulation.economie_max)}
      <span className="block text-slate-700">
        {copy.loan(
          simulation.montant_emprunte,
          simulation.duree_restante_ans,
          simulation.age,
          copy.insured[simulation.assures] ?? simulation.assures,
        )}
        {simulation.cotisation_mensuelle !== null && copy.premium(simulation.cotisation_mensuelle)}
      </span>
    </>
  )
}

/** The calls recorded on the lead and its deliveries, read when the broker opens them. */
function LeadHistory({ lead, who }: { lead: Lead; who: string }) {
  const history = useApi<{ calls: CallEntry[]; stages: StageEntry[]; deliveries: DeliveryEntry[] }>(
    `/admin/api/leads/${lead.id}`,
  )
  if (history.error) return <Message tone="error">{history.error}</Message>
  if (!history.data)
    return (
      <p role="status" className="text-sm text-slate-700">
        {adminCopy.loading}
      </p>
    )
  const { calls, stages, deliveries } = history.data
  return (
    <div className="mt-3 grid grid-cols-1 gap-4">
      <div>
        <h3 className="text-sm font-semibold text-slate-900">{copy.calls}</h3>
        {calls.length === 0 ? (
          <p className="text-sm text-slate-700">{copy.noCalls}</p>
        ) : (
          <ul className="mt-1 space-y-1 text-sm text-slate-900">
            {calls.map((call) => (
              <li key={call.id} className={call.undoneAt ? 'text-slate-600' : ''}>
                {dateTime(call.at)}
                {'\u00a0: '}
                {call.outcomeLabel} <span className="text-slate-700">({call.by})</span>
                {call.undoneAt && ` ${copy.undone}`}
              </li>
            ))}
          </ul>
        )}
      </div>
      <StageHistory stages={stages} />
      <div>
        <h3 className="mb-1 text-sm font-semibold text-slate-900">{copy.deliveries}</h3>
        {deliveries.length === 0 ? (
          <p className="text-sm text-slate-700">{copy.noDestination}</p>
        ) : (
          <DeliveryTable
            caption={copy.deliveriesCaption(who)}
            deliveries={deliveries}
            withPerson={false}
            onReplayed={history.reload}
          />
        )}
      </div>
    </div>
  )
}

/**
 * One lead to call: who, how to reach them, what they asked, and where the law leaves the broker
 * (attempts left, deadline, or why no call is allowed); the call's outcome is recorded here.
 */
export function LeadCard({ lead, onChanged }: { lead: Lead; onChanged: (lead: Lead) => void }) {
  const id = useId()
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  const [answer, setAnswer] = useState<{ tone: 'error' | 'success'; text: string }>()
  const who = `${lead.prenom} ${lead.nom}`
  const { standing } = lead
  const closedForGood =
    standing.reason === 'consentement_retire' || standing.reason === 'ne_plus_appeler'

  async function send(action: 'claim', body: object, done?: string) {
    setBusy(true)
    setAnswer(undefined)
    try {
      const result = await api<{ lead: Lead }>(`/admin/api/leads/${lead.id}/${action}`, {
        method: 'POST',
        body,
      })
      if (done) setAnswer({ tone: 'success', text: done })
      onChanged(result.lead)
    } catch (failure) {
      setAnswer({
        tone: 'error',
        text: failure instanceof ApiError ? failure.message : String(failure),
      })
    } finally {
      setBusy(false)
    }
  }

  return (
    <article
      aria-labelledby={`${id}-name`}
      className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={`${id}-name`} className="text-lg font-semibold break-words text-slate-900">
          {who}
        </h2>
        <span className={`rounded px-2 py-0.5 text-xs font-semibold ${stateLook[standing.state]}`}>
          {standing.stateLabel}
        </span>
      </div>
      <dl className="mt-2 grid gap-x-6 gap-y-2 sm:grid-cols-2 lg:grid-cols-3">
        <Fact term={copy.facts.phone}>
          <a href={telHref(lead.telephone)} className="font-medium text-blue-800 underline">
            {displayPhone(lead.telephone)}
          </a>
        </Fact>
        <Fact term={copy.facts.email}>
          <a href={`mailto:${lead.email}`} className="break-all text-blue-800 underline">
            {lead.email}
          </a>
        </Fact>
        <Fact term={copy.facts.receivedAt}>{dateTime(lead.receivedAt)}</Fact>
        <Fact term={copy.facts.origin}>{copy.originText(lead.origin)}</Fact>
        <Fact term={copy.facts.callback}>{lead.callback?.label}</Fact>
        <Fact term={copy.facts.simulation}>
          {lead.simulation && <Simulation simulation={lead.simulation} />}
        </Fact>
        <Fact term={copy.facts.callsLeft}>
          {closedForGood ? '0' : copy.callsLeft(standing.attemptsLeft, maxCallsPerWindow)}
        </Fact>
        <Fact term={copy.facts.nextCall}>{lead.plan.text}</Fact>
        <Fact term={copy.facts.deadline}>{dateTime(lead.plan.callBefore)}</Fact>
        <Fact term={copy.facts.lastCall}>
          {standing.lastCall &&
            `${dateTime(standing.lastCall.at)} (${callOutcomeLabels[standing.lastCall.outcome]})`}
        </Fact>
      </dl>
      <PersonRequests lead={lead} />
      {lead.claimedBy && lead.claimedAt ? (
        <p className="mt-3 text-sm font-medium text-slate-900">
          {copy.claimed(lead.claimedBy, new Date(lead.claimedAt), new Date())}
        </p>
      ) : (
        <button
          type="button"
          disabled={busy}
          className={`${buttonClass.primary} mt-3`}
          onClick={() => void send('claim', {})}
        >
          {copy.claim}
        </button>
      )}
      {lead.withdrawalToConfirmAt && !lead.consentWithdrawnAt && (
        <p className="mt-3 rounded-md bg-amber-50 p-2 text-sm text-amber-950 ring-1 ring-amber-200 first-letter:uppercase">
          {copy.withdrawalToConfirm}
        </p>
      )}
      {standing.reasonText && (
        <p className="mt-3 rounded-md bg-slate-100 p-2 text-sm text-slate-900">
          <strong>{copy.doNotCall}</strong>
          {standing.reasonText}
        </p>
      )}
      <CallRecorder lead={lead} onChanged={onChanged} />
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={`${id}-history`}
          className={`${buttonClass.secondary} ml-auto`}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? copy.hideHistory : copy.showHistory}
        </button>
      </div>
      {answer && (
        <div className="mt-2">
          <Message tone={answer.tone}>{answer.text}</Message>
        </div>
      )}
      <LeadStage lead={lead} onChanged={onChanged} />
      <div id={`${id}-history`} hidden={!open}>
        {open && (
          <LeadHistory key={`${standing.calls}-${lead.statusChangedAt}`} lead={lead} who={who} />
        )}
      </div>
    </article>
  )
}
