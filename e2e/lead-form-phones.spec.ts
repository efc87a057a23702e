/**
 * The lead form as a visitor meets it on a phone (issue 27): the confirmation in view once sent,
 * the relay's refusals on the fields they concern, and names that cannot carry a message.
 */
import type { Page } from '@playwright/test'
import { test, expect } from './support/fixtures'
import { waitForHydration } from './support/hydration'
import { fillLead, submitButton, uniqueLead } from './support/leads'
import { variantUrl } from './support/ports'
import { estimateFields } from '../common/estimate/estimate-copy'
import { leadFormCopy } from '../common/lead/lead-form-copy'
import { leadFieldMaxLength, leadMessages } from '../common/lead/lead-schema'

const phones = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
  { width: 412, height: 915 },
]

const phishing =
  'client. URGENT : votre contrat est suspendu, regularisez sur https://phish.example/login sous 24 h'

const fieldLabels = Object.values(leadFormCopy.fields).map((field) => field.label)

const input = (page: Page, label: string) => page.getByLabel(label, { exact: true })

/** The estimate filled first, as a visitor from the ad does: the card above the form grows. */
async function fillEstimate(page: Page) {
  await waitForHydration(page, '#estimate-amount')
  await page.getByLabel(estimateFields.amount.label).fill('200000')
  await page.getByLabel(estimateFields.yearsLeft.label).fill('20')
  await page.getByLabel(estimateFields.age.label).fill('32')
  await expect(page.locator('#simulation-form').getByRole('status').first()).toContainText('€')
}

for (const viewport of phones) {
  test.describe(`lead form on a ${viewport.width} px phone`, () => {
    // Instant scrolling: where the view ends up, not the smooth animation, is under test.
    test.use({ viewport, isMobile: true, hasTouch: true, reducedMotion: 'reduce' })

    test('once sent, the confirmation’s heading is in view and focused, after the 100 ms scroll', async ({
      page,
    }) => {
      await page.clock.install()
      await page.goto('/')
      await fillEstimate(page)
      await fillLead(page, uniqueLead())
      await submitButton(page).click()
      const heading = page.getByRole('heading', { name: leadFormCopy.confirmation.title })
      await expect(heading).toBeFocused()
      // Focused without a live region's help: a heading a screen reader reads when it moves there.
      await expect(heading).toHaveAttribute('tabindex', '-1')
      await page.clock.runFor(150)
      await expect(heading).toBeInViewport({ ratio: 1 })
      const box = await heading.boundingBox()
      expect(box!.y).toBeGreaterThanOrEqual(0)
      expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height)
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
        leadFormCopy.confirmation.title,
      )
    })

    test('each field holds at most the relay’s number of characters', async ({ page }) => {
      await page.goto('/')
      for (const label of fieldLabels) {
        await expect(input(page, label)).toHaveAttribute('maxlength', String(leadFieldMaxLength))
      }
      await waitForHydration(page, '#field-nom')
      await input(page, 'Nom').fill('a'.repeat(250))
      await expect(input(page, 'Nom')).toHaveValue('a'.repeat(leadFieldMaxLength))
    })

    test('a name carrying a message is refused on the field, in French; plain names pass', async ({
      page,
    }) => {
      await page.goto('/')
      await waitForHydration(page, '#field-prenom')
      await fillLead(page, uniqueLead({ prenom: phishing }))
      await input(page, 'Prénom').blur()
      await expect(input(page, 'Prénom')).toHaveAttribute('aria-invalid', 'true')
      await expect(input(page, 'Prénom')).toHaveAccessibleDescription(leadMessages.prenomFormat)
      await expect(submitButton(page)).toBeDisabled()
      for (const value of ['www.phish.example', 'Martin 24', 'zoe@phish.example']) {
        await input(page, 'Nom').fill(value)
        await input(page, 'Nom').blur()
        await expect(input(page, 'Nom')).toHaveAccessibleDescription(leadMessages.nomFormat)
      }
      await input(page, 'Prénom').fill('Marie Ève')
      await input(page, 'Nom').fill('N’Diaye')
      await input(page, 'Nom').blur()
      await expect(input(page, 'Nom')).not.toHaveAttribute('aria-invalid')
      await expect(submitButton(page)).toBeEnabled()
    })
  })

  test.describe(`the relay's refusals on a ${viewport.width} px phone`, () => {
    test.use({
      viewport,
      isMobile: true,
      hasTouch: true,
      expectedConsoleErrors: /\[lead\] submission failed|Failed to load resource/,
    })

    test('a field only the relay refuses is marked with its message, the typed data kept', async ({
      page,
    }) => {
      const lead = uniqueLead({ nom: 'Le Gall' })
      // A sender the form cannot hold back (an old page, a script) makes the name too long:
      // the relay's own answer comes back to the form.
      await page.route('**/api/leads', (route) => {
        const body = JSON.parse(route.request().postData() ?? '{}') as Record<string, unknown>
        return route.continue({ postData: JSON.stringify({ ...body, nom: 'x'.repeat(250) }) })
      })
      await page.goto(variantUrl('relay', '/'))
      await fillLead(page, lead)
      await submitButton(page).click()
      const nom = input(page, 'Nom')
      await expect(nom).toHaveAttribute('aria-invalid', 'true')
      await expect(nom).toHaveAccessibleDescription('Trop long (200 caractères au plus)')
      await expect(nom).toBeFocused()
      await expect(page.getByText(leadFormCopy.generalError)).toHaveCount(0)
      await expect(nom).toHaveValue(lead.nom)
      await expect(input(page, 'Prénom')).toHaveValue(lead.prenom)
      await expect(input(page, 'Email')).toHaveValue(lead.email)
      await expect(input(page, 'Téléphone')).toHaveValue(lead.telephone)
      await expect(page.getByRole('checkbox')).toBeChecked()
      // Correcting the field clears its message; the next attempt, untouched, goes through.
      await page.unrouteAll()
      await nom.fill('Le Goff')
      await expect(nom).not.toHaveAttribute('aria-invalid')
      await submitButton(page).click()
      await expect(
        page.getByRole('heading', { name: leadFormCopy.confirmation.title }),
      ).toBeFocused()
    })
  })
}
