import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { test, expect } from './support/fixtures'
import {
  expectLeadCount,
  fillLead,
  leadRequestsFor,
  submitButton,
  uniqueLead,
} from './support/leads'
import { waitForHydration } from './support/hydration'
import { variantDirs, variantUrl, webhookOrigin } from './support/ports'
import { leadFormCopy } from '../common/lead/lead-form-copy'
import { originKeys } from '../common/lead/lead-contract'
import { leadMessages } from '../common/lead/lead-schema'

const execFileAsync = promisify(execFile)

const generalError = 'Une erreur est survenue. Merci de réessayer dans un instant.'

test.describe('lead form: validation', () => {
  test('fields carry their payload name, label, required flag and autofill hints', async ({
    page,
  }) => {
    await page.goto('/')
    const expectations = [
      { label: 'Nom', name: 'nom', autocomplete: 'family-name', type: 'text' },
      { label: 'Prénom', name: 'prenom', autocomplete: 'given-name', type: 'text' },
      { label: 'Email', name: 'email', autocomplete: 'email', type: 'email' },
      { label: 'Téléphone', name: 'telephone', autocomplete: 'tel-national', type: 'tel' },
    ]
    for (const field of expectations) {
      const input = page.getByLabel(field.label, { exact: true })
      await expect(input).toHaveAttribute('name', field.name)
      await expect(input).toHaveAttribute('autocomplete', field.autocomplete)
      await expect(input).toHaveAttribute('type', field.type)
      await expect(input).toHaveAttribute('required', '')
    }
    await expect(page.getByLabel('Téléphone', { exact: true })).toHaveAttribute('inputmode', 'tel')
    const consent = page.getByRole('checkbox', { name: leadFormCopy.consentLabel })
    await expect(consent).not.toBeChecked()
    await expect(consent).toHaveAttribute('required', '')
    await expect(page.locator('#simulation-form')).toContainText('ORIAS')
    // One link beside the consent label, one in the GDPR notice under the button.
    const privacyLinks = page
      .locator('#simulation-form')
      .getByRole('link', { name: 'Politique de confidentialité' })
    await expect(privacyLinks).toHaveCount(2)
    for (const link of await privacyLinks.all()) {
      await expect(link).toHaveAttribute('href', '/politique-confidentialite')
    }
  })

  test('a field left invalid shows its message, red border and ARIA links; typing clears it', async ({
    page,
  }) => {
    await page.goto('/')
    await waitForHydration(page, '#field-nom')
    const cases = [
      { label: 'Nom', value: '   ', message: leadMessages.nomRequired },
      { label: 'Prénom', value: '', message: leadMessages.prenomRequired },
      { label: 'Email', value: '', message: leadMessages.emailRequired },
      { label: 'Email', value: 'jean dupont@exemple.fr', message: "Format d'email invalide" },
      { label: 'Téléphone', value: '', message: leadMessages.telephoneRequired },
      {
        label: 'Téléphone',
        value: '+33 6 12 34 56 78',
        message: 'Format invalide (10 chiffres commençant par 0)',
      },
      {
        label: 'Téléphone',
        value: '06.12.34.56.78',
        message: 'Format invalide (10 chiffres commençant par 0)',
      },
    ]
    for (const { label, value, message } of cases) {
      const input = page.getByLabel(label, { exact: true })
      await input.fill(value)
      await input.blur()
      await expect(input).toHaveAttribute('aria-invalid', 'true')
      const describedBy = await input.getAttribute('aria-describedby')
      await expect(page.locator(`[id="${describedBy?.split(' ')[0]}"]`)).toHaveText(message)
      await expect(input).toHaveCSS('border-color', 'rgb(185, 28, 28)')
      await input.pressSequentially('a')
      await expect(input).not.toHaveAttribute('aria-invalid')
      await expect(input).not.toHaveCSS('border-color', 'rgb(185, 28, 28)')
      await expect(page.getByText(message)).toHaveCount(0)
      await input.fill('')
    }
  })

  test('the button stays disabled until every field is valid and consent is ticked', async ({
    page,
  }) => {
    await page.goto('/')
    const button = submitButton(page)
    await expect(button).toBeDisabled()
    await fillLead(page, uniqueLead(), { consent: false })
    await expect(button).toBeDisabled()
    await page.getByRole('checkbox').check()
    await expect(button).toBeEnabled()
    await page.getByLabel('Téléphone', { exact: true }).fill('0612')
    await expect(button).toBeDisabled()
    await page.getByLabel('Téléphone', { exact: true }).fill('06 12 34 56 78')
    await expect(button).toBeEnabled()
  })

  test('a visitor can fill and send the form with the keyboard only', async ({ page }) => {
    const lead = uniqueLead()
    await page.goto('/')
    await page.getByLabel('Nom', { exact: true }).focus()
    await page.keyboard.type(lead.nom)
    await page.keyboard.press('Tab')
    await page.keyboard.type(lead.prenom)
    await page.keyboard.press('Tab')
    await page.keyboard.type(lead.email)
    await page.keyboard.press('Tab')
    await page.keyboard.type(lead.telephone)
    await page.keyboard.press('Tab')
    await expect(page.getByRole('combobox', { name: /Quand préférez-vous/ })).toBeFocused()
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Tab')
    await expect(page.getByRole('checkbox')).toBeFocused()
    await page.keyboard.press('Space')
    await page.keyboard.press('Tab')
    await expect(page.locator('#simulation-form form').getByRole('link')).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(submitButton(page)).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page.getByText('Votre demande est enregistrée.')).toBeVisible()
    await expectLeadCount(lead.email, 1)
    const [request] = await leadRequestsFor(lead.email)
    expect(request!.json).toMatchObject({ rappel_prefere: 'matin' })
  })
})

test.describe('lead form: submission', () => {
  test('sends the exact payload once, with the address and its UTM parameters', async ({
    page,
  }) => {
    const lead = uniqueLead({ nom: '  N’Diaye ', prenom: ' Zoé ', telephone: '06 12 34 56 78' })
    const address = '/?utm_source=facebook&utm_medium=paid&utm_campaign=lemoine-2026'
    await page.goto(address)
    await fillLead(page, { ...lead, email: `  ${lead.email} ` })
    const before = Date.now()
    await submitButton(page).click()
    await expect(page.getByText('Votre demande est enregistrée.')).toBeVisible()
    await expectLeadCount(lead.email, 1)
    const [request] = await leadRequestsFor(lead.email)
    expect(request!.method).toBe('POST')
    expect(request!.headers['content-type']).toBe('application/json')
    const body = request!.json as Record<string, unknown>
    expect(Object.keys(body).sort()).toEqual(
      [
        'consentement',
        'consentement_publicite',
        'consentement_texte',
        'email',
        'nom',
        'page_url',
        'prenom',
        'rappel_prefere',
        'source',
        'telephone',
        'timestamp',
        'utm_campaign',
        'utm_medium',
        'utm_source',
      ].sort(),
    )
    expect(body).toMatchObject({
      rappel_prefere: 'des_que_possible',
      nom: 'N’Diaye',
      prenom: 'Zoé',
      email: lead.email,
      telephone: '0612345678',
      source: 'facebook_ads',
      page_url: variantUrl('webhooks', address),
      consentement: true,
      consentement_texte: leadFormCopy.consentLabel,
      // A build without a pixel: the visitor cannot have accepted one.
      consentement_publicite: false,
      utm_source: 'facebook',
      utm_medium: 'paid',
      utm_campaign: 'lemoine-2026',
    })
    expect(body.timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
    expect(Date.parse(body.timestamp as string)).toBeGreaterThanOrEqual(before - 1_000)
  })

  test('carries where the visitor came from: the origin parameters of the address, as they are, and no other', async ({
    page,
  }) => {
    const lead = uniqueLead()
    const campaign = 'Été 2026 {{campaign.id}} A/B'
    const fbclid = 'IwAR2F_x-Y9z'
    const search = new URLSearchParams({
      uid: 'abc123',
      utm_source: 'Facebook',
      utm_campaign: campaign,
      utm_medium: '',
      fbclid,
      utm_content: 'c'.repeat(600),
    })
    await page.goto(`/?${search}`)
    await fillLead(page, lead)
    await submitButton(page).click()
    await expect(page.getByText('Votre demande est enregistrée.')).toBeVisible()
    await expectLeadCount(lead.email, 1)
    const [request] = await leadRequestsFor(lead.email)
    const body = request!.json as Record<string, unknown>
    const origin = Object.fromEntries(
      Object.entries(body).filter(([key]) => (originKeys as readonly string[]).includes(key)),
    )
    // The empty utm_medium is left out, the over-long utm_content cut to 500 characters.
    expect(origin).toStrictEqual({
      utm_source: 'Facebook',
      utm_campaign: campaign,
      utm_content: 'c'.repeat(500),
      fbclid,
    })
    expect(body).not.toHaveProperty('uid')
  })

  test('success replaces the form with the confirmation, announces it and scrolls to the form’s heading', async ({
    page,
  }) => {
    const lead = uniqueLead()
    await page.goto('/')
    await fillLead(page, lead)
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
    await submitButton(page).evaluate((button: HTMLButtonElement) => button.click())
    const confirmation = page.locator('[data-island="lead-form"]').getByRole('status')
    await expect(
      confirmation.getByRole('heading', { name: 'Votre demande est enregistrée.' }),
    ).toBeFocused()
    await expect(confirmation).toContainText('48 heures')
    await expect(confirmation.getByRole('listitem')).toHaveText([
      'Gratuit',
      'Sans engagement',
      'Données sécurisées',
    ])
    await expect(page.locator('#simulation-form form')).toHaveCount(0)
    // To the form's own heading in the section, the confirmation right under it (issue 27).
    await expect
      .poll(() =>
        page.evaluate(() =>
          Math.abs(
            Math.round(document.querySelector('#demande-de-rappel')!.getBoundingClientRect().top),
          ),
        ),
      )
      .toBeLessThanOrEqual(20)
    await expect(confirmation.getByRole('heading')).toBeInViewport({ ratio: 1 })
  })

  test('without a pixel on the page, success fires nothing and throws nothing', async ({
    page,
  }) => {
    await page.goto('/')
    expect(await page.evaluate(() => 'fbq' in window)).toBe(false)
    await fillLead(page, uniqueLead())
    await submitButton(page).click()
    await expect(page.getByText('Votre demande est enregistrée.')).toBeVisible()
  })

  test('with a pixel on the page, success fires its Lead event', async ({ page }) => {
    await page.addInitScript(() => {
      const calls: unknown[][] = []
      Object.assign(window, { __fbqCalls: calls, fbq: (...args: unknown[]) => calls.push(args) })
    })
    await page.goto('/')
    const lead = uniqueLead()
    await fillLead(page, lead)
    await submitButton(page).click()
    await expect(page.getByText('Votre demande est enregistrée.')).toBeVisible()
    const calls = await page.evaluate(
      () => (window as unknown as { __fbqCalls: unknown[][] }).__fbqCalls,
    )
    const [request] = await leadRequestsFor(lead.email)
    const eventId = (request!.json as { event_id?: string }).event_id
    expect(eventId).toMatch(/^[\w-]{8,}$/)
    expect(calls.filter((call) => call[1] === 'Lead')).toEqual([
      ['track', 'Lead', {}, { eventID: eventId }],
    ])
  })

  test('while sending, the button reads "Envoi en cours..." and is disabled; a double click sends once', async ({
    page,
  }) => {
    const lead = uniqueLead({ nom: 'Lent' })
    await page.goto('/')
    await fillLead(page, lead)
    await submitButton(page).dblclick()
    await expect(submitButton(page)).toHaveText('Envoi en cours...')
    await expect(submitButton(page)).toBeDisabled()
    await expect(page.getByText('Votre demande est enregistrée.')).toBeVisible()
    await expectLeadCount(lead.email, 1)
  })

  test('without a webhook configured, the lead goes to the site’s own /api/leads and is stored with its origin', async ({
    page,
  }) => {
    const lead = uniqueLead()
    const posted: string[] = []
    page.on('request', (request) => {
      // The relay build also reports its funnel steps (e2e/funnel.spec.ts): not the lead.
      if (request.method() === 'POST' && !request.url().endsWith('/api/funnel')) {
        posted.push(request.url())
      }
    })
    await page.goto(variantUrl('relay', '/?utm_source=facebook&utm_campaign=120210000000000001'))
    await fillLead(page, lead)
    await submitButton(page).click()
    await expect(page.getByText('Votre demande est enregistrée.')).toBeVisible()
    expect(posted).toEqual([variantUrl('relay', '/api/leads')])
    // The operator's export command reads the relay's database (through the running server).
    const { stdout } = await execFileAsync(
      process.execPath,
      ['--import', 'tsx', 'server/commands/leads-cli.ts', 'export', '--email', lead.email],
      { env: { ...process.env, DATA_DIR: variantDirs('relay').data, DATABASE_URL: '' } },
    )
    const [header, row, ...rest] = stdout.trim().split('\r\n')
    expect(header).toContain('"email","telephone"')
    expect(rest).toEqual([])
    expect(row).toContain(`,"${lead.email}","0612345678","facebook_ads",`)
    // Where the lead came from, the withdrawal date (none) and its stage, read by column name.
    const cells = (line = '') => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((match) => match[1])
    const values = cells(row)
    expect(
      Object.fromEntries(cells(header).map((name, index) => [name, values[index]])),
    ).toMatchObject({
      utm_source: 'facebook',
      utm_medium: '',
      utm_campaign: '120210000000000001',
      utm_content: '',
      utm_term: '',
      fbclid: '',
      gclid: '',
      consentement_retire_le: '',
      statut: 'nouveau',
    })
  })
})

test.describe('lead form: failures', () => {
  test.use({ expectedConsoleErrors: /\[lead\] submission failed|Failed to load resource/ })

  async function expectFailureKept(
    page: import('@playwright/test').Page,
    lead: ReturnType<typeof uniqueLead>,
  ) {
    await expect(page.getByRole('alert')).toHaveText(generalError)
    await expect(page.getByLabel('Nom', { exact: true })).toHaveValue(lead.nom)
    await expect(page.getByLabel('Prénom', { exact: true })).toHaveValue(lead.prenom)
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(lead.email)
    await expect(page.getByLabel('Téléphone', { exact: true })).toHaveValue(lead.telephone)
    await expect(page.getByRole('checkbox')).toBeChecked()
    await expect(submitButton(page)).toBeEnabled()
  }

  test('an HTTP 500 shows the general error, logs it, keeps the data, and sending again works', async ({
    page,
    consoleErrors,
  }) => {
    const lead = uniqueLead({ nom: 'Erreur' })
    await page.goto('/')
    await fillLead(page, lead)
    await submitButton(page).click()
    await expectFailureKept(page, lead)
    expect(
      consoleErrors.some(
        (text) => text.includes('[lead] submission failed') && text.includes('500'),
      ),
    ).toBe(true)

    // Typing clears the general error; the next attempt goes through.
    await page.getByLabel('Nom', { exact: true }).fill('Martin')
    await expect(page.getByRole('alert')).toHaveCount(0)
    await submitButton(page).click()
    await expect(page.getByText('Votre demande est enregistrée.')).toBeVisible()
    const requests = await leadRequestsFor(lead.email)
    expect(requests.map((request) => (request.json as { nom: string }).nom)).toEqual([
      'Erreur',
      'Martin',
    ])
  })

  test('a dropped connection shows the general error and keeps the data', async ({ page }) => {
    const lead = uniqueLead({ nom: 'Coupure' })
    await page.goto('/')
    await fillLead(page, lead)
    await submitButton(page).click()
    await expectFailureKept(page, lead)
  })

  test('a refused connection shows the general error and keeps the data', async ({
    page,
    consoleErrors,
  }) => {
    const lead = uniqueLead()
    await page.goto(variantUrl('refused'))
    await fillLead(page, lead)
    await submitButton(page).click()
    await expectFailureKept(page, lead)
    expect(consoleErrors.some((text) => text.includes('[lead] submission failed'))).toBe(true)
  })

  test('a webhook that never answers gives up after 15 seconds with the general error', async ({
    page,
  }) => {
    const lead = uniqueLead({ nom: 'Silence' })
    await page.clock.install()
    await page.goto('/')
    await fillLead(page, lead)
    await submitButton(page).click()
    await expect(submitButton(page)).toHaveText('Envoi en cours...')
    await expectLeadCount(lead.email, 1)
    await page.clock.fastForward(14_000)
    await expect(submitButton(page)).toHaveText('Envoi en cours...')
    await page.clock.fastForward(1_500)
    await expectFailureKept(page, lead)
  })
})

test.describe('lead form: spam trap', () => {
  test('a robot filling the hidden field is thanked and nothing is sent', async ({ page }) => {
    const lead = uniqueLead()
    const posted: string[] = []
    page.on('request', (request) => {
      if (request.method() === 'POST' && !request.url().endsWith('/page-view'))
        posted.push(request.url())
    })
    await page.goto('/')
    const trap = page.locator('input[name="site_web"]')
    await expect(trap).toHaveAttribute('tabindex', '-1')
    await expect(trap).not.toBeInViewport()
    await fillLead(page, lead)
    await trap.fill('https://spam.example', { force: true })
    await submitButton(page).click()
    await expect(page.getByText('Votre demande est enregistrée.')).toBeVisible()
    expect(posted).toEqual([])
    expect(await leadRequestsFor(lead.email)).toEqual([])
  })
})

test.describe('lead form: slow phones', () => {
  test('what is typed before the scripts load is kept when they do', async ({ page }) => {
    const lead = uniqueLead()
    let releaseScript: () => void = () => undefined
    const scriptHeld = new Promise<void>((resolve) => (releaseScript = resolve))
    await page.route(/\/assets\/landing-.*\.js$/, async (route) => {
      await scriptHeld
      await route.continue()
    })
    // The module script blocks DOMContentLoaded: wait for the parsed form instead.
    await page.goto('/', { waitUntil: 'commit' })
    await expect(page.getByLabel('Nom', { exact: true })).toBeVisible()
    await fillLead(page, lead)
    releaseScript()
    await page.waitForLoadState('load')
    await expect(submitButton(page)).toBeEnabled()
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(lead.email)
    await submitButton(page).click()
    await expect(page.getByText('Votre demande est enregistrée.')).toBeVisible()
    const [request] = await leadRequestsFor(lead.email)
    expect(request!.json).toMatchObject({
      nom: lead.nom,
      prenom: lead.prenom,
      telephone: '0612345678',
    })
  })
})

test.describe('network', () => {
  test('a whole visit talks to no host but the site and the two webhooks', async ({ page }) => {
    const origins = new Set<string>()
    page.on('request', (request) => origins.add(new URL(request.url()).origin))
    await page.goto('/?uid=abc123&utm_source=facebook')
    await page.locator('#faq summary').first().click()
    await fillLead(page, uniqueLead())
    await submitButton(page).click()
    await expect(page.getByText('Votre demande est enregistrée.')).toBeVisible()
    await page.goto('/mentions-legales')
    await page.goto('/politique-confidentialite')
    expect([...origins].sort()).toEqual([variantUrl('webhooks', ''), webhookOrigin].sort())
  })
})
