/**
 * This device's notifications: whether the browser can receive them, and turning them on (the
 * permission, the push service's subscription, then the relay told) and off. The relay's side is
 * `/admin/api/push-subscriptions`.
 */
import type { PushSubscriptionEntry } from '../common/back-office/screens-api'
import { api } from './api'
import { registerServiceWorker, serviceWorkerSupported } from './service-worker-registration'

export type PushSupport = 'supported' | 'iosHomeScreen' | 'unsupported'

/** Why turning notifications on failed, for the screen to say it in French. */
export class PushRefusal extends Error {
  override name = 'PushRefusal'
  constructor(readonly reason: 'denied' | 'dismissed' | 'unsupported' | 'pushService') {
    super(reason)
  }
}

const isAppleMobile = () =>
  /iPhone|iPad|iPod/.test(navigator.userAgent) ||
  // iPadOS says it is a Mac; a Mac has no touch screen.
  (/Macintosh/.test(navigator.userAgent) && navigator.maxTouchPoints > 1)

const installed = () =>
  window.matchMedia('(display-mode: standalone)').matches ||
  (navigator as Navigator & { standalone?: boolean }).standalone === true

/** On iPhone and iPad, only an app added to the home screen (iOS 16.4+) may receive pushes. */
export function pushSupport(): PushSupport {
  const capable = serviceWorkerSupported() && 'PushManager' in window && 'Notification' in window
  if (isAppleMobile() && !installed()) return 'iosHomeScreen'
  return capable ? 'supported' : 'unsupported'
}

export function permissionDenied(): boolean {
  return 'Notification' in window && Notification.permission === 'denied'
}

/** The VAPID key as the browser wants it: bytes, not base64url. */
export function applicationServerKey(publicKey: string): Uint8Array<ArrayBuffer> {
  const base64 = publicKey.replace(/-/g, '+').replace(/_/g, '/')
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='))
  return Uint8Array.from(binary, (character) => character.charCodeAt(0))
}

async function pushManager(): Promise<PushManager> {
  const registration = await registerServiceWorker()
  if (!registration) throw new PushRefusal('unsupported')
  return registration.pushManager
}

/** This browser's subscription's address, if it has one. */
export async function currentEndpoint(): Promise<string | undefined> {
  if (pushSupport() !== 'supported') return undefined
  const subscription = await (await pushManager()).getSubscription().catch(() => null)
  return subscription?.endpoint
}

async function subscribe(manager: PushManager, publicKey: string): Promise<PushSubscription> {
  const options = { userVisibleOnly: true, applicationServerKey: applicationServerKey(publicKey) }
  try {
    return await manager.subscribe(options)
  } catch (failure) {
    // A subscription made with another server key (the keys were changed) blocks a new one.
    const old = await manager.getSubscription().catch(() => null)
    if (!old) throw failure
    await old.unsubscribe()
    return manager.subscribe(options)
  }
}

/** Asks the permission (the caller is the advisor's tap), subscribes, and tells the relay. */
export async function turnOn(publicKey: string): Promise<PushSubscriptionEntry> {
  if (pushSupport() !== 'supported') throw new PushRefusal('unsupported')
  const permission = await Notification.requestPermission()
  if (permission === 'denied') throw new PushRefusal('denied')
  if (permission !== 'granted') throw new PushRefusal('dismissed')
  const manager = await pushManager()
  let subscription: PushSubscription
  try {
    subscription = await subscribe(manager, publicKey)
  } catch {
    throw new PushRefusal('pushService')
  }
  return api<PushSubscriptionEntry>('/admin/api/push-subscriptions', {
    method: 'POST',
    body: subscription.toJSON(),
  })
}

/** Forgets a device on the relay; this one's subscription is ended at its push service too. */
export async function turnOff(endpoint: string): Promise<void> {
  if (pushSupport() === 'supported') {
    const subscription = await (await pushManager()).getSubscription().catch(() => null)
    if (subscription?.endpoint === endpoint) await subscription.unsubscribe().catch(() => false)
  }
  await api('/admin/api/push-subscriptions', { method: 'DELETE', body: { endpoint } })
}
