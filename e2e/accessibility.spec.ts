import { test, expect } from './support/fixtures'
import { expectNoSeriousA11yViolations } from './support/axe'

const pages = ['/', '/mentions-legales', '/politique-confidentialite', '/page-inconnue']

test.describe('accessibility', () => {
  test.use({ expectedConsoleErrors: /404/, bypassCSP: true })

  for (const path of pages) {
    test(`${path} has no serious or critical axe violation`, async ({ page }) => {
      await page.goto(path)
      await expectNoSeriousA11yViolations(page)
    })

    test(`${path} has landmarks, one h1 and headings in order`, async ({ page }) => {
      await page.goto(path)
      await expect(page.getByRole('banner')).toHaveCount(1)
      await expect(page.getByRole('main')).toHaveCount(1)
      await expect(page.getByRole('contentinfo')).toHaveCount(1)
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1)
      const levels = await page
        .locator('h1, h2, h3, h4, h5, h6')
        .evaluateAll((headings) => headings.map((heading) => Number(heading.tagName.slice(1))))
      for (let index = 1; index < levels.length; index += 1) {
        expect(
          levels[index]! - levels[index - 1]!,
          `heading ${index} skips a level`,
        ).toBeLessThanOrEqual(1)
      }
    })
  }

  test('the landing page on a 360 px phone has no serious violation', async ({ browser }) => {
    const context = await browser.newContext({
      viewport: { width: 360, height: 640 },
      isMobile: true,
      bypassCSP: true,
    })
    const page = await context.newPage()
    await page.goto('/')
    await expectNoSeriousA11yViolations(page)
    await context.close()
  })

  test('the landing page with the FAQ open and the form in error has no serious violation', async ({
    page,
  }) => {
    await page.goto('/')
    await page.locator('#faq summary').first().click()
    const email = page.getByLabel('Email', { exact: true })
    await email.fill('pas-un-email')
    await email.blur()
    await expect(email).toHaveAttribute('aria-invalid', 'true')
    await expectNoSeriousA11yViolations(page)
  })

  test('keyboard focus is visible on links, fields, checkbox and FAQ', async ({ page }) => {
    await page.goto('/')
    const focusRing = () =>
      page.evaluate(() => {
        const focused = document.activeElement as HTMLElement
        const style = getComputedStyle(focused)
        return {
          tag: focused.tagName,
          outlineStyle: style.outlineStyle,
          outlineWidth: parseFloat(style.outlineWidth),
        }
      })
    await page.keyboard.press('Tab')
    expect(await focusRing()).toEqual({ tag: 'A', outlineStyle: 'solid', outlineWidth: 3 })
    await page.getByLabel('Nom', { exact: true }).focus()
    await page.keyboard.press('Shift+Tab')
    await page.keyboard.press('Tab')
    expect(await focusRing()).toEqual({ tag: 'INPUT', outlineStyle: 'solid', outlineWidth: 3 })
    await page.getByRole('checkbox').focus()
    await page.keyboard.press('Shift+Tab')
    await page.keyboard.press('Tab')
    expect(await focusRing()).toEqual({ tag: 'INPUT', outlineStyle: 'solid', outlineWidth: 3 })
    await page.locator('#faq summary').first().focus()
    await page.keyboard.press('Shift+Tab')
    await page.keyboard.press('Tab')
    expect(await focusRing()).toEqual({ tag: 'SUMMARY', outlineStyle: 'solid', outlineWidth: 3 })
  })
})
