/**
 * The funnel in money terms on a phone: a lead taken to `signe` (seeded, see seed-admin-data.ts)
 * shows under its campaign's and ad's names, with the steps after the call and the premium.
 */
import { createAdminAccount, logIn, ownAddress } from './support/admin'
import { test, expect } from './support/fixtures'
import { variantUrl } from './support/ports'
import { signedLead } from './support/seed-admin-data'

const euros = new Intl.NumberFormat('fr-FR', {
  style: 'currency',
  currency: 'EUR',
  maximumFractionDigits: 0,
})

test.describe('funnel screen at 360 px', () => {
  test.use({ viewport: { width: 360, height: 780 } })

  test('shows the signed lead under its campaign and ad, the name column kept in view', async ({
    page,
  }) => {
    await page.setExtraHTTPHeaders(ownAddress())
    await page.goto(variantUrl('admin', '/admin/entonnoir'))
    await logIn(page, createAdminAccount())
    await page.getByRole('navigation').getByRole('link', { name: 'Entonnoir' }).click()
    await page.getByLabel('7 jours').check()

    const { campaign, ad, premiumEur } = signedLead
    const table = page.getByRole('region', { name: 'Entonnoir par campagne' })
    const row = table.getByRole('row').filter({ hasText: campaign.name })
    await expect(row.getByRole('rowheader')).toContainText(`n°\u00a0${campaign.id}`)
    // Views, form starts, estimates, leads, reached, appointments, signed, premiums, then rates.
    await expect(row.getByRole('cell')).toHaveText([
      '0',
      '0',
      '0',
      '1',
      '1',
      '1',
      '1',
      euros.format(premiumEur),
      '—',
      '—',
      '100 %',
      '100 %',
      '100 %',
      '100 %',
    ])
    const signedHead = table.getByRole('columnheader', { name: 'Signés', exact: true })
    await expect(signedHead).toBeVisible()

    // The page itself does not scroll sideways; the table does, its first column staying put.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
    await table.evaluate((region) => region.scrollTo({ left: region.scrollWidth }))
    await expect(row.getByRole('cell').last()).toBeInViewport()
    await expect(row.getByRole('rowheader')).toBeInViewport()

    await row.getByRole('button', { name: `${campaign.name}\u00a0: voir par annonce` }).click()
    await expect(page.getByRole('heading', { level: 2 })).toHaveText(
      `Campagne ${campaign.name}, par annonce`,
    )
    const adRow = page
      .getByRole('region', { name: 'Entonnoir par annonce' })
      .getByRole('row')
      .filter({ hasText: ad.name })
    await expect(adRow.getByRole('rowheader')).toContainText(`n°\u00a0${ad.id}`)
    await expect(adRow.getByRole('cell').nth(6)).toHaveText('1')
  })
})
