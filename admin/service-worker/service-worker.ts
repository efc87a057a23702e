/**
 * The back-office's service worker, served at /admin/sw.js: it shows each pushed notification and
 * opens the lead's card when the advisor taps it. It caches nothing, so no lead is ever kept on
 * the phone outside the login, and it has no fetch handler, so every page comes from the relay.
 */
import { backOfficeUrl, pushedNotification } from './pushed-notification'

// The worker's own types, written out: the DOM's and the WebWorker's libraries cannot both be in
// the one TypeScript program the project checks.
interface WindowClient {
  url: string
  focus(): Promise<WindowClient>
  navigate(url: string): Promise<WindowClient | null>
}
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void
}
interface PushEvent extends ExtendableEvent {
  data: { text(): string } | null
}
interface NotificationEvent extends ExtendableEvent {
  notification: Notification
}
interface ServiceWorkerScope {
  location: Location
  registration: ServiceWorkerRegistration
  clients: {
    claim(): Promise<void>
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClient[]>
    openWindow(url: string): Promise<WindowClient | null>
  }
  skipWaiting(): Promise<void>
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void
  addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void
}

const worker = self as unknown as ServiceWorkerScope
const origin = worker.location.origin

// A new version takes over at once: there is no cache whose versions could disagree.
worker.addEventListener('install', () => void worker.skipWaiting())
worker.addEventListener('activate', (event) => event.waitUntil(worker.clients.claim()))

worker.addEventListener('push', (event) => {
  const { title, options } = pushedNotification(event.data?.text(), origin)
  event.waitUntil(worker.registration.showNotification(title, options))
})

/** The back-office's open window, brought forward on the card; a new one if none is open. */
async function openCard(url: string): Promise<void> {
  const windows = await worker.clients.matchAll({ type: 'window', includeUncontrolled: true })
  const open = windows.find((client) => backOfficeUrl(client.url, origin) === client.url)
  if (open) {
    // Focus needs the tap's user activation; without it the window is still moved to the card.
    await open.focus().catch(() => undefined)
    const moved = await open.navigate(url).catch(() => null)
    if (moved) return
  }
  await worker.clients.openWindow(url)
}

worker.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const data = event.notification.data as { url?: unknown } | null
  event.waitUntil(openCard(backOfficeUrl(data?.url, origin)))
})
