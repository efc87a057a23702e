import { useEffect, useState } from 'react'
import { adminCopy } from './admin-copy'
import {
  adminLoginPath,
  adminScreens,
  leadIdAt,
  screenAt,
} from '../common/back-office/back-office-routes'
import { returnParameter, safeReturnPath } from '../common/back-office/return-path'
import type { AdminUser } from './admin-user'
import { AdminLayout } from './admin-layout'
import { api } from './api'
import { Link, navigate, usePathname } from './router'
import { screenComponents } from './screen-components'
import { LeadCardScreen } from './screens/lead-card-screen'
import { LoginScreen } from './screens/login-screen'
import { leadCardScreenCopy } from './copy/lead-card-screen'
import { registerServiceWorker } from './service-worker-registration'

/** The login page, or the screen at the address once the session's account is known. */
export function AdminApp() {
  const pathname = usePathname()
  const [user, setUser] = useState<AdminUser>()
  const [loadError, setLoadError] = useState<string>()
  const onLogin = pathname === adminLoginPath

  useEffect(() => {
    if (onLogin || user) return
    let current = true
    // A 401 sends the browser to the login page (api.ts).
    api<AdminUser>('/admin/api/session').then(
      (answer) => current && setUser(answer),
      (error: unknown) => current && setLoadError(error instanceof Error ? error.message : ''),
    )
    return () => {
      current = false
    }
  }, [onLogin, user])

  useEffect(() => {
    if (user) void registerServiceWorker()
  }, [user])

  if (onLogin) {
    return (
      <LoginScreen
        onLoggedIn={(account) => {
          setUser(account)
          // Back to the card a notification or an alert email opened before the login.
          const back = new URLSearchParams(window.location.search).get(returnParameter)
          navigate(safeReturnPath(back) ?? adminScreens[0].path)
        }}
      />
    )
  }
  if (!user) {
    return (
      <p role={loadError ? 'alert' : 'status'} className="p-6 text-slate-700">
        {loadError ?? adminCopy.loading}
      </p>
    )
  }
  const leadId = leadIdAt(pathname)
  if (leadId) {
    return (
      <AdminLayout user={user} pathname={pathname} title={leadCardScreenCopy.title}>
        <LeadCardScreen key={leadId} leadId={leadId} />
      </AdminLayout>
    )
  }
  const screen = screenAt(pathname)
  if (!screen) {
    return (
      <AdminLayout user={user} pathname={pathname} title={adminCopy.notFound.title}>
        <p className="text-slate-700">{adminCopy.notFound.text}</p>
        <Link href={adminScreens[0].path} className="mt-4 inline-block text-blue-800 underline">
          {adminCopy.notFound.back}
        </Link>
      </AdminLayout>
    )
  }
  const Screen = screenComponents[screen.id]
  return (
    <AdminLayout user={user} pathname={pathname} title={screen.title}>
      <Screen />
    </AdminLayout>
  )
}
