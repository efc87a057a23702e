import type { DeliveryEntry, DeliveryStatus } from '../../common/back-office/screens-api'
import { DeliveryTable } from '../components/delivery-table'
import { buttonClass, Message } from '../components/ui'
import { deliveriesScreenCopy as copy } from '../copy/deliveries-screen'
import { count } from '../format'
import { useApi } from '../use-api'

type Undone = DeliveryEntry & { nom: string; prenom: string }

/**
 * What has not reached its destination yet: parked deliveries first (a permanent refusal, or
 * failures for too long), each with its last error and a replay, then the pending ones.
 */
export function DeliveriesScreen() {
  const list = useApi<{ deliveries: Undone[] }>('/admin/api/deliveries')
  const status = useApi<DeliveryStatus>('/admin/api/status')
  const reload = () => {
    list.reload()
    status.reload()
  }
  const deliveries = list.data?.deliveries ?? []

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">{copy.intro}</p>
      {status.data && (
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          <div className="rounded-lg bg-white p-3 ring-1 ring-slate-200">
            <dt className="text-sm text-slate-700">{copy.parked}</dt>
            <dd className="text-2xl font-bold text-slate-900">{count(status.data.parked)}</dd>
          </div>
          <div className="rounded-lg bg-white p-3 ring-1 ring-slate-200">
            <dt className="text-sm text-slate-700">{copy.pending}</dt>
            <dd className="text-2xl font-bold text-slate-900">{count(status.data.pending)}</dd>
          </div>
        </dl>
      )}
      <button type="button" className={buttonClass.secondary} onClick={reload}>
        {copy.refresh}
      </button>
      {list.error && <Message tone="error">{list.error}</Message>}
      {list.data &&
        (deliveries.length === 0 ? (
          <Message tone="success">{copy.allDelivered}</Message>
        ) : (
          <DeliveryTable
            caption={copy.tableCaption}
            deliveries={deliveries.map((delivery) => ({
              ...delivery,
              who: `${delivery.prenom} ${delivery.nom}`,
            }))}
            withPerson
            onReplayed={reload}
          />
        ))}
    </div>
  )
}
