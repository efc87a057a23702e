import { useEffect, useRef, useState, type ReactNode } from 'react'
import { adminCopy } from './admin-copy'
import { adminLoginPath, adminScreens } from '../common/back-office/back-office-routes'
import type { AdminUser } from './admin-user'
import { api, ApiError, endSession } from './api'
import { DeliveryBanner } from './components/delivery-banner'
import { Link } from './router'

/**
 * Every screen's frame: a skip link, the header with the account and the logout, the navigation,
 * and the screen's heading, which takes the focus after each navigation so that a screen reader
 * announces the new screen and the keyboard starts from it.
 */
export function AdminLayout({
  user,
  pathname,
  title,
  children,
}: {
  user: AdminUser
  pathname: string
  title: string
  children: ReactNode
}) {
  const heading = useRef<HTMLHeadingElement>(null)
  const firstScreen = useRef(true)
  const [logoutError, setLogoutError] = useState<string>()

  useEffect(() => {
    document.title = `${title} · ${adminCopy.appName}`
    if (firstScreen.current) firstScreen.current = false
    else heading.current?.focus()
  }, [pathname, title])

  async function logout() {
    try {
      await api('/admin/api/logout', { method: 'POST' })
      endSession()
      window.location.assign(adminLoginPath)
    } catch (error) {
      setLogoutError(error instanceof ApiError ? error.message : String(error))
    }
  }

  return (
    <div className="min-h-screen">
      <a
        href="#contenu"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-10 focus:rounded focus:bg-white focus:px-4 focus:py-2 focus:text-blue-800"
      >
        {adminCopy.skipLink}
      </a>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-3">
          <p className="font-bold text-slate-900">{adminCopy.appName}</p>
          <div className="flex flex-wrap items-center gap-3 text-sm">
            <p className="text-slate-700">
              {adminCopy.loggedInAs} <span className="font-medium break-all">{user.email}</span>
            </p>
            <button
              type="button"
              onClick={() => void logout()}
              className="rounded-md border border-slate-400 px-3 py-1.5 font-medium text-slate-900 hover:bg-slate-100"
            >
              {adminCopy.logout}
            </button>
          </div>
        </div>
        {logoutError && (
          <p role="alert" className="mx-auto max-w-6xl px-4 pb-2 text-sm text-red-700">
            {logoutError}
          </p>
        )}
        <nav aria-label={adminCopy.navigation} className="mx-auto max-w-6xl px-4">
          <ul className="flex flex-wrap gap-x-1">
            {adminScreens.map((screen) => {
              const current = screen.path === pathname.replace(/(.)\/+$/, '$1')
              return (
                <li key={screen.id}>
                  <Link
                    href={screen.path}
                    aria-current={current ? 'page' : undefined}
                    className={`block border-b-4 px-3 py-2 text-sm font-medium whitespace-nowrap ${
                      current
                        ? 'border-blue-700 text-blue-800'
                        : 'border-transparent text-slate-700 hover:text-slate-900'
                    }`}
                  >
                    {screen.label}
                  </Link>
                </li>
              )
            })}
          </ul>
        </nav>
      </header>
      <DeliveryBanner pathname={pathname} />
      <main id="contenu" tabIndex={-1} className="mx-auto max-w-6xl px-4 py-6">
        <h1 ref={heading} tabIndex={-1} className="mb-4 text-2xl font-bold text-slate-900">
          {title}
        </h1>
        {children}
      </main>
    </div>
  )
}
