// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  estimateShownEvent,
  parseFunnelReport,
  type FunnelReport,
} from '../../../common/funnel-contract'
import { startFunnelReports } from '@/features/funnel/report-funnel'

let sendBeacon: ReturnType<typeof vi.fn<(url: string, body: string) => boolean>>
let doc: Document

beforeEach(() => {
  sendBeacon = vi.fn<(url: string, body: string) => boolean>(() => true)
  Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true })
  // A fresh document per test: listeners added to one never hear another test's events.
  doc = document.implementation.createHTMLDocument()
  doc.body.innerHTML = `
    <input id="outside">
    <div data-island="savings-estimator"><fieldset><input id="amount"><select id="insured"><option>seul</option></select></fieldset></div>
    <div data-island="lead-form"><form><input id="nom"></form></div>`
})

afterEach(() => {
  Reflect.deleteProperty(navigator, 'sendBeacon')
})

const sentSteps = () =>
  sendBeacon.mock.calls.map(([url, body]) => ({
    url,
    ...(JSON.parse(body) as FunnelReport),
  }))

const type = (id: string) =>
  doc.getElementById(id)?.dispatchEvent(new Event('input', { bubbles: true }))

describe('startFunnelReports', () => {
  it('sends nothing until a step happens, then each step once, with the campaign and ad only', () => {
    const search = '?utm_source=facebook&utm_campaign=1202&utm_content=ad%209&uid=abc&fbclid=x'
    const report = startFunnelReports(doc, '/api/funnel', search)
    expect(sendBeacon).not.toHaveBeenCalled()
    report('view')
    report('view')
    type('amount')
    type('nom')
    type('insured')
    doc.dispatchEvent(new Event(estimateShownEvent))
    doc.dispatchEvent(new Event(estimateShownEvent))
    expect(sentSteps()).toEqual([
      { url: '/api/funnel', step: 'view', utm_campaign: '1202', utm_content: 'ad 9' },
      { url: '/api/funnel', step: 'form_start', utm_campaign: '1202', utm_content: 'ad 9' },
      { url: '/api/funnel', step: 'estimate', utm_campaign: '1202', utm_content: 'ad 9' },
    ])
  })

  it('counts a form start from the lead form and from a select, not from a field outside both', () => {
    startFunnelReports(doc, '/api/funnel', '')
    type('outside')
    expect(sendBeacon).not.toHaveBeenCalled()
    type('nom')
    expect(sentSteps().map((sent) => sent.step)).toEqual(['form_start'])

    sendBeacon.mockClear()
    const other = document.implementation.createHTMLDocument()
    other.body.innerHTML = doc.body.innerHTML
    startFunnelReports(other, '/api/funnel', '')
    other.getElementById('insured')?.dispatchEvent(new Event('input', { bubbles: true }))
    expect(sentSteps().map((sent) => sent.step)).toEqual(['form_start'])
  })

  it('sends what the relay accepts, with no campaign nor ad when the address has none', () => {
    const report = startFunnelReports(doc, '/api/funnel', '?uid=abc')
    report('view')
    const [[, body] = []] = sendBeacon.mock.calls
    expect(JSON.parse(body!)).toStrictEqual({ step: 'view', utm_campaign: null, utm_content: null })
    expect(parseFunnelReport(JSON.parse(body!))).toStrictEqual({
      ok: true,
      step: 'view',
      origin: { utm_campaign: '', utm_content: '' },
    })
  })
})
