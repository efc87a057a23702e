import { test, expect } from './support/fixtures'
import { variantUrl } from './support/ports'
import { budgets } from '../scripts/bench/budgets'
import { measureLandingBytes } from '../scripts/bench/landing-bytes'

/**
 * Byte budgets of issue 6, on the default build (no webhook, no pixel) as the server sends it.
 * Bytes do not depend on the machine's speed, so unlike Lighthouse scores they are asserted here.
 */
test.describe('byte budgets', () => {
  const site = (path: string) => variantUrl('relay', path)

  test('the landing page stays within its JavaScript, CSS and weight budgets', async ({
    page,
    request,
  }) => {
    const scripts: string[] = []
    let transferred = 0
    page.on('requestfinished', async (finished) => {
      const url = new URL(finished.url())
      if (finished.resourceType() === 'script') scripts.push(url.pathname)
      transferred += (await finished.sizes()).responseBodySize
    })
    // The landing code is fetched after the first paint: wait for it, not for an idle network.
    const landingCode = page.waitForEvent(
      'requestfinished',
      (finished) => finished.resourceType() === 'script',
    )
    await page.goto(site('/'))
    await landingCode
    await page.waitForLoadState('networkidle')
    expect(scripts.length).toBeGreaterThan(0)

    const html = await (await request.get(site('/'))).text()
    const landing = await measureLandingBytes(html, scripts, async (path) => {
      const response = await request.get(site(path), { headers: { 'Accept-Encoding': 'gzip' } })
      expect(response.headers()['content-encoding']).toBe('gzip')
      return Number(response.headers()['content-length'])
    })
    test
      .info()
      .annotations.push({ type: 'bytes', description: JSON.stringify({ ...landing, transferred }) })
    expect(landing.javascriptGzip).toBeLessThanOrEqual(budgets.landing.javascriptGzip)
    expect(landing.cssGzip).toBeLessThanOrEqual(budgets.landing.cssGzip)
    expect(transferred).toBeLessThanOrEqual(budgets.landing.totalTransfer)
  })

  test('the landing HTML fits in the first round trip of the simulated network', async ({
    page,
  }) => {
    const response = await page.goto(site('/'))
    expect(response?.headers()['content-encoding']).toBe('br')
    const sizes = await response!.request().sizes()
    const transferred = sizes.responseHeadersSize + sizes.responseBodySize
    test.info().annotations.push({ type: 'html bytes', description: String(transferred) })
    expect(transferred).toBeLessThanOrEqual(budgets.landing.htmlTransfer)
  })

  test('the first paint needs nothing but the HTML', async ({ request }) => {
    const html = await (await request.get(site('/'))).text()
    const head = html.slice(0, html.indexOf('</head>'))
    expect(head).not.toMatch(/<link[^>]+rel="stylesheet"/)
    expect(head).not.toMatch(/<script(?![^>]*type="module")[^>]*\ssrc=/)
    // The landing script's URL is only named in a data attribute, fetched after the first paint
    // (by the loader at the end of the body).
    expect(html).not.toMatch(/<script[^>]*\ssrc="\/assets\/landing-/)
    expect(html).toMatch(/<script type="module" data-after-paint="\/assets\/landing-[^"]+\.js"/)
    // Not in the head: the browser compiles an inline module where it meets it, and in the head
    // that falls inside the first screen's parse (docs/benchmarks.md).
    expect(head).not.toContain('data-after-paint')
    expect(head).not.toMatch(
      /<link[^>]+href="\/(?!\/)[^"]+"[^>]*rel="(icon|preload|modulepreload)"/,
    )
  })

  test('the first screen sets its text in two weights, regular and bold', async ({ page }) => {
    // Each weight is a face of its own for the browser to find and measure before the first
    // paint: a third one cost the landing page about 30 ms of simulated LCP (docs/benchmarks.md).
    await page.setViewportSize({ width: 412, height: 823 })
    await page.goto(site('/'))
    const weights = await page.evaluate(() => {
      const found = new Set<string>()
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
      for (let text = walker.nextNode(); text; text = walker.nextNode()) {
        const element = text.parentElement
        if (!element || !text.textContent?.trim() || element.closest('.below-fold')) continue
        found.add(getComputedStyle(element).fontWeight)
      }
      return [...found].sort()
    })
    expect(weights).toEqual(['400', '700'])
  })

  for (const path of ['/mentions-legales', '/politique-confidentialite']) {
    test(`${path} ships no JavaScript`, async ({ page }) => {
      const scripts: string[] = []
      page.on('request', (sent) => {
        if (sent.resourceType() === 'script') scripts.push(sent.url())
      })
      await page.goto(site(path))
      await page.waitForLoadState('networkidle')
      expect(scripts).toEqual([])
      expect(await page.locator('script').count()).toBe(0)
    })
  }
})
