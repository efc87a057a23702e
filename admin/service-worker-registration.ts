/**
 * The app registers its service worker once an advisor is logged in: it is what shows the
 * pushed notifications, and a phone offers to install the app only with one.
 */
import { serviceWorkerPath, webAppScope } from '../common/back-office/web-app'

export function serviceWorkerSupported(): boolean {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator
}

/** The registration, or `undefined` where the browser has no service workers (or refuses one). */
export async function registerServiceWorker(): Promise<ServiceWorkerRegistration | undefined> {
  if (!serviceWorkerSupported()) return undefined
  try {
    return await navigator.serviceWorker.register(serviceWorkerPath, { scope: webAppScope })
  } catch {
    // Private browsing and some managed browsers refuse one: the back-office works without it.
    return undefined
  }
}
