/**
 * `activityCounter: real` (site.config.yaml): the landing page shows the day's real number of
 * requests, counted by the relay, and a visitor who sends the form is one more for the next.
 */
import { expect, test, type Browser } from '@playwright/test'
import { rightsAndActivity } from '../src/content/landing'
import { activityPath } from '../common/activity-contract'
import { fillLead, submitButton, uniqueLead } from './support/leads'
import { variantUrl } from './support/ports'

/** What a new visitor reads: a fresh browser context, so nothing is cached from before. */
async function countSeenByNewVisitor(browser: Browser): Promise<number> {
  const context = await browser.newContext()
  const page = await context.newPage()
  const answer = page.waitForResponse((response) => response.url().endsWith(activityPath))
  await page.goto(variantUrl('realActivity', '/'))
  const response = await answer
  expect(response.status()).toBe(200)
  // The count identifies nobody and keeps nothing: no cookie either way.
  expect(await response.headerValue('set-cookie')).toBeNull()
  expect(await response.request().headerValue('cookie')).toBeNull()
  const sentence = page.locator('#vos-droits p', { hasText: rightsAndActivity.realActivityLabel })
  await sentence.scrollIntoViewIfNeeded()
  await expect(sentence).toBeVisible()
  const text = await page.getByTestId('activity-count').textContent()
  await context.close()
  expect(text).toMatch(/^\d+$/)
  return Number(text)
}

test('shows the day’s real number of requests, one more once a visitor has sent the form', async ({
  browser,
  page,
}) => {
  const before = await countSeenByNewVisitor(browser)

  await page.goto(variantUrl('realActivity', '/'))
  // Not the invented figure of SPEC §4, nor its sentence.
  await expect(page.getByText(rightsAndActivity.activityLabelAfter)).toHaveCount(0)
  await fillLead(page, uniqueLead())
  await submitButton(page).click()
  await expect(page.getByText('Votre demande est enregistrée.')).toBeVisible()

  expect(await countSeenByNewVisitor(browser)).toBe(before + 1)
})
