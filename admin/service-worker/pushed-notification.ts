/**
 * What the service worker shows for a pushed message (`{ title, body, url, tag }`, written by the
 * relay's server/delivery/lead-notification.ts). A message it cannot read still shows something,
 * since a push that shows nothing is one the browser may hold against the site, and the only
 * address it ever opens is one of this back-office's own pages.
 */
import { adminScreens } from '../../common/back-office/back-office-routes'
import {
  iconPath,
  notificationBadge,
  webAppIcons,
  webAppScope,
} from '../../common/back-office/web-app'
import { adminCopy } from '../admin-copy'

export interface PushedNotification {
  title: string
  options: {
    body: string
    tag?: string
    icon: string
    badge: string
    lang: 'fr'
    /** A resent lead (an escalation) replaces its notification and rings again. */
    renotify: boolean
    data: { url: string }
  }
}

const text = (value: unknown, limit: number): string | undefined =>
  typeof value === 'string' && value.trim() ? value.trim().slice(0, limit) : undefined

/** `url` when it is a page of this back-office on `origin`, else the calls screen. */
export function backOfficeUrl(url: unknown, origin: string): string {
  const fallback = new URL(adminScreens[0].path, origin).href
  if (typeof url !== 'string') return fallback
  try {
    const target = new URL(url, origin)
    const inScope = target.pathname === webAppScope || target.pathname.startsWith(`${webAppScope}/`)
    return target.origin === origin && inScope ? target.href : fallback
  } catch {
    return fallback
  }
}

export function pushedNotification(
  payload: string | undefined,
  origin: string,
): PushedNotification {
  let message: Record<string, unknown> = {}
  try {
    const parsed: unknown = payload ? JSON.parse(payload) : {}
    if (parsed && typeof parsed === 'object') message = parsed as Record<string, unknown>
  } catch {
    // Shown as the generic notification below.
  }
  const tag = text(message.tag, 100)
  return {
    title: text(message.title, 200) ?? adminCopy.webApp.genericNotification.title,
    options: {
      body: text(message.body, 1000) ?? adminCopy.webApp.genericNotification.body,
      ...(tag ? { tag } : {}),
      icon: iconPath(webAppIcons[0].file),
      badge: iconPath(notificationBadge.file),
      lang: 'fr',
      renotify: tag !== undefined,
      data: { url: backOfficeUrl(message.url, origin) },
    },
  }
}
