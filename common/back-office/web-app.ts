/**
 * The back-office as an installable web app: where its manifest, service worker and icons are
 * served. The build writes them (scripts/build-admin.ts), the relay serves them without a login
 * (a browser fetches a manifest without cookies, and none holds anything personal), the app
 * links and registers them.
 */

/**
 * `/admin` itself and every path below it. A scope of `/admin/` would leave out `/admin`, the
 * calls screen the app opens on, so the service worker's scope is wider than its folder: the
 * relay allows it with `Service-Worker-Allowed`.
 */
export const webAppScope = '/admin'
export const webAppManifestPath = '/admin/manifest.webmanifest'
export const serviceWorkerPath = '/admin/sw.js'

export const webAppIcons = [
  { file: 'icon-192.png', size: 192, purpose: 'any' },
  { file: 'icon-512.png', size: 512, purpose: 'any' },
  { file: 'icon-maskable-512.png', size: 512, purpose: 'maskable' },
] as const

/** The small monochrome picture Android shows in the status bar beside a notification. */
export const notificationBadge = { file: 'badge-96.png', size: 96 } as const

export const webAppIconsPrefix = '/admin/icons/'

export const iconPath = (file: string): string => `${webAppIconsPrefix}${file}`
