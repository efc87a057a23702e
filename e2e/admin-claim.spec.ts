/**
 * "Je m'en occupe" between two advisors, each on a phone-sized screen of their own: the first to
 * tap takes the lead, the other's stale card refuses to take it twice and names who has it, and
 * every fresh view (card and list) shows who took it and when.
 */
import type { Browser, Page } from '@playwright/test'
import { claimCopy } from '../common/back-office/claim-copy'
import { createAdminAccount, logIn, postAdminLead, type AdminAccount } from './support/admin'
import { test, expect } from './support/fixtures'
import { variantUrl } from './support/ports'

const admin = (pathname = '/admin') => variantUrl('admin', pathname)
const phone = { width: 360, height: 740 }

/** An advisor's own phone: a browser context of its own, logged in, on the lead's card. */
async function advisorOnCard(
  browser: Browser,
  email: string,
): Promise<{ page: Page; account: AdminAccount; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: phone, hasTouch: true, isMobile: true })
  const page = await context.newPage()
  const account = createAdminAccount()
  await page.goto(admin('/admin'))
  await logIn(page, account)
  const response = await page.request.get(admin(`/admin/api/leads?q=${encodeURIComponent(email)}`))
  const { leads } = (await response.json()) as { leads: { id: string }[] }
  expect(leads).toHaveLength(1)
  await page.goto(admin(`/admin/demandes/${leads[0]!.id}`))
  return { page, account, close: () => context.close() }
}

test('the first advisor to tap "Je m’en occupe" takes the lead, and the other sees who', async ({
  browser,
  request,
}) => {
  const lead = await postAdminLead(request, { nom: 'Garnier', prenom: 'Inès' })
  const claire = await advisorOnCard(browser, lead.email)
  const marc = await advisorOnCard(browser, lead.email)
  try {
    const claimButton = (page: Page) => page.getByRole('button', { name: claimCopy.button })
    await expect(claimButton(claire.page)).toBeVisible()
    await expect(claimButton(marc.page)).toBeVisible()

    await claimButton(claire.page).tap()
    const takenBy = (account: AdminAccount) =>
      new RegExp(`^Pris en charge par ${account.email.replace(/[.+]/g, '\\$&')} à \\d+\u00a0h`)
    await expect(claire.page.getByText(takenBy(claire.account))).toBeVisible()
    await expect(claimButton(claire.page)).toHaveCount(0)

    // Marc's card was loaded before: his tap is refused, naming Claire, and changes nothing.
    await claimButton(marc.page).tap()
    await expect(
      marc.page.getByText(`Cette demande est déjà prise en charge par ${claire.account.email}`, {
        exact: false,
      }),
    ).toBeVisible()

    // Any fresh view says who took it: the card again, and the list of leads.
    await marc.page.reload()
    await expect(marc.page.getByText(takenBy(claire.account))).toBeVisible()
    await expect(claimButton(marc.page)).toHaveCount(0)
    await marc.page.goto(admin(`/admin?q=${encodeURIComponent(lead.email)}`))
    const card = marc.page.getByRole('article', { name: `${lead.prenom} ${lead.nom}` })
    await expect(card.getByText(takenBy(claire.account))).toBeVisible()
  } finally {
    await claire.close()
    await marc.close()
  }
})
