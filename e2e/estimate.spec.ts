import type { Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './support/axe'
import { waitForHydration } from './support/hydration'
import { test, expect } from './support/fixtures'
import { fillLead, leadRequestsFor, submitButton, uniqueLead } from './support/leads'
import { estimateFields } from '../common/estimate/estimate-copy'
import { rateTableVersion } from '../common/estimate/insurance-rates'
import { hero, freeGuarantee } from '../src/content/landing'

const field = (page: Page, name: keyof typeof estimateFields) =>
  page.getByLabel(estimateFields[name].label)
const result = (page: Page) => page.locator('#simulation-form').getByRole('status')
/** "10 800 €" → 10800: the figures as a visitor reads them. */
const figures = async (page: Page) =>
  ((await result(page).locator('p').first().textContent()) ?? '')
    .split('à')
    .map((part) => Number(part.replace(/\D/g, '')))

/** Waits until the landing page's code has hydrated the estimate. */
async function hydrated(page: Page) {
  await expect(page.locator('[data-island="savings-estimator"] fieldset')).toBeVisible()
  await waitForHydration(page, '#estimate-amount')
}

for (const viewport of [
  { width: 360, height: 740 },
  { width: 1280, height: 900 },
]) {
  test.describe(`estimate at ${viewport.width} px`, () => {
    test.use({ viewport })

    test('shows a range as the visitor types, growing with the amount, without a request', async ({
      page,
    }) => {
      await page.goto('/')
      await hydrated(page)
      await page.waitForLoadState('networkidle')
      const requests: string[] = []
      page.on('request', (request) => requests.push(request.url()))

      await expect(result(page)).toContainText('l’estimation s’affiche ici')
      await field(page, 'amount').pressSequentially('200 000')
      await field(page, 'yearsLeft').pressSequentially('20')
      await field(page, 'age').pressSequentially('32')
      await expect(result(page)).toContainText('2 400 € à 10 800 €')
      await expect(result(page)).toContainText('sur les 20 ans restants')
      await expect(result(page)).toContainText('soit environ 10 à 45 € par mois')
      await expect(result(page)).toContainText('Estimation indicative, non contractuelle.')
      const [low, high] = await figures(page)

      await field(page, 'amount').fill('400000')
      await expect(result(page)).toContainText('4 800 € à 21 600 €')
      const [lowAfter, highAfter] = await figures(page)
      expect(lowAfter).toBeGreaterThan(low!)
      expect(highAfter).toBeGreaterThan(high!)

      await page.getByLabel('Personnes assurées').selectOption('deux_100')
      await expect(result(page)).toContainText('9 600 € à 43 200 €')
      // A premium with cents, as the loan offer prints it, counts to the euro.
      await field(page, 'monthlyPremium').fill('150,40')
      await expect(result(page)).toContainText('€ par mois')
      await expect(field(page, 'monthlyPremium')).not.toHaveAttribute('aria-invalid')
      expect(requests).toEqual([])
    })

    test('out-of-range values get a message under the field and no figure', async ({ page }) => {
      await page.goto('/')
      await hydrated(page)
      await field(page, 'amount').fill('5000')
      await field(page, 'yearsLeft').fill('40')
      await field(page, 'age').fill('90')
      await field(page, 'monthlyPremium').fill('6000')
      await page.getByLabel('Personnes assurées').focus()
      for (const [name, message] of [
        ['amount', 'Indiquez un montant entre 10 000 € et 2 000 000 €'],
        ['yearsLeft', 'Indiquez une durée entre 1 et 35 ans'],
        ['age', 'Indiquez un âge entre 18 et 85 ans'],
        ['monthlyPremium', 'Indiquez une cotisation entre 0 et 5 000 € par mois'],
      ] as const) {
        await expect(field(page, name)).toHaveAttribute('aria-invalid', 'true')
        await expect(field(page, name)).toHaveAccessibleDescription(message)
      }
      await expect(result(page)).not.toContainText('€')
      await field(page, 'amount').fill('200000')
      await expect(field(page, 'amount')).not.toHaveAttribute('aria-invalid')
    })

    test('says plainly when there is no saving, and still offers the callback', async ({
      page,
    }) => {
      await page.goto('/')
      await hydrated(page)
      await field(page, 'amount').fill('180000')
      await field(page, 'yearsLeft').fill('22')
      await field(page, 'age').fill('28')
      await field(page, 'monthlyPremium').fill('5')
      await expect(result(page)).toContainText('pas d’économie estimée pour ce profil')
      await expect(result(page)).not.toContainText(/\d\s?€/)
      await result(page).getByRole('link', { name: 'Être rappelé(e) par un conseiller' }).click()
      await expect(page).toHaveURL(/#demande-de-rappel$/)

      await field(page, 'age').fill('62')
      await field(page, 'monthlyPremium').fill('')
      await expect(result(page)).toContainText('À partir de 60 ans')
      await expect(result(page)).not.toContainText(/\d\s?€/)
    })
  })
}

test.describe('estimate: layout and reading', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

  test('a call to action lands on the first input, with the result in view and no shift below', async ({
    page,
  }) => {
    await page.goto('/')
    await hydrated(page)
    await page.getByRole('link', { name: hero.cta }).click()
    await expect(field(page, 'amount')).toBeFocused()
    await expect(field(page, 'amount')).toHaveAttribute('inputmode', 'numeric')
    await expect(field(page, 'amount')).toBeInViewport()
    await expect(result(page)).toBeInViewport({ ratio: 1 })

    const below = page.locator('#simulation-form details').first()
    const before = await below.boundingBox()
    // Every kind of result, the longest of each included, fits the space kept for it.
    const cases = [
      { amount: '2000000', yearsLeft: '35', age: '45', premium: '900', text: '€ à' },
      { amount: '2000000', yearsLeft: '35', age: '45', premium: '4000', text: 'semble inclure' },
      { amount: '2000000', yearsLeft: '35', age: '55', premium: '', text: 'Jusqu’à' },
      { amount: '180000', yearsLeft: '22', age: '28', premium: '5', text: 'pas d’économie' },
      { amount: '120000', yearsLeft: '8', age: '62', premium: '', text: 'À partir de 60' },
    ]
    for (const inputs of cases) {
      await field(page, 'amount').fill(inputs.amount)
      await field(page, 'yearsLeft').fill(inputs.yearsLeft)
      await field(page, 'age').fill(inputs.age)
      await field(page, 'monthlyPremium').fill(inputs.premium)
      await expect(result(page)).toContainText(inputs.text)
      expect(await below.boundingBox(), `after "${inputs.text}"`).toEqual(before)
    }
  })

  test('the result is announced to screen readers as a status', async ({ page }) => {
    await page.goto('/')
    await expect(result(page)).toHaveCount(1)
    await expect(result(page)).toHaveAttribute('role', 'status')
  })

  test('"Comment est-ce calculé ?" opens the assumptions and sources', async ({ page }) => {
    await page.goto('/')
    const method = page.locator('#simulation-form details').first()
    await expect(method.locator('table')).toBeHidden()
    await method.getByText('Comment est-ce calculé').click()
    await expect(method.getByRole('table')).toContainText(`barème du 22/11/2026`)
    await expect(method.getByRole('row', { name: /^30–39/ })).toContainText('0,26 – 0,36')
    await expect(method.getByRole('link').first()).toHaveAttribute('href', /^https:\/\//)
    expect(rateTableVersion).toBe('2026-11-22')
  })
})

test.describe('estimate: keyboard and accessibility', () => {
  test.use({ bypassCSP: true })

  test('works with the keyboard alone, from the call to action to the result', async ({ page }) => {
    await page.goto('/')
    await hydrated(page)
    await page.getByRole('link', { name: freeGuarantee.cta }).focus()
    await page.keyboard.press('Enter')
    await expect(field(page, 'amount')).toBeFocused()
    await page.keyboard.type('250000')
    await page.keyboard.press('Tab')
    await page.keyboard.type('15')
    await page.keyboard.press('Tab')
    await page.keyboard.type('45')
    await page.keyboard.press('Tab')
    await expect(page.getByLabel('Personnes assurées')).toBeFocused()
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Tab')
    await expect(field(page, 'monthlyPremium')).toBeFocused()
    await page.keyboard.type('190')
    await expect(result(page)).toContainText('4 200 € à 22 200 €')
  })

  for (const width of [360, 1280]) {
    test(`axe finds no serious violation with a result and an error shown at ${width} px`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 })
      await page.goto('/')
      await hydrated(page)
      await field(page, 'amount').fill('200000')
      await field(page, 'yearsLeft').fill('20')
      await field(page, 'age').fill('3')
      await field(page, 'monthlyPremium').focus()
      await page.locator('#simulation-form details').first().locator('summary').click()
      await expectNoSeriousA11yViolations(page)
      await field(page, 'age').fill('32')
      await expect(result(page)).toContainText('€')
      await expectNoSeriousA11yViolations(page)
    })
  }
})

test.describe('estimate: with the lead', () => {
  test('the lead carries the estimate the visitor saw and the callback time', async ({ page }) => {
    const lead = uniqueLead()
    await page.goto('/')
    await hydrated(page)
    await field(page, 'amount').fill('200000')
    await field(page, 'yearsLeft').fill('20')
    await field(page, 'age').fill('32')
    await expect(result(page)).toContainText('2 400 € à 10 800 €')
    await expect(page.locator('#simulation-form')).toContainText(
      'Les données de prêt de l’estimation ne nous parviennent que si vous envoyez ce formulaire, pour préparer l’appel.',
    )
    await fillLead(page, lead)
    await page
      .getByRole('combobox', { name: /Quand préférez-vous être rappelé/ })
      .selectOption('soir')
    await submitButton(page).click()
    await expect(page.getByText('Votre demande est enregistrée.')).toBeVisible()
    await expect(
      page.getByText('Rappel souhaité : en fin de journée (17 h – 20 h), du lundi au vendredi.'),
    ).toBeVisible()
    await expect(
      page.getByText(
        'Votre estimation : entre 2 400 € et 10 800 € sur 20 ans (indicative, non contractuelle).',
      ),
    ).toBeVisible()
    await expect.poll(async () => (await leadRequestsFor(lead.email)).length).toBe(1)
    const [request] = await leadRequestsFor(lead.email)
    expect(request!.json).toMatchObject({
      rappel_prefere: 'soir',
      simulation: {
        montant_emprunte: 200_000,
        duree_restante_ans: 20,
        age: 32,
        cotisation_mensuelle: null,
        assures: 'seul',
        economie_min: 2_400,
        economie_max: 10_800,
        bareme: rateTableVersion,
      },
    })
  })

  test('a lead sent without the estimate has no simulation key', async ({ page }) => {
    const lead = uniqueLead()
    await page.goto('/')
    await hydrated(page)
    // Started but left out of range: no figure was shown, so none travels.
    await field(page, 'amount').fill('5000')
    await fillLead(page, lead)
    await submitButton(page).click()
    await expect(page.getByText('Votre demande est enregistrée.')).toBeVisible()
    await expect.poll(async () => (await leadRequestsFor(lead.email)).length).toBe(1)
    const [request] = await leadRequestsFor(lead.email)
    expect(request!.json).not.toHaveProperty('simulation')
    expect(request!.json).toMatchObject({ rappel_prefere: 'des_que_possible' })
  })

  test('what is typed in the estimate before the scripts load is kept and estimated', async ({
    page,
  }) => {
    let releaseScript: () => void = () => undefined
    const scriptHeld = new Promise<void>((resolve) => (releaseScript = resolve))
    await page.route(/\/assets\/landing-.*\.js$/, async (route) => {
      await scriptHeld
      await route.continue()
    })
    await page.goto('/', { waitUntil: 'commit' })
    await expect(field(page, 'amount')).toBeVisible()
    await field(page, 'amount').fill('200000')
    await field(page, 'yearsLeft').fill('20')
    await field(page, 'age').fill('32')
    await page.getByLabel('Personnes assurées').selectOption('deux_100')
    releaseScript()
    await page.waitForLoadState('load')
    await hydrated(page)
    await expect(field(page, 'amount')).toHaveValue('200000')
    await expect(page.getByLabel('Personnes assurées')).toHaveValue('deux_100')
    await expect(result(page)).toContainText('4 800 € à 21 600 €')
  })
})
