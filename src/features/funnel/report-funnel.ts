/**
 * The landing page's funnel reports, run by the inlined loader: each step at most once per page
 * load, as one `sendBeacon` carrying the step and the address's campaign and ad, nothing else.
 * Nothing is read from or written to the browser's storage, and no cookie is involved.
 */
import {
  estimateShownEvent,
  type FunnelReport,
  type ReportedStep,
} from '../../../common/funnel-contract'

/**
 * Listens for the first input in the estimate or the lead form (both islands; delegated from the
 * document, so typing before the code is hydrated counts too) and for the estimate island's
 * signal that it shows a figure; returns the function that reports a step, for `view`. Browsers
 * fire `input` on text fields, selects and check boxes alike. A person cannot type in a field
 * before it is painted, so neither report comes before the first paint.
 */
export function startFunnelReports(
  doc: Document,
  endpoint: string,
  search: string,
): (step: ReportedStep) => void {
  const address = new URLSearchParams(search)
  const sent = new Set<ReportedStep>()
  const report = (step: ReportedStep) => {
    if (sent.has(step)) return
    sent.add(step)
    const body: FunnelReport = {
      step,
      utm_campaign: address.get('utm_campaign'),
      utm_content: address.get('utm_content'),
    }
    navigator.sendBeacon(endpoint, JSON.stringify(body))
  }
  doc.addEventListener(
    'input',
    (event) => {
      if ((event.target as Element).closest('[data-island]')) report('form_start')
    },
    true,
  )
  doc.addEventListener(estimateShownEvent, () => report('estimate'))
  return report
}
