import type { DeliveryEntry } from '../../common/back-office/screens-api'
import { deliveryTableCopy as copy } from '../copy/delivery-table'
import { dateTime } from '../format'
import { ReplayButton } from './replay-button'
import { ColumnHeads } from './ui'

export type DeliveryRow = DeliveryEntry & { who?: string }

const stateLook: Record<DeliveryEntry['state'], string> = {
  delivered: 'bg-green-100 text-green-900',
  pending: 'bg-amber-100 text-amber-900',
  parked: 'bg-red-100 text-red-900',
  cancelled: 'bg-slate-200 text-slate-800',
}

/**
 * Deliveries as a table that scrolls sideways on a phone: destination, state, attempts, the
 * last error, and the replay of a parked one.
 */
export function DeliveryTable({
  caption,
  deliveries,
  withPerson,
  onReplayed,
}: {
  caption: string
  deliveries: readonly DeliveryRow[]
  withPerson: boolean
  onReplayed: () => void
}) {
  return (
    <div
      className="relative overflow-x-auto rounded-lg bg-white ring-1 ring-slate-200"
      tabIndex={0}
      role="region"
      aria-label={caption}
    >
      <table className="min-w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <ColumnHeads
          columns={[
            ...(withPerson ? [{ label: copy.columns.person }] : []),
            { label: copy.columns.destination },
            { label: copy.columns.state },
            { label: copy.columns.attempts },
            { label: copy.columns.lastError },
            { label: copy.columns.since },
            { label: <span className="sr-only">{copy.columns.action}</span> },
          ]}
        />
        <tbody className="divide-y divide-slate-200">
          {deliveries.map((delivery) => (
            <tr key={`${delivery.leadId}:${delivery.destination}:${delivery.event}`}>
              {withPerson && (
                <td className="px-3 py-2 font-medium text-slate-900">{delivery.who}</td>
              )}
              <th scope="row" className="px-3 py-2 font-medium text-slate-900">
                {delivery.destinationLabel}
                {delivery.event !== 'lead' && (
                  <span className="block text-xs font-normal text-slate-700">
                    {delivery.eventLabel}
                  </span>
                )}
              </th>
              <td className="px-3 py-2">
                <span
                  className={`rounded px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${stateLook[delivery.state]}`}
                >
                  {delivery.stateLabel}
                </span>
              </td>
              <td className="px-3 py-2">{delivery.attempts}</td>
              <td className="max-w-xs px-3 py-2 break-words text-slate-800">
                {delivery.lastError ?? '—'}
              </td>
              <td className="px-3 py-2 whitespace-nowrap">
                {dateTime(delivery.doneAt ?? delivery.createdAt)}
              </td>
              <td className="px-3 py-2">
                {delivery.state === 'parked' && (
                  <ReplayButton
                    delivery={delivery}
                    who={delivery.who ?? copy.thisLead}
                    onReplayed={onReplayed}
                  />
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
