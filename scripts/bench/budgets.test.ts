import { describe, expect, it } from 'vitest'
import { brokenBudgets, budgets, median, missedTargets, type RouteFigures } from './budgets'

function figures(overrides: Partial<RouteFigures> = {}): RouteFigures {
  return {
    path: '/',
    scores: { performance: 100, accessibility: 100, bestPractices: 100, seo: 100 },
    metrics: { fcp: 700, lcp: 700, tbt: 0, cls: 0, speedIndex: 700 },
    bytes: { html: 10_000, js: 60_000, css: 0, images: 0, fonts: 0, other: 0, total: 70_000 },
    requests: 2,
    thirdPartyRequests: 0,
    renderBlocking: [],
    ...overrides,
  }
}

const withinBytes = { javascriptGzip: 69 * 1024, cssGzip: 5 * 1024 }

describe('brokenBudgets', () => {
  it('is empty when every budget holds', () => {
    expect(brokenBudgets([figures()], withinBytes)).toEqual([])
  })

  it('names each broken budget', () => {
    const broken = brokenBudgets(
      [
        figures({
          scores: { performance: 97, accessibility: 99, bestPractices: 100, seo: 92 },
          metrics: { fcp: 700, lcp: 700, tbt: 0, cls: 0.01, speedIndex: 700 },
          thirdPartyRequests: 1,
          renderBlocking: ['/a.css'],
          bytes: {
            html: 14_601,
            js: 0,
            css: 0,
            images: 0,
            fonts: 0,
            other: 0,
            total: 150 * 1024 + 1,
          },
        }),
      ],
      { javascriptGzip: budgets.landing.javascriptGzip + 1, cssGzip: budgets.landing.cssGzip + 1 },
    )
    expect(broken).toEqual([
      '/: accessibility 99 < 100',
      '/: SEO 92 < 100',
      '/: CLS 0.01 > 0',
      '/: 1 request(s) to another host',
      '/: render-blocking /a.css',
      `/: page weight ${150 * 1024 + 1} B > ${150 * 1024} B`,
      '/: HTML 14601 B > 14600 B, more than one simulated round trip',
      `/: JavaScript ${74 * 1024 + 1} B gzip > ${74 * 1024} B`,
      `/: CSS ${12 * 1024 + 1} B gzip > ${12 * 1024} B`,
    ])
  })

  it('applies the page-weight and HTML budgets to the landing page only', () => {
    const heavy = { html: 20_000, js: 0, css: 0, images: 0, fonts: 0, other: 0, total: 200 * 1024 }
    expect(
      brokenBudgets([figures({ path: '/mentions-legales', bytes: heavy })], withinBytes),
    ).toEqual([])
  })
})

describe('missedTargets', () => {
  const floor = figures({ path: '/bench-floor.html', metrics: { ...figures().metrics, lcp: 600 } })

  it('is empty when the scores reach 98 and the landing LCP is within 10 % of the floor', () => {
    const landing = figures({
      scores: { ...figures().scores, performance: 98 },
      metrics: { ...figures().metrics, lcp: 660 },
    })
    expect(missedTargets([landing], floor)).toEqual([])
  })

  it('names a low performance score and an LCP too far above the floor', () => {
    const landing = figures({
      scores: { ...figures().scores, performance: 95 },
      metrics: { ...figures().metrics, lcp: 661 },
    })
    const legal = figures({
      path: '/mentions-legales',
      scores: { ...figures().scores, performance: 97 },
    })
    expect(missedTargets([landing, legal], floor)).toEqual([
      '/: performance 95 < 98',
      '/mentions-legales: performance 97 < 98',
      "/: LCP 661 ms is 10.2 % above the floor's 600 ms (target 10 %)",
    ])
  })

  it('leaves the timing targets out of the budgets that break a run', () => {
    const slow = figures({
      scores: { ...figures().scores, performance: 50 },
      metrics: { ...figures().metrics, lcp: 5_000 },
    })
    expect(brokenBudgets([slow], withinBytes)).toEqual([])
  })
})

describe('median', () => {
  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([3, 1, 2])).toBe(2)
    expect(median([4, 1, 3, 2])).toBe(2.5)
  })
})
