import type { Page } from '@playwright/test'
import { test, expect } from './support/fixtures'
import { receivedRequests } from './support/leads'
import { variantUrl, webhookOrigin } from './support/ports'

const pageViewUrl = `${webhookOrigin}/page-view`

function pageViewRequests(page: Page): string[] {
  const seen: string[] = []
  page.on('request', (request) => {
    if (request.url() === pageViewUrl) seen.push(request.method())
  })
  return seen
}

async function pageViewsFor(uid: string) {
  const all = await receivedRequests('/page-view')
  return all.filter(
    (request) =>
      request.method === 'POST' && (request.json as { uid?: string } | undefined)?.uid === uid,
  )
}

test.describe('page-view event', () => {
  test('a landing visit with a uid sends one no-cors page_view with the uid and click time', async ({
    page,
  }) => {
    const uid = `fb-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`
    const before = Date.now()
    await page.goto(`/?uid=${encodeURIComponent(uid)}&utm_source=facebook`)
    await expect.poll(async () => (await pageViewsFor(uid)).length).toBe(1)
    const [request] = await pageViewsFor(uid)
    expect(request!.headers['sec-fetch-mode']).toBe('no-cors')
    const body = request!.json as Record<string, unknown>
    expect(Object.keys(body).sort()).toEqual(['clicked_at_iso8601', 'event', 'uid'])
    expect(body.event).toBe('page_view')
    expect(body.uid).toBe(uid)
    expect(Date.parse(body.clicked_at_iso8601 as string)).toBeGreaterThanOrEqual(before - 1_000)
    expect(body.clicked_at_iso8601).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
    // The visitor never waits for it, and nothing else is sent later.
    await page.waitForTimeout(500)
    expect(await pageViewsFor(uid)).toHaveLength(1)
  })

  test('a landing visit without a uid sends nothing', async ({ page }) => {
    const seen = pageViewRequests(page)
    await page.goto('/?utm_source=facebook')
    await page.waitForLoadState('networkidle')
    expect(seen).toEqual([])
  })

  test('an empty uid sends nothing', async ({ page }) => {
    const seen = pageViewRequests(page)
    await page.goto('/?uid=')
    await page.waitForLoadState('networkidle')
    expect(seen).toEqual([])
  })

  for (const path of ['/mentions-legales', '/politique-confidentialite']) {
    test(`${path} sends nothing, even with a uid`, async ({ page }) => {
      const seen = pageViewRequests(page)
      await page.goto(`${path}?uid=legal-page`)
      await page.waitForLoadState('networkidle')
      expect(seen).toEqual([])
    })
  }

  test('without a webhook configured, the event goes to the site’s own /api/page-views', async ({
    page,
  }) => {
    const answered = page.waitForResponse(
      (response) => response.url() === variantUrl('relay', '/api/page-views'),
    )
    await page.goto(variantUrl('relay', '/?uid=relay-visit'))
    const response = await answered
    expect(response.request().method()).toBe('POST')
    expect(response.request().postDataJSON()).toMatchObject({
      event: 'page_view',
      uid: 'relay-visit',
    })
  })

  test.describe('when the webhook fails', () => {
    test.use({ expectedConsoleErrors: /Failed to load resource|ERR_EMPTY_RESPONSE/ })

    test('the failure is ignored and the page works', async ({ page, consoleErrors }) => {
      await page.goto('/?uid=Coupure')
      await page.waitForLoadState('networkidle')
      await expect.poll(async () => (await pageViewsFor('Coupure')).length).toBeGreaterThan(0)
      expect(
        consoleErrors.filter((text) => !/Failed to load resource|ERR_EMPTY_RESPONSE/.test(text)),
      ).toEqual([])
      await page.getByLabel('Nom', { exact: true }).fill('Martin')
      await expect(page.getByLabel('Nom', { exact: true })).toHaveValue('Martin')
    })
  })
})
