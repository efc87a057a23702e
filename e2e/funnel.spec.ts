import { execFile } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { promisify } from 'node:util'
import type { Page } from '@playwright/test'
import { test, expect } from './support/fixtures'
import { fillLead, submitButton, uniqueLead } from './support/leads'
import { variantDirs, variantUrl } from './support/ports'
import { estimateFields } from '../common/estimate/estimate-copy'
import { funnelPath } from '../common/funnel-contract'
import { parisDay } from '../server/storage/funnel-counts'

const execFileAsync = promisify(execFile)

/** The funnel reports a page sends, with their bodies and headers. */
function funnelReports(page: Page) {
  const reports: { body: Record<string, unknown>; headers: Record<string, string> }[] = []
  page.on('request', async (request) => {
    if (new URL(request.url()).pathname !== funnelPath) return
    reports.push({
      body: request.postDataJSON() as Record<string, unknown>,
      headers: await request.allHeaders(),
    })
  })
  return reports
}

/** `npm run leads:stats -- --json`, as the operator runs it next to the relay variant's server. */
async function statsFor(campaign: string) {
  const { stdout } = await execFileAsync(
    'npm',
    ['run', '--silent', 'leads:stats', '--', '--json'],
    {
      env: { ...process.env, DATA_DIR: variantDirs('relay').data, DATABASE_URL: '' },
    },
  )
  const rows = JSON.parse(stdout) as Record<string, unknown>[]
  return rows.filter((row) => row.utm_campaign === campaign)
}

async function expectNothingStored(page: Page) {
  expect(await page.context().cookies()).toEqual([])
  expect(await page.evaluate(() => [localStorage.length, sessionStorage.length])).toEqual([0, 0])
}

test.describe('funnel counts', () => {
  test('three arrivals, two form starts, one lead: leads:stats shows 3 / 2 / 1 for the campaign and day', async ({
    page,
  }) => {
    test.setTimeout(60_000)
    const campaign = `e2e-${randomUUID()}`
    const address = variantUrl(
      'relay',
      `/?utm_source=facebook&utm_campaign=${campaign}&utm_content=ad-7&uid=click-1`,
    )
    const reports = funnelReports(page)
    const reported = (steps: string[]) =>
      expect.poll(() => reports.map((report) => report.body.step)).toEqual(steps)

    // First arrival: the estimate is filled until it shows a figure.
    await page.goto(address)
    await reported(['view'])
    await page.getByLabel(estimateFields.amount.label).pressSequentially('200 000')
    await page.getByLabel(estimateFields.yearsLeft.label).pressSequentially('20')
    await page.getByLabel(estimateFields.age.label).pressSequentially('32')
    await expect(page.locator('#simulation-form').getByRole('status').first()).toContainText(
      '2 400 € à 10 800 €',
    )
    await reported(['view', 'form_start', 'estimate'])

    // Second arrival: a lead is sent, without an estimate.
    await page.goto(address)
    await reported(['view', 'form_start', 'estimate', 'view'])
    await fillLead(page, uniqueLead())
    await submitButton(page).click()
    await expect(page.getByText('Votre demande est enregistrée.')).toBeVisible()
    await reported(['view', 'form_start', 'estimate', 'view', 'form_start'])

    // Third arrival: a look, nothing typed.
    await page.goto(address)
    await page.waitForLoadState('networkidle')
    await reported(['view', 'form_start', 'estimate', 'view', 'form_start', 'view'])

    // Each report is the step, the campaign and the ad: no id, no time, no cookie.
    for (const { body, headers } of reports) {
      expect(Object.keys(body).sort()).toEqual(['step', 'utm_campaign', 'utm_content'])
      expect(body).toMatchObject({ utm_campaign: campaign, utm_content: 'ad-7' })
      expect(headers.cookie).toBeUndefined()
    }
    await expectNothingStored(page)

    // Day, views, form starts, estimates, leads: one row for the campaign, today in Paris.
    const figures = async () =>
      (await statsFor(campaign)).map((row) => [
        row.day,
        row.views,
        row.form_starts,
        row.estimates,
        row.leads,
      ])
    await expect.poll(figures, { timeout: 20_000 }).toEqual([[parisDay(new Date()), 3, 2, 1, 1]])
  })

  test('a static-host build (webhooks set) sends no report at all', async ({ page }) => {
    const reports = funnelReports(page)
    await page.goto('/?utm_campaign=static-host&utm_content=ad-1')
    await expect(page.locator('script[data-after-paint]')).not.toHaveAttribute('data-funnel')
    await page.getByLabel('Nom', { exact: true }).fill('Martin')
    await page.waitForLoadState('networkidle')
    await page.waitForTimeout(300)
    expect(reports).toEqual([])
    await expectNothingStored(page)
  })

  test('the privacy policy says what is counted, only where it is counted', async ({ page }) => {
    await page.goto(variantUrl('relay', '/politique-confidentialite'))
    const main = page.getByRole('main')
    await expect(main.getByRole('heading', { level: 2, name: 'Mesure d’audience' })).toBeVisible()
    const text = await main.innerText()
    for (const expected of [
      'les pages affichées, les estimations ou formulaires commencés',
      'ni identifiant, ni adresse IP',
      'ni cookie',
      'jamais rapprochés de votre demande',
      '25 mois au maximum',
      'CNIL',
    ]) {
      expect(text).toContain(expected)
    }
    await page.goto('/politique-confidentialite')
    await expect(page.getByRole('heading', { name: 'Mesure d’audience' })).toHaveCount(0)
  })
})
