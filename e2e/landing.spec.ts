import type { Page } from '@playwright/test'
import { test, expect } from './support/fixtures'
import { activityCounter } from '../src/content/activity-counter'
import { faqItems } from '../src/content/faq'
import {
  faqSection,
  finalCta,
  formSection as formCopy,
  freeGuarantee,
  hero,
  howItWorks,
  rightsAndActivity,
  trust,
} from '../src/content/landing'
import { siteConfig } from '../common/site-config/site-config'

const formSection = '#simulation-form'

test.describe('landing page content', () => {
  test('sections come in the order of the specification', async ({ page }) => {
    await page.goto('/')
    const headings = await page
      .locator('main > section > * h2, main > section h1')
      .allTextContents()
    const order = [
      hero.title,
      formCopy.title,
      howItWorks.title,
      trust.title,
      freeGuarantee.title,
      faqSection.title,
      rightsAndActivity.title,
      finalCta.title,
    ]
    expect(headings.map((text) => text.trim())).toEqual(order)
    await expect(page.locator('main > section').nth(1)).toHaveAttribute('id', 'simulation-form')
    await expect(page.locator('body > footer')).toBeVisible()
  })

  test('the pitch reads as the specification states it', async ({ page }) => {
    await page.goto('/')
    const heroSection = page.locator('main > section').first()
    await expect(heroSection).toContainText('jusqu’à 15 000 €')
    await expect(heroSection).toContainText('0 € à payer')
    await expect(heroSection).toContainText('Simulation gratuite en 60 secondes')
    await expect(heroSection).toContainText('Sans engagement')
    await expect(heroSection).toContainText('sous 48 h')
  })

  test('the simulation form shows its fields and submit button', async ({ page }) => {
    await page.goto('/')
    const form = page.locator(formSection)
    for (const label of ['Nom', 'Prénom', 'Email', 'Téléphone']) {
      await expect(form.getByLabel(label, { exact: true })).toBeVisible()
    }
    await expect(form.getByRole('checkbox')).not.toBeChecked()
    await expect(
      form.getByRole('button', { name: 'Recevoir ma simulation gratuite' }),
    ).toBeVisible()
  })

  test('how it works has three steps', async ({ page }) => {
    await page.goto('/')
    const steps = page.locator('#comment-ca-marche ol > li')
    await expect(steps).toHaveCount(3)
    for (const [index, step] of howItWorks.steps.entries()) {
      await expect(steps.nth(index).getByRole('heading', { level: 3 })).toHaveText(step.title)
    }
  })

  test('trust shows the configured partners’ logos and each review with its own rating and date', async ({
    page,
  }) => {
    await page.goto('/')
    const section = page.locator('#confiance')
    const { partners, testimonials } = siteConfig
    const logos = section.locator('img')
    await expect(logos).toHaveCount(partners.length)
    for (const partner of partners) {
      const logo = section.getByRole('img', { name: partner.alt, exact: true })
      await logo.scrollIntoViewIfNeeded()
      await expect(logo).toHaveAttribute('src', partner.logo)
      // Loaded, and drawn inside its fixed box whatever the file's own size.
      await expect
        .poll(() =>
          logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth),
        )
        .toBeGreaterThan(0)
      expect(await logo.boundingBox()).toMatchObject({ height: 40 })
    }
    await expect(section).toContainText(/Avis contrôlés|aucune procédure de contrôle/)
    await expect(section).toContainText('classés du plus récent au plus ancien')
    const cards = section.locator('figure')
    await expect(cards).toHaveCount(testimonials.length)
    const newestFirst = [...testimonials].sort((a, b) => b.date.localeCompare(a.date))
    for (const [index, testimonial] of newestFirst.entries()) {
      const card = cards.nth(index)
      await expect(
        card.getByRole('img', { name: `Note\u00a0: ${testimonial.rating} sur 5` }),
      ).toBeVisible()
      await expect(card.locator('blockquote')).toContainText(testimonial.text)
      await expect(card.locator('figcaption')).toContainText(testimonial.name)
      await expect(card.locator('figcaption')).toContainText(testimonial.collection)
      await expect(card.locator(`time[datetime="${testimonial.date}"]`)).toBeVisible()
      await expect(card.locator('figcaption [aria-hidden="true"]')).toHaveText(
        testimonial.name.charAt(0),
      )
    }
  })

  test('the free-guarantee block has its button', async ({ page }) => {
    await page.goto('/')
    await expect(
      page.locator('#gratuit').getByRole('link', { name: 'Je vérifie mon économie' }),
    ).toBeVisible()
  })

  test('the footer shows the CNIL and RGPD badges and links to both legal pages', async ({
    page,
  }) => {
    await page.goto('/')
    const footer = page.getByRole('contentinfo')
    await expect(footer.getByText('CNIL', { exact: true })).toBeVisible()
    await expect(footer.getByText('RGPD', { exact: true })).toBeVisible()
    await footer.getByRole('link', { name: 'Mentions légales' }).click()
    await expect(page).toHaveURL('/mentions-legales')
    await page.goBack()
    await page
      .getByRole('contentinfo')
      .getByRole('link', { name: 'Politique de confidentialité' })
      .click()
    await expect(page).toHaveURL('/politique-confidentialite')
  })
})

test.describe('calls to action', () => {
  const ctaLabels = [hero.cta, freeGuarantee.cta, finalCta.cta]

  /** Clicks the link, then records the scroll position on every frame until it settles. */
  async function clickAndTrackScroll(page: Page, label: string) {
    return page.evaluate(async (name) => {
      const link = [...document.querySelectorAll<HTMLAnchorElement>('a')].find(
        (a) => a.textContent?.trim() === name,
      )
      if (!link) throw new Error(`No call to action "${name}"`)
      link.scrollIntoView({ behavior: 'instant', block: 'center' })
      const start = window.scrollY
      const target = Math.round(
        document.querySelector('#simulation-form')!.getBoundingClientRect().top + start,
      )
      link.click()
      // A jump to an anchor happens within the click; a smooth scroll only starts with it.
      const afterClick = Math.round(window.scrollY)
      const positions: number[] = []
      const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve))
      for (let frame = 0; frame < 120; frame += 1) {
        await nextFrame()
        const y = Math.round(window.scrollY)
        if (positions.at(-1) !== y) positions.push(y)
      }
      const distinct = positions.filter((y) => y !== Math.round(start))
      return { start, target, afterClick, distinct }
    }, label)
  }

  test('every call to action points at the form', async ({ page }) => {
    await page.goto('/')
    const links = page.locator('a[href="#simulation-form"]')
    await expect(links).toHaveCount(ctaLabels.length)
    for (const label of ctaLabels) {
      await expect(page.getByRole('link', { name: label })).toHaveAttribute(
        'href',
        '#simulation-form',
      )
    }
  })

  for (const label of ctaLabels) {
    test(`"${label}" scrolls smoothly to the form`, async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'no-preference' })
      await page.goto('/')
      const { start, target, afterClick, distinct } = await clickAndTrackScroll(page, label)
      expect(Math.abs(distinct.at(-1)! - target)).toBeLessThanOrEqual(20)
      // Not counted in frames: a loaded machine may draw a short smooth scroll in one or two.
      expect(afterClick, 'the page has not jumped during the click').toBe(Math.round(start))
      await expect(page.locator(formSection)).toBeInViewport({ ratio: 0.3 })
    })

    test(`"${label}" jumps at once when the visitor prefers reduced motion`, async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' })
      await page.goto('/')
      const { target, afterClick, distinct } = await clickAndTrackScroll(page, label)
      expect(Math.abs(afterClick - target), 'the page jumped during the click').toBeLessThanOrEqual(
        20,
      )
      expect(distinct).toHaveLength(1)
      expect(Math.abs(distinct[0]! - target)).toBeLessThanOrEqual(20)
    })
  }
})

test.describe('FAQ', () => {
  const questions = faqItems.map((item) => item.question)

  test('has the three questions, all closed at first, with the facts of the loi Lemoine', async ({
    page,
  }) => {
    await page.goto('/')
    const faq = page.locator('#faq')
    await expect(faq.locator('summary')).toHaveText(questions)
    await expect(faq.locator('details[open]')).toHaveCount(0)
    const answers = await faq.locator('details').allTextContents()
    expect(answers[0]).toContain('loi n°\u00a02022-270 du 28 février 2022')
    expect(answers[0]).toContain('1er juin 2022')
    expect(answers[0]).toContain('1er septembre 2022')
    expect(answers[0]).toContain('garanties équivalentes')
    expect(answers[2]).toContain('10 jours ouvrés')
    expect(answers[2]).toMatch(/refus doit être motivé/)
  })

  test('opens one item at a time with the mouse', async ({ page }) => {
    await page.goto('/')
    const faq = page.locator('#faq')
    for (const [index, question] of questions.entries()) {
      await faq.getByText(question).click()
      await expect(faq.locator('details').nth(index)).toHaveAttribute('open', '')
      await expect(faq.locator('details[open]')).toHaveCount(1)
      await expect(faq.locator('details').nth(index).locator('p').first()).toBeVisible()
    }
    await faq.getByText(questions[2]!).click()
    await expect(faq.locator('details[open]')).toHaveCount(0)
  })

  test('opens one item at a time with the keyboard', async ({ page }) => {
    await page.goto('/')
    const summaries = page.locator('#faq summary')
    await summaries.nth(0).focus()
    await page.keyboard.press('Enter')
    await expect(page.locator('#faq details').nth(0)).toHaveAttribute('open', '')
    await page.keyboard.press('Tab')
    await expect(summaries.nth(1)).toBeFocused()
    await page.keyboard.press('Space')
    await expect(page.locator('#faq details').nth(1)).toHaveAttribute('open', '')
    await expect(page.locator('#faq details[open]')).toHaveCount(1)
  })
})

test.describe('activity counter', () => {
  test('starts at 31 and rises by 0, 1 or 2 every 30 seconds, without moving the page', async ({
    page,
  }) => {
    await page.clock.install()
    await page.addInitScript(() => {
      const state = window as unknown as { __randoms: number[] }
      state.__randoms = []
      Math.random = () => state.__randoms.shift() ?? 0
    })
    await page.goto('/')
    // Freeze time: from here on only fastForward moves it.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000)
    const count = page.getByTestId('activity-count')
    await expect(count).toHaveText(String(activityCounter.start))
    await count.scrollIntoViewIfNeeded()
    // Measured within its section: the sections around it are drawn as they near the screen,
    // and the scroll may be adjusted meanwhile, which moves everything in the viewport at once.
    const sentenceBox = () =>
      page.locator('#vos-droits').evaluate((section) => {
        const sentence = [...section.querySelectorAll('p')].at(-1)
        if (!sentence) return null
        const [box, origin] = [sentence.getBoundingClientRect(), section.getBoundingClientRect()]
        return { x: box.x - origin.x, y: box.y - origin.y, width: box.width, height: box.height }
      })
    const boxBefore = await sentenceBox()
    expect(boxBefore).not.toBeNull()

    const setRandoms = (values: number[]) =>
      page.evaluate(
        (next) => ((window as unknown as { __randoms: number[] }).__randoms = next),
        values,
      )

    // The page hydrated a few (real) seconds ago at most, so its first tick is 20 to 30 s away.
    await setRandoms([0.99])
    await page.clock.fastForward(20_000)
    await expect(count).toHaveText('31')
    await page.clock.fastForward(10_000)
    await expect(count).toHaveText('33')

    await setRandoms([0.1])
    await page.clock.fastForward(30_000)
    await expect(count).toHaveText('33')

    await setRandoms([0.5])
    await page.clock.fastForward(30_000)
    await expect(count).toHaveText('34')

    // Up to three digits fit in the box: reaching 100 must not move the sentence around it.
    await setRandoms(Array.from({ length: 40 }, () => 0.99))
    await page.clock.runFor(30_000 * 40)
    await expect(count).toHaveText('114')
    expect(await sentenceBox()).toEqual(boxBefore)
  })

  test('makes no network request when it ticks', async ({ page }) => {
    await page.clock.install()
    // The page's own code arrives after the first paint, on a timer the fake clock also drives:
    // let it load (and the page view leave) before listening.
    const landingCode = page.waitForResponse(/\/assets\/landing-/)
    await page.goto('/')
    await page.clock.runFor(1_500)
    await landingCode
    await page.waitForLoadState('networkidle')
    const requests: string[] = []
    page.on('request', (request) => requests.push(request.url()))
    await page.clock.fastForward(30_000 * 3)
    expect(requests).toEqual([])
  })
})

/** Whether the first element of `selector` is drawn: content skipped by content-visibility is not. */
function drawn(page: Page, selector: string) {
  return page
    .locator(selector)
    .first()
    .evaluate((element) => element.checkVisibility({ contentVisibilityAuto: true }))
}

test.describe('phone screen', () => {
  test.use({
    viewport: { width: 360, height: 640 },
    isMobile: true,
    hasTouch: true,
    expectedConsoleErrors: /404/,
  })

  for (const path of ['/', '/mentions-legales', '/politique-confidentialite', '/page-inconnue']) {
    test(`${path} fits in 360 px without horizontal scrolling`, async ({ page }) => {
      test.info().annotations.push({ type: 'viewport', description: '360x640' })
      await page.goto(path)
      const overflow = await page.evaluate(() => {
        const wide = [...document.querySelectorAll('body *')]
          .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
          .map((element) => element.tagName + (element.id ? `#${element.id}` : ''))
        return { scrollWidth: document.documentElement.scrollWidth, wide }
      })
      expect(overflow).toEqual({ scrollWidth: 360, wide: [] })
    })
  }

  test('the sections below the simulation are drawn only near the screen, and scrolling down moves nothing in view', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      const shifts: number[] = []
      Object.assign(window, { layoutShifts: shifts })
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          shifts.push((entry as unknown as { value: number }).value)
      }).observe({ type: 'layout-shift', buffered: true })
    })
    await page.goto('/')
    expect(await drawn(page, '#simulation-form h2')).toBe(true)
    expect(await drawn(page, '#faq h2')).toBe(false)
    expect(await drawn(page, 'footer ul')).toBe(false)

    const bottom = await page.evaluate(() => document.documentElement.scrollHeight)
    for (let y = 0; y < bottom; y += 200) {
      await page.evaluate((top) => {
        window.scrollTo({ top, behavior: 'instant' })
        return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
      }, y)
    }
    await page.evaluate(() =>
      window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }),
    )
    await expect.poll(() => drawn(page, 'footer ul')).toBe(true)
    expect(await drawn(page, '#faq h2')).toBe(true)
    expect(
      await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts),
    ).toEqual([])
  })

  test('a printed page has every section drawn', async ({ page }) => {
    await page.goto('/')
    await page.emulateMedia({ media: 'print' })
    for (const selector of ['#faq h2', 'footer ul']) {
      expect(await drawn(page, selector), selector).toBe(true)
    }
  })

  test('the form section starts on the first screen of a phone', async ({ page }) => {
    await page.goto('/')
    const top = await page
      .locator(formSection)
      .evaluate((element) => element.getBoundingClientRect().top)
    expect(top).toBeLessThan(640)
    await expect(page.locator(formSection).getByRole('heading', { level: 2 })).toBeInViewport()
  })
})
