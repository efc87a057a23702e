/**
 * The back-office's screens, once: the server serves the app at these paths (and a 404 at any
 * other), the app builds its navigation and picks its screen from them.
 */
export interface AdminScreen {
  id: string
  path: `/admin${string}`
  /** Its name in the navigation. */
  label: string
  /** Its heading and the page's title. */
  title: string
}

export const adminScreens = [
  { id: 'calls', path: '/admin', label: 'Appels', title: 'Appels à passer' },
  { id: 'deliveries', path: '/admin/livraisons', label: 'Livraisons', title: 'Livraisons' },
  { id: 'funnel', path: '/admin/entonnoir', label: 'Entonnoir', title: 'Entonnoir par campagne' },
  {
    id: 'personalData',
    path: '/admin/donnees',
    label: 'Données personnelles',
    title: 'Données personnelles',
  },
  {
    id: 'notifications',
    path: '/admin/notifications',
    label: 'Notifications',
    title: 'Notifications sur cet appareil',
  },
] as const satisfies readonly AdminScreen[]

export type AdminScreenId = (typeof adminScreens)[number]['id']

export const adminLoginPath = '/admin/login'
/** The login page saying that the session ended, where an ended session leads. */
export const expiredSessionPath = `${adminLoginPath}?session=expiree`

/** The screen at `pathname` (a trailing slash allowed), or `undefined`. */
export function screenAt(pathname: string): (typeof adminScreens)[number] | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  return adminScreens.find((screen) => screen.path === path)
}

/**
 * One lead's card, where a notification, the alert email and an escalation lead the advisor:
 * `/admin/demandes/<lead id>`. Behind the login like every screen.
 */
export const leadCardPathPrefix = '/admin/demandes/'

export function leadCardPath(leadId: string): string {
  return `${leadCardPathPrefix}${encodeURIComponent(leadId)}`
}

/** A lead's id as the relay writes it (a UUID): what a card's address may hold, nothing else. */
const leadIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The lead whose card is at `pathname` (a trailing slash allowed), or `undefined`. */
export function leadIdAt(pathname: string): string | undefined {
  if (!pathname.startsWith(leadCardPathPrefix)) return undefined
  const id = pathname.slice(leadCardPathPrefix.length).replace(/\/+$/, '')
  return leadIdPattern.test(id) ? id.toLowerCase() : undefined
}
