import { useEffect, useRef } from 'react'
import type { DeliveryStatus } from '../../common/back-office/screens-api'
import { deliveryBannerCopy as copy } from '../copy/delivery-banner'
import { Link } from '../router'
import { useApi } from '../use-api'

const refreshMs = 60_000

/**
 * Above every screen, when a delivery is parked or the oldest pending one waits for more than
 * 10 minutes: a lead may not have reached the broker's tools. Asked again on each screen and
 * every minute.
 */
export function DeliveryBanner({ pathname }: { pathname: string }) {
  const status = useApi<DeliveryStatus>('/admin/api/status')
  const { reload } = status
  const shownOn = useRef(pathname)
  useEffect(() => {
    // The first answer is on its way already; a new screen asks again.
    if (shownOn.current !== pathname) reload()
    shownOn.current = pathname
    const timer = setInterval(reload, refreshMs)
    return () => clearInterval(timer)
  }, [pathname, reload])

  const alert = status.data?.alert
  return (
    <div role="status" className="empty:hidden">
      {alert && (
        <div className="border-b border-red-200 bg-red-50">
          <p className="mx-auto max-w-6xl px-4 py-2 text-sm text-red-900">
            <strong>{copy.title}</strong>
            {alert}{' '}
            {pathname !== '/admin/livraisons' && (
              <Link href="/admin/livraisons" className="font-semibold underline">
                {copy.seeDeliveries}
              </Link>
            )}
          </p>
        </div>
      )}
    </div>
  )
}
