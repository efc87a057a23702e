import type { DeliveryEntry, DeliveryStatus } from '../../server/admin/lead-history'
import { DeliveryTable } from '../components/delivery-table'
import { buttonClass, Message } from '../components/ui'
import { count } from '../format'
import { useApi } from '../use-api'

type Undone = DeliveryEntry & { nom: string; prenom: string }

const intro =
  'Chaque demande est envoyée à chaque destination configurée (webhook, emails, Meta) et réessayée automatiquement en cas d’échec temporaire. Une livraison refusée ou en échec depuis trop longtemps est mise de côté\u00a0: corrigez la cause, puis relancez-la.'
const allDelivered = 'Tout est livré\u00a0: aucune livraison en cours ni en échec.'

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
      <p className="text-sm text-slate-700">{intro}</p>
      {status.data && (
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          <div className="rounded-lg bg-white p-3 ring-1 ring-slate-200">
            <dt className="text-sm text-slate-700">En échec, mises de côté</dt>
            <dd className="text-2xl font-bold text-slate-900">{count(status.data.parked)}</dd>
          </div>
          <div className="rounded-lg bg-white p-3 ring-1 ring-slate-200">
            <dt className="text-sm text-slate-700">En cours</dt>
            <dd className="text-2xl font-bold text-slate-900">{count(status.data.pending)}</dd>
          </div>
        </dl>
      )}
      <button type="button" className={buttonClass.secondary} onClick={reload}>
        Actualiser
      </button>
      {list.error && <Message tone="error">{list.error}</Message>}
      {list.data &&
        (deliveries.length === 0 ? (
          <Message tone="success">{allDelivered}</Message>
        ) : (
          <DeliveryTable
            caption="Livraisons en cours ou en échec"
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
