/**
 * Loads Meta's pixel once the visitor accepted, and stops it when they withdraw. The queueing
 * `fbq` function below follows the interface Meta's `fbevents.js` expects to find (queue,
 * callMethod, loaded, version): calls made before the script arrives are replayed by it.
 */
export const metaPixelScriptUrl = 'https://connect.facebook.net/en_US/fbevents.js'

type Fbq = ((...args: unknown[]) => void) & {
  callMethod?: (...args: unknown[]) => void
  queue: unknown[][]
  push: Fbq
  loaded: boolean
  version: string
}

export function loadMetaPixel(pixelId: string, win: Window = window): void {
  if (win.fbq) return
  const fbq = ((...args: unknown[]) => {
    if (fbq.callMethod) fbq.callMethod(...args)
    else fbq.queue.push(args)
  }) as Fbq
  fbq.queue = []
  fbq.push = fbq
  fbq.loaded = true
  fbq.version = '2.0'
  win.fbq = fbq
  win._fbq = fbq

  // Accepted again after a withdrawal on this same page: Meta's script must hear the new grant.
  // It runs again from the cache on the new tag and takes over the new queue.
  const regranted = win.document.querySelector(`script[src="${metaPixelScriptUrl}"]`) !== null
  const script = win.document.createElement('script')
  script.async = true
  script.src = metaPixelScriptUrl
  win.document.head.append(script)

  if (regranted) fbq('consent', 'grant')
  fbq('init', pixelId)
  fbq('track', 'PageView')
}

/** Stops every further event, and deletes the pixel's first-party cookies. */
export function stopMetaPixel(win: Window = window): void {
  win.fbq?.('consent', 'revoke')
  // Without `window.fbq` the site fires nothing more (SPEC §4: only where the pixel exists).
  delete win.fbq
  delete win._fbq
  const host = win.location.hostname
  for (const name of ['_fbp', '_fbc']) {
    for (const domain of [
      '',
      `; domain=${host}`,
      `; domain=.${host.split('.').slice(-2).join('.')}`,
    ]) {
      win.document.cookie = `${name}=; Max-Age=0; path=/${domain}`
    }
  }
}
