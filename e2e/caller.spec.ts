import path from 'node:path'
import { test, expect } from './support/fixtures'
import { fillLead, submitButton, uniqueLead } from './support/leads'
import { variantDirs, variantUrl } from './support/ports'
import { parseVcard, vcardText } from './support/vcard'
import { expectNoSeriousA11yViolations } from './support/axe'
import { readSiteConfig } from '../scripts/site-config/read-site-config'
import { leadFormCopy } from '../common/lead/lead-form-copy'

/**
 * Issue 29: after sending, the visitor knows who will call, from which number, and when, and can
 * save the number, so that the call is not one from an unknown number.
 */
test.describe('who will call', () => {
  // CSP bypassed only for axe, which the test injects.
  test.use({
    viewport: { width: 360, height: 640 },
    isMobile: true,
    hasTouch: true,
    bypassCSP: true,
  })
  const site = (pathName: string) => variantUrl('relay', pathName)
  const { config } = readSiteConfig({
    file: path.resolve(import.meta.dirname, '..', variantDirs('relay').siteConfig),
  })

  test('the confirmation names the caller, the number formatted, the chosen time, and the card to save it', async ({
    page,
    request,
  }) => {
    await page.goto(site('/'))
    const card = page.getByText(/Vous serez rappelé\(e\) par/)
    // Nothing of it before the request is sent.
    await expect(card).toBeHidden()
    await fillLead(page, uniqueLead())
    await page
      .getByLabel(leadFormCopy.callback.label)
      .selectOption({ label: leadFormCopy.callback.options.apres_midi })
    await submitButton(page).click()

    const confirmation = page.locator('[data-island="lead-form"]').getByRole('status')
    await expect(confirmation).toContainText('Votre demande est enregistrée.')
    await expect(confirmation).toContainText(
      'Rappel souhaité\u00a0: l’après-midi (14\u00a0h – 17\u00a0h), du lundi au vendredi.',
    )
    await expect(card).toBeVisible()
    await expect(card).toHaveText(
      `Vous serez rappelé(e) par un conseiller de l’équipe ${config.brandName}, depuis le ${config.callerPhone}`,
    )
    // Read as people read a number: five pairs, never wrapped.
    await expect(card.locator('strong')).toHaveText(/^0\d(\u00a0\d\d){4}$/)
    const save = page.getByRole('link', { name: 'Enregistrer notre numéro' })
    await expect(save).toBeVisible()
    await expect(save).toHaveAttribute('href', '/contact.vcf')
    // On the phone's screen, under the confirmation, without scrolling sideways.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true)
    await expectNoSeriousA11yViolations(page)

    const response = await request.get(site((await save.getAttribute('href'))!))
    expect(response.status()).toBe(200)
    expect(response.headers()['content-type']).toBe('text/vcard; charset=utf-8')
    expect(response.headers()['content-disposition']).toBe('inline; filename="contact.vcf"')
    const vcard = parseVcard(await response.text())
    expect(vcardText(vcard, 'FN')).toBe(config.brandName)
    expect(vcardText(vcard, 'ORG')).toBe(config.company.legalName)
    const tel = vcard.find((property) => property.name === 'TEL')
    expect(tel?.value).toBe(`+33${config.callerPhone.replace(/\D/g, '').slice(1)}`)
  })
})
