import type { BrowserContext, Page } from '@playwright/test'

/** Hosts the real pixel talks to. Nothing on this machine reaches them: the tests answer for them. */
export const metaHosts = ['connect.facebook.net', 'www.facebook.com']

/**
 * What the stand-in for Meta's fbevents.js does: takes over the queueing `fbq` the site created,
 * records every call in `window.__metaCalls`, sends each event to facebook.com/tr as the real
 * script does, and sets the `_fbp` cookie.
 */
const standInScript = `(() => {
  const fbq = window.fbq
  const calls = (window.__metaCalls = window.__metaCalls || [])
  const send = (args) => {
    calls.push(args)
    if (args[0] === 'track') {
      const eventId = args[3] && args[3].eventID ? '&eid=' + encodeURIComponent(args[3].eventID) : ''
      new Image().src = 'https://www.facebook.com/tr?ev=' + encodeURIComponent(args[1]) + eventId
    }
  }
  fbq.callMethod = (...args) => send(args)
  fbq.queue.splice(0).forEach(send)
  document.cookie = '_fbp=fb.1.0.stand-in; path=/; max-age=7776000'
})()`

/** Answers Meta's hosts from inside the test, and lists every request made to them. */
export async function standInForMeta(context: BrowserContext): Promise<{ requests: string[] }> {
  const requests: string[] = []
  context.on('request', (request) => {
    if (metaHosts.includes(new URL(request.url()).hostname)) requests.push(request.url())
  })
  await context.route('https://connect.facebook.net/**', (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript', body: standInScript }),
  )
  await context.route('https://www.facebook.com/**', (route) =>
    route.fulfill({ status: 204, body: '' }),
  )
  return { requests }
}

export async function metaCalls(page: Page): Promise<unknown[][]> {
  return page.evaluate(() => (window as unknown as { __metaCalls?: unknown[][] }).__metaCalls ?? [])
}
