/**
 * A page's first script, tiny on purpose: it starts the download of the page's interactive code
 * (named by its own `data-after-paint` attribute) only once the page has painted, so that on a
 * slow connection that download never competes with the HTML for the first paint. Everything on
 * the page reads and works before that: calls to action are links, the FAQ is native, and text
 * typed in the form is kept.
 */
const loader = document.querySelector<HTMLScriptElement>('script[data-after-paint]')
let started = false

function start(): void {
  const src = loader?.dataset.afterPaint
  if (started || !src) return
  started = true
  const script = document.createElement('script')
  script.type = 'module'
  script.src = src
  document.head.append(script)
}

// The browser reports its first contentful paint; animation frames would fire before it.
try {
  new PerformanceObserver(() => setTimeout(start)).observe({ type: 'paint', buffered: true })
} catch {
  requestAnimationFrame(() => setTimeout(start))
}
// Background tabs do not paint, and old browsers may not report it: start anyway.
setTimeout(start, 1_000)
