/**
 * Client-side navigation between the screens with the History API: the server serves the same
 * page at every screen's path, so a link changes the address and the screen without a reload,
 * and the back button works.
 */
import { useSyncExternalStore, type AnchorHTMLAttributes, type MouseEvent } from 'react'

const listeners = new Set<() => void>()

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  window.addEventListener('popstate', listener)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('popstate', listener)
  }
}

export function usePathname(): string {
  return useSyncExternalStore(subscribe, () => window.location.pathname)
}

export function navigate(href: string): void {
  window.history.pushState(null, '', href)
  for (const listener of listeners) listener()
}

/** A link that navigates in the page, yet opens a new tab on a middle or modified click. */
export function Link({
  href,
  onClick,
  ...props
}: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event)
    const modified = event.metaKey || event.ctrlKey || event.shiftKey || event.altKey
    if (event.defaultPrevented || event.button !== 0 || modified) return
    event.preventDefault()
    navigate(href)
  }
  return <a href={href} onClick={follow} {...props} />
}
