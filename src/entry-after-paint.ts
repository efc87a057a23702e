/**
 * The landing page's first script, inlined in its HTML and tiny on purpose: it does what needs no
 * framework (the activity counter, the FAQ fallback, the focus a call to action gives the estimate) and records the ad click's page view
 * (SPEC §7) as soon as the page has painted, with the time the visitor arrived,
 * to the address in its `data-page-view` attribute, and only then starts the download of the
 * interactive code (named by its `data-after-paint` attribute), so that on a slow connection that download never competes with the HTML for the
 * first paint. Everything on the page reads and works before that: calls to action are links,
 * the FAQ is native, and text typed in the form is kept.
 * In builds served by the relay, its `data-funnel` attribute names where the funnel's steps are
 * counted (issue 12): `view` at that same moment, then the first input and the first estimate.
 */
import { startActivityCounter } from '@/features/activity/start-activity-counter'
import { focusOnArrival } from '@/features/call-to-action/focus-on-arrival'
import { enhanceFaqGroups } from '@/features/faq/exclusive-details'
import { startFunnelReports } from '@/features/funnel/report-funnel'
import { sendPageView } from '@/features/page-view/send-page-view'

const arrivedAt = new Date()
const loader = document.querySelector<HTMLScriptElement>('script[data-after-paint]')
let started = false
const funnelEndpoint = loader?.dataset.funnel
const reportStep =
  funnelEndpoint && startFunnelReports(document, funnelEndpoint, window.location.search)

enhanceFaqGroups(document)
startActivityCounter(document)
focusOnArrival(document)

function start(): void {
  const src = loader?.dataset.afterPaint
  if (started || !src) return
  started = true
  const pageViewEndpoint = loader?.dataset.pageView
  if (pageViewEndpoint) sendPageView(pageViewEndpoint, window.location.search, arrivedAt)
  if (reportStep) reportStep('view')
  const script = document.createElement('script')
  script.type = 'module'
  script.src = src
  document.head.append(script)
}

// A long page is painted in parts as it is parsed: the code waits for the whole document and the
// frame after it, so that it never delays the paint of the first screen's last part (the largest
// text there may be below the hero). The browser reports its first contentful paint; animation
// frames alone would fire before it.
let painted = false
let parsed = false
const startWhenShown = () => {
  if (painted && parsed) requestAnimationFrame(() => setTimeout(start))
}
try {
  new PerformanceObserver(() => {
    painted = true
    startWhenShown()
  }).observe({ type: 'paint', buffered: true })
} catch {
  painted = true
}
if (document.readyState === 'complete') parsed = true
else
  window.addEventListener(
    'load',
    () => {
      parsed = true
      startWhenShown()
    },
    { once: true },
  )
startWhenShown()
// Background tabs do not paint, and old browsers may not report it: start anyway.
setTimeout(start, 1_000)
