import { useId, useState } from 'react'
import type { CallEntry, DeliveryEntry } from '../../server/admin/lead-history'
import type { LeadCard as Lead } from '../../server/admin/leads-to-call'
import { callOutcomeLabels } from '../../server/admin/call-copy'
import { callOutcomes, maxCallsPerWindow, type CallOutcome } from '../../server/admin/call-rules'
import { api, ApiError } from '../api'
import { dateTime, euros, phoneText, telHref } from '../format'
import { useApi } from '../use-api'
import { DeliveryTable } from './delivery-table'
import { buttonClass, Fact, Message } from './ui'

const stateLook: Record<Lead['standing']['state'], string> = {
  nouveau: 'bg-blue-100 text-blue-900',
  a_rappeler: 'bg-amber-100 text-amber-900',
  joint: 'bg-green-100 text-green-900',
  en_attente: 'bg-slate-200 text-slate-800',
  clos: 'bg-slate-200 text-slate-800',
}

// The server's own names and limit, so that the buttons say what the refusals say.
const outcomes = callOutcomes.map((outcome) => ({ outcome, label: callOutcomeLabels[outcome] }))

const insuredLabels = {
  seul: 'une personne',
  deux_100: 'deux personnes à 100 %',
  deux_autre: 'deux personnes',
} as const

function Simulation({ simulation }: { simulation: NonNullable<Lead['simulation']> }) {
  return (
    <>
      {euros(simulation.economie_min)} à {euros(simulation.economie_max)} d’économie estimée
      <span className="block text-slate-700">
        {euros(simulation.montant_emprunte)} sur {simulation.duree_restante_ans} ans,{' '}
        {simulation.age} ans, {insuredLabels[simulation.assures] ?? simulation.assures}
        {simulation.cotisation_mensuelle !== null &&
          `, cotisation actuelle ${euros(simulation.cotisation_mensuelle)}/mois`}
      </span>
    </>
  )
}

function origin(lead: Lead): string {
  const { utm_campaign: campaign, utm_content: ad, utm_source: source } = lead.origin
  const parts = [
    campaign ? `campagne ${campaign}` : 'sans campagne',
    ad ? `annonce ${ad}` : undefined,
    source ? `source ${source}` : undefined,
  ]
  return parts.filter(Boolean).join(', ')
}

/** The calls recorded on the lead and its deliveries, read when the broker opens them. */
function LeadHistory({ lead, who }: { lead: Lead; who: string }) {
  const history = useApi<{ calls: CallEntry[]; deliveries: DeliveryEntry[] }>(
    `/admin/api/leads/${lead.id}`,
  )
  if (history.error) return <Message tone="error">{history.error}</Message>
  if (!history.data)
    return (
      <p role="status" className="text-sm text-slate-700">
        Chargement…
      </p>
    )
  const { calls, deliveries } = history.data
  return (
    <div className="mt-3 grid gap-4">
      <div>
        <h3 className="text-sm font-semibold text-slate-900">Appels enregistrés</h3>
        {calls.length === 0 ? (
          <p className="text-sm text-slate-700">Aucun appel enregistré.</p>
        ) : (
          <ul className="mt-1 space-y-1 text-sm text-slate-900">
            {calls.map((call) => (
              <li key={`${call.at}-${call.outcome}`}>
                {dateTime(call.at)}
                {'\u00a0: '}
                {call.outcomeLabel} <span className="text-slate-700">({call.by})</span>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div>
        <h3 className="mb-1 text-sm font-semibold text-slate-900">Livraisons</h3>
        {deliveries.length === 0 ? (
          <p className="text-sm text-slate-700">
            Aucune destination configurée pour cette demande.
          </p>
        ) : (
          <DeliveryTable
            caption={`Livraisons de la demande de ${who}`}
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
  const callable = standing.reason === null
  const closedForGood =
    standing.reason === 'consentement_retire' || standing.reason === 'ne_plus_appeler'

  async function record(outcome: CallOutcome, label: string) {
    setBusy(true)
    setAnswer(undefined)
    try {
      const result = await api<{ lead: Lead }>(`/admin/api/leads/${lead.id}/calls`, {
        method: 'POST',
        body: { outcome },
      })
      setAnswer({ tone: 'success', text: `«\u00a0${label}\u00a0» enregistré pour ${who}.` })
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
        <Fact term="Téléphone">
          <a href={telHref(lead.telephone)} className="font-medium text-blue-800 underline">
            {phoneText(lead.telephone)}
          </a>
        </Fact>
        <Fact term="Email">
          <a href={`mailto:${lead.email}`} className="break-all text-blue-800 underline">
            {lead.email}
          </a>
        </Fact>
        <Fact term="Reçue le">{dateTime(lead.receivedAt)}</Fact>
        <Fact term="Origine">{origin(lead)}</Fact>
        <Fact term="Rappel souhaité">{lead.callback?.label}</Fact>
        <Fact term="Simulation">
          {lead.simulation && <Simulation simulation={lead.simulation} />}
        </Fact>
        <Fact term="Appels restants">
          {closedForGood
            ? '0'
            : `${standing.attemptsLeft} sur ${maxCallsPerWindow} (30 derniers jours)`}
        </Fact>
        <Fact term="À appeler avant le">{dateTime(standing.deadline)}</Fact>
        <Fact term="Dernier appel">
          {standing.lastCall &&
            `${dateTime(standing.lastCall.at)} (${callOutcomeLabels[standing.lastCall.outcome]})`}
        </Fact>
      </dl>
      {standing.reasonText && (
        <p className="mt-3 rounded-md bg-slate-100 p-2 text-sm text-slate-900">
          <strong>{'Ne pas appeler\u00a0: '}</strong>
          {standing.reasonText}
        </p>
      )}
      <div
        role="group"
        aria-label={`Résultat de l’appel à ${who}`}
        className="mt-3 flex flex-wrap gap-2"
      >
        {outcomes.map(({ outcome, label }) => {
          const allowed = outcome === 'ne_plus_appeler' ? !closedForGood : callable
          return (
            <button
              key={outcome}
              type="button"
              disabled={busy || !allowed}
              className={outcome === 'joint' ? buttonClass.primary : buttonClass.secondary}
              onClick={() => void record(outcome, label)}
            >
              {label}
            </button>
          )
        })}
        <button
          type="button"
          aria-expanded={open}
          aria-controls={`${id}-history`}
          className={`${buttonClass.secondary} ml-auto`}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? 'Masquer l’historique' : 'Historique et livraisons'}
        </button>
      </div>
      {answer && (
        <div className="mt-2">
          <Message tone={answer.tone}>{answer.text}</Message>
        </div>
      )}
      <div id={`${id}-history`} hidden={!open}>
        {open && <LeadHistory key={standing.calls} lead={lead} who={who} />}
      </div>
    </article>
  )
}
