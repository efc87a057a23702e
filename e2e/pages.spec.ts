import { test, expect } from './support/fixtures'
import { routes } from '../common/routes/routes'
import { demoNotice, pageMeta, notFoundCopy } from '../src/content/pages'
import { hero } from '../src/content/landing'
import { legalNotice } from '../src/content/legal-notice'
import { privacyPolicy } from '../src/content/privacy-policy'
import { demoSite, siteConfig } from '../common/site-config/site-config'

const pages = [
  { path: '/', meta: pageMeta.home, heading: hero.title },
  { path: '/mentions-legales', meta: pageMeta.legalNotice, heading: legalNotice.title },
  {
    path: '/politique-confidentialite',
    meta: pageMeta.privacyPolicy,
    heading: privacyPolicy({
      metaPixel: false,
      audienceCounts: false,
      recipients: siteConfig.privacy,
    }).title,
  },
]

test.describe('pre-rendered pages', () => {
  for (const { path, meta, heading } of pages) {
    for (const url of path === '/' ? [path] : [path, `${path}/`]) {
      test(`${url} answers 200 with its whole content in the HTML`, async ({ request }) => {
        const response = await request.get(url)
        expect(response.status()).toBe(200)
        expect(response.headers()['content-type']).toContain('text/html')
        const html = await response.text()
        expect(html).toMatch(/^<!doctype html><html lang="fr">/)
        expect(html).toContain(`<title>${escapeHtml(meta.title)}</title>`)
        expect(html).toContain(
          `<meta name="description" content="${escapeHtml(meta.description)}"/>`,
        )
        expect(html).toContain(`<meta property="og:title" content="${escapeHtml(meta.title)}"/>`)
        expect(html).toContain('<meta property="og:description"')
        expect(html).toContain('<meta property="og:image"')
        expect(html).toMatch(
          /<link rel="icon" href="data:image\/svg\+xml,%3Csvg[^"]+" type="image\/svg\+xml"\/>/,
        )
        expect(html).toContain(escapeHtml(heading))
      })
    }
  }

  test('the page reads the same with JavaScript turned off', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    for (const { path, heading } of pages) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading)
      await expect(page.getByRole('contentinfo')).toBeVisible()
    }
    await page.goto('/')
    await expect(page.getByLabel('Nom', { exact: true })).toBeVisible()
    await expect(page.getByText(/^Puis-je vraiment changer/)).toBeVisible()
    await context.close()
  })

  test('legal pages load no script and link back home', async ({ page }) => {
    for (const path of ['/mentions-legales', '/politique-confidentialite']) {
      await page.goto(path)
      await page.waitForLoadState('networkidle')
      // What this document itself fetched (a listener on the page would also catch the script
      // the home page, left just before, fetches after its first paint).
      const scripts = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((entry) => entry as PerformanceResourceTiming)
          .filter((entry) => entry.initiatorType === 'script' || /\.m?js(\?|$)/.test(entry.name))
          .map((entry) => entry.name),
      )
      expect(scripts).toEqual([])
      expect(await page.locator('script[src]').count()).toBe(0)
      await page.getByRole('link', { name: /Retour à l’accueil/ }).click()
      await expect(page).toHaveURL('/')
    }
  })

  test('the Open Graph image exists at the address the pages give', async ({ request }) => {
    const html = await (await request.get('/')).text()
    const imageUrl = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1]
    expect(imageUrl).toBeTruthy()
    const image = await request.get(new URL(imageUrl!).pathname)
    expect(image.status()).toBe(200)
    expect(image.headers()['content-type']).toBe('image/png')
    expect((await image.body()).length).toBeGreaterThan(10_000)
  })

  test('the favicon and the sitemap are served', async ({ request }) => {
    const favicon = await request.get('/favicon.svg')
    expect(favicon.status()).toBe(200)
    expect(favicon.headers()['content-type']).toContain('image/svg+xml')
    const sitemap = await (await request.get('/sitemap.xml')).text()
    for (const route of [routes.home, routes.legalNotice, routes.privacyPolicy]) {
      expect(sitemap).toContain(`${route.path}</loc>`)
    }
  })
})

test.describe('not-found page', () => {
  test.use({ expectedConsoleErrors: /404/ })

  test('an unknown path answers 404 with the not-found page and logs an error', async ({
    page,
    consoleErrors,
  }) => {
    const response = await page.goto('/cette-page-n-existe-pas')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(notFoundCopy.title)
    await expect(page).toHaveTitle(pageMeta.notFound.title)
    await expect
      .poll(() =>
        consoleErrors.some((text) => text.includes('404: no page at /cette-page-n-existe-pas')),
      )
      .toBe(true)
    await page.getByRole('link', { name: notFoundCopy.homeLink }).click()
    await expect(page).toHaveURL('/')
  })

  test('the build has a 404.html for static hosts, marked noindex', async ({ request }) => {
    const response = await request.get('/404.html')
    const html = await response.text()
    expect(html).toContain(notFoundCopy.title)
    expect(html).toContain('<meta name="robots" content="noindex"/>')
  })
})

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#x27;')
}

test.describe('demonstration notice', () => {
  // The unknown page's 404 is logged by the browser.
  test.use({ expectedConsoleErrors: /404/ })

  test('while the configuration holds samples, every page says it is a demonstration, at its top', async ({
    page,
  }) => {
    test.skip(!demoSite, 'this build has no sample value')
    for (const path of ['/', '/mentions-legales', '/politique-confidentialite', '/page-inconnue']) {
      await page.goto(path)
      const notice = page.getByRole('banner').getByText(demoNotice.text)
      await expect(notice).toBeVisible()
      await expect(notice).toContainText('Site de démonstration')
      expect((await notice.boundingBox())!.y).toBeLessThan(80)
    }
  })
})
