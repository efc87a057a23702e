/**
 * A person's requests on their card (server/storage/persons.ts: an email or a phone shared within
 * 30 days): when there are several, the card says the newest is a repeat ("2ᵉ demande de …") and
 * lists each one, newest first, with its time, estimate, origin and the consent wording the
 * visitor ticked. Folded, so that a card in the list stays short on a phone.
 */
import type { LeadCard as Lead, PersonRequest } from '../../common/back-office/screens-api'
import { displayPhone } from '../../common/phone'
import { leadCardCopy } from '../copy/lead-card'
import { personRequestsCopy as copy } from '../copy/person-requests'
import { dateTime } from '../format'

function Request({ request, lead }: { request: PersonRequest; lead: Lead }) {
  const { simulation } = request
  // The card shows one phone and one email: another request's are named where they differ.
  const contact = [
    request.telephone !== lead.telephone ? displayPhone(request.telephone) : undefined,
    request.email !== lead.email ? request.email : undefined,
  ].filter(Boolean)
  return (
    <li className="border-l-2 border-slate-300 pl-3">
      <p className="font-medium text-slate-900">
        {dateTime(request.receivedAt)}
        {request.id === lead.requests[0]?.id && (
          <span className="text-slate-700">{` (${copy.current})`}</span>
        )}
        {request.consentWithdrawnAt && (
          <span className="text-red-800">{` – ${copy.withdrawn}`}</span>
        )}
      </p>
      <p className="text-slate-900">
        {simulation
          ? leadCardCopy.savings(simulation.economie_min, simulation.economie_max)
          : copy.noEstimate}
        {' – '}
        {leadCardCopy.originText(request.origin)}
      </p>
      {contact.length > 0 && (
        <p className="break-all text-slate-900">
          {copy.contact}
          {'\u00a0: '}
          {contact.join(', ')}
        </p>
      )}
      <p className="text-slate-700">
        {copy.consent}
        {'\u00a0: '}
        {copy.quoted(request.consentText)}
      </p>
    </li>
  )
}

export function PersonRequests({ lead }: { lead: Lead }) {
  const { requests } = lead
  if (requests.length < 2) return null
  return (
    <div className="mt-3 rounded-md bg-amber-50 p-2 text-sm ring-1 ring-amber-200">
      <p className="font-semibold text-amber-950">
        {copy.repeat(requests.length, `${lead.prenom} ${lead.nom}`)}
      </p>
      <details className="mt-1">
        <summary className="cursor-pointer py-1 text-blue-800 underline">
          {copy.list(requests.length)}
        </summary>
        <ol className="mt-2 space-y-2">
          {requests.map((request) => (
            <Request key={request.id} request={request} lead={lead} />
          ))}
        </ol>
      </details>
    </div>
  )
}
