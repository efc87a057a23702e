import { test, expect } from './support/fixtures'
import { expectNoSeriousA11yViolations } from './support/axe'
import { fillLead, leadRequestsFor, submitButton, uniqueLead } from './support/leads'
import { metaCalls, standInForMeta } from './support/meta-stand-in'
import { samplePixelId, variantUrl } from './support/ports'
import { consentCopy, consentVersion } from '../src/content/consent'
import { consentStorageKey } from '../src/features/consent/consent-choice'

const pixelSite = (path = '/') => variantUrl('pixel', path)

test.describe('without a pixel id', () => {
  test('no banner, no cookie, nothing stored, no consent code downloaded', async ({
    page,
    context,
  }) => {
    const scripts: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
    })
    for (const path of ['/', '/mentions-legales', '/politique-confidentialite']) {
      await page.goto(path)
      await expect(page.getByRole('region', { name: consentCopy.title })).toHaveCount(0)
      await expect(page.getByRole('button', { name: consentCopy.manageLink })).toHaveCount(0)
    }
    await page.goto('/')
    await fillLead(page, uniqueLead())
    expect(await context.cookies()).toEqual([])
    expect(
      await page.evaluate(() => ({ local: localStorage.length, session: sessionStorage.length })),
    ).toEqual({ local: 0, session: 0 })
    expect(scripts.filter((path) => !/^\/assets\/landing-[\w-]+\.js$/.test(path))).toEqual([])
    await page.goto('/politique-confidentialite')
    await expect(page.getByRole('main')).toContainText('ne dépose aucun cookie')
  })
})

test.describe('with a pixel id', () => {
  test('first visit: the banner asks, with two equal choices, and nothing reaches Meta meanwhile', async ({
    page,
    context,
  }) => {
    const meta = await standInForMeta(context)
    await page.goto(pixelSite('/'))
    const banner = page.getByRole('region', { name: consentCopy.title })
    await expect(banner).toBeVisible()
    await expect(banner).toBeFocused()
    await expect(banner).toContainText('Meta')
    await expect(banner.getByRole('link', { name: consentCopy.privacyLink })).toHaveAttribute(
      'href',
      '/politique-confidentialite',
    )
    const accept = banner.getByRole('button', { name: consentCopy.accept })
    const refuse = banner.getByRole('button', { name: consentCopy.refuse })
    const [acceptBox, refuseBox] = [await accept.boundingBox(), await refuse.boundingBox()]
    expect(acceptBox!.width).toBeCloseTo(refuseBox!.width, 0)
    expect(acceptBox!.height).toBeCloseTo(refuseBox!.height, 0)
    const style = (locator: typeof accept) =>
      locator.evaluate((element) => {
        const { fontWeight, fontSize, color, backgroundColor, borderColor } =
          getComputedStyle(element)
        return { fontWeight, fontSize, color, backgroundColor, borderColor }
      })
    expect(await style(accept)).toEqual(await style(refuse))

    // Scrolling, reading the FAQ and filling the form all happen without Meta.
    await page.mouse.wheel(0, 2_000)
    await page.locator('#faq summary').first().click()
    await fillLead(page, uniqueLead())
    await page.goto(pixelSite('/mentions-legales'))
    await expect(page.getByRole('region', { name: consentCopy.title })).toBeVisible()
    expect(meta.requests).toEqual([])
    expect(await context.cookies()).toEqual([])
  })

  for (const [how, act] of [
    [
      '"Tout refuser"',
      (page: import('@playwright/test').Page) =>
        page.getByRole('button', { name: consentCopy.refuse }).click(),
    ],
    [
      'closing the banner',
      (page: import('@playwright/test').Page) =>
        page.getByRole('button', { name: consentCopy.close }).click(),
    ],
    ['Escape', (page: import('@playwright/test').Page) => page.keyboard.press('Escape')],
  ] as const) {
    test(`refusing by ${how} keeps Meta away, across reloads and a successful lead`, async ({
      page,
      context,
    }) => {
      const meta = await standInForMeta(context)
      await page.goto(pixelSite('/'))
      await expect(page.getByRole('region', { name: consentCopy.title })).toBeFocused()
      await act(page)
      await expect(page.getByRole('region', { name: consentCopy.title })).toBeHidden()
      const stored = await page.evaluate(
        (key) => JSON.parse(localStorage.getItem(key) ?? 'null'),
        consentStorageKey,
      )
      expect(stored).toMatchObject({ accepted: false, version: consentVersion })
      expect(Date.now() - Date.parse(stored.date)).toBeLessThan(60_000)

      await page.reload()
      await expect(page.getByRole('region', { name: consentCopy.title })).toBeHidden()
      const lead = uniqueLead()
      await fillLead(page, lead)
      await submitButton(page).click()
      await expect(page.getByText('Votre demande est enregistrée.')).toBeVisible()
      const [request] = await leadRequestsFor(lead.email)
      expect(request!.json).not.toHaveProperty('event_id')
      expect(meta.requests).toEqual([])
      expect(await context.cookies()).toEqual([])
    })
  }

  test('accepting loads the pixel: init, PageView, then Lead with the payload’s event_id', async ({
    page,
    context,
  }) => {
    const meta = await standInForMeta(context)
    await page.goto(pixelSite('/'))
    await page.getByRole('button', { name: consentCopy.accept }).click()
    await expect(page.getByRole('region', { name: consentCopy.title })).toBeHidden()
    await expect
      .poll(() => metaCalls(page))
      .toEqual([
        ['init', samplePixelId],
        ['track', 'PageView'],
      ])
    expect(meta.requests[0]).toBe('https://connect.facebook.net/en_US/fbevents.js')

    const lead = uniqueLead()
    await fillLead(page, lead)
    await submitButton(page).click()
    await expect(page.getByText('Votre demande est enregistrée.')).toBeVisible()
    const [request] = await leadRequestsFor(lead.email)
    const eventId = (request!.json as { event_id?: string }).event_id
    expect(eventId).toBeTruthy()
    expect((await metaCalls(page)).at(-1)).toEqual(['track', 'Lead', {}, { eventID: eventId }])
    await expect
      .poll(() =>
        meta.requests.some((url) => url.includes('ev=Lead') && url.includes(`eid=${eventId}`)),
      )
      .toBe(true)
  })

  test('the choice survives a reload, and the pixel loads again by itself', async ({
    page,
    context,
  }) => {
    const meta = await standInForMeta(context)
    await page.goto(pixelSite('/'))
    await page.getByRole('button', { name: consentCopy.accept }).click()
    await page.reload()
    await expect(page.getByRole('region', { name: consentCopy.title })).toBeHidden()
    await expect
      .poll(() => metaCalls(page))
      .toEqual([
        ['init', samplePixelId],
        ['track', 'PageView'],
      ])
    expect(meta.requests.filter((url) => url.endsWith('fbevents.js'))).toHaveLength(2)
  })

  test('the footer link reopens the choice, moves focus to it and back; withdrawal stops the pixel', async ({
    page,
    context,
  }) => {
    const meta = await standInForMeta(context)
    await page.goto(pixelSite('/'))
    await page.getByRole('button', { name: consentCopy.accept }).click()
    await expect.poll(() => metaCalls(page)).toHaveLength(2)
    expect((await context.cookies()).map((cookie) => cookie.name)).toContain('_fbp')

    const manage = page
      .getByRole('contentinfo')
      .getByRole('button', { name: consentCopy.manageLink })
    await manage.focus()
    await page.keyboard.press('Enter')
    const banner = page.getByRole('region', { name: consentCopy.title })
    await expect(banner).toBeVisible()
    await expect(banner).toBeFocused()
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    await expect(banner.getByRole('button', { name: consentCopy.refuse })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(banner).toBeHidden()
    await expect(manage).toBeFocused()

    expect((await metaCalls(page)).at(-1)).toEqual(['consent', 'revoke'])
    expect(await page.evaluate(() => 'fbq' in window)).toBe(false)
    expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('_fbp')

    const before = meta.requests.length
    await fillLead(page, uniqueLead())
    await submitButton(page).click()
    await expect(page.getByText('Votre demande est enregistrée.')).toBeVisible()
    await page.reload()
    expect(meta.requests.length).toBe(before)

    // Changing one's mind again, on a later page, grants anew.
    await manage.click()
    await banner.getByRole('button', { name: consentCopy.accept }).click()
    await expect
      .poll(() => metaCalls(page))
      .toEqual([
        ['init', samplePixelId],
        ['track', 'PageView'],
      ])

    // And on the same page: withdraw, then accept again; Meta's script hears a new grant.
    await manage.click()
    await banner.getByRole('button', { name: consentCopy.refuse }).click()
    await manage.click()
    await banner.getByRole('button', { name: consentCopy.accept }).click()
    await expect
      .poll(async () => (await metaCalls(page)).slice(-4))
      .toEqual([
        ['consent', 'revoke'],
        ['consent', 'grant'],
        ['init', samplePixelId],
        ['track', 'PageView'],
      ])
  })

  test('a choice older than 6 months, or about an older banner text, is asked again', async ({
    page,
  }) => {
    for (const stored of [
      {
        accepted: true,
        date: new Date(Date.now() - 190 * 24 * 3600 * 1000).toISOString(),
        version: consentVersion,
      },
      { accepted: false, date: new Date().toISOString(), version: '2020-01-01' },
    ]) {
      await page.goto(pixelSite('/mentions-legales'))
      await page.evaluate(
        ([key, value]) => localStorage.setItem(key!, value!),
        [consentStorageKey, JSON.stringify(stored)],
      )
      await page.reload()
      await expect(page.getByRole('region', { name: consentCopy.title })).toBeVisible()
    }
    const recent = {
      accepted: false,
      date: new Date(Date.now() - 170 * 24 * 3600 * 1000).toISOString(),
      version: consentVersion,
    }
    await page.evaluate(
      ([key, value]) => localStorage.setItem(key!, value!),
      [consentStorageKey, JSON.stringify(recent)],
    )
    await page.reload()
    await expect(page.getByRole('region', { name: consentCopy.title })).toBeHidden()
  })

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true })

    test('the banner shifts nothing and leaves the form usable', async ({ page }) => {
      await page.addInitScript(() => {
        const state = window as unknown as { __shift: number }
        state.__shift = 0
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
            state.__shift += entry.value
        }).observe({ type: 'layout-shift', buffered: true })
      })
      await page.goto(pixelSite('/'))
      const banner = page.getByRole('region', { name: consentCopy.title })
      await expect(banner).toBeVisible()
      expect((await banner.boundingBox())!.height).toBeLessThanOrEqual(640 * 0.45 + 1)
      // Both choices are on screen as the banner opens, without scrolling inside it.
      for (const name of [consentCopy.accept, consentCopy.refuse]) {
        const box = await banner
          .getByRole('button', { name })
          .evaluate((button) => button.getBoundingClientRect().toJSON())
        expect(box.top).toBeGreaterThanOrEqual(0)
        expect(box.bottom).toBeLessThanOrEqual(640)
      }
      expect(await page.evaluate(() => (window as unknown as { __shift: number }).__shift)).toBe(0)
      const lead = uniqueLead()
      await fillLead(page, lead)
      await submitButton(page).click()
      await expect(page.getByText('Votre demande est enregistrée.')).toBeVisible()
    })
  })

  test('the banner is accessible, and the privacy policy explains the pixel', async ({
    browser,
  }) => {
    // axe is injected as an inline script, which the site's policy rightly blocks.
    const context = await browser.newContext({ bypassCSP: true })
    const page = await context.newPage()
    await page.goto(pixelSite('/politique-confidentialite'))
    await expect(page.getByRole('region', { name: consentCopy.title })).toBeVisible()
    await expectNoSeriousA11yViolations(page)
    const main = page.getByRole('main')
    await expect(main).toContainText('pixel de Meta')
    await expect(main).toContainText('responsables conjoints')
    await expect(main).toContainText(
      'retirer votre consentement à tout moment avec le lien « Gestion des cookies »',
    )
  })
})
