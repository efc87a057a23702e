/**
 * Recording calls on a 360 px phone, against a relay of its own whose clock starts on a Wednesday
 * at 15:00 (Paris) and runs on (TEST_CLOCK_START), the browser's clock set to the same moment:
 * the calling hours do not depend on when the test runs. A missed call and the next proposed
 * time, its undo, "Ne plus appeler" confirmed, and the buttons refused outside the hours.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { parisTime } from '../common/calls/call-planner'
import { outsideHoursText } from '../common/calls/call-copy'
import { leadFormCopy } from '../common/lead/lead-form-copy'
import { createAdminAccount, logIn, ownAddress } from './support/admin'
import { test, expect } from './support/fixtures'
import { runName, variantDirs } from './support/ports'

/** 15:00 in Paris on the Wednesday of next week: inside the hours, a week ahead of any deadline. */
function nextWeekWednesday(): Date {
  const today = new Date()
  const daysToWednesday = ((3 - today.getUTCDay() + 7) % 7) + 7
  const day = new Date(today.getTime() + daysToWednesday * 86_400_000)
  return parisTime(day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate(), 15 * 60)
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

test.describe('recording calls on a phone', () => {
  // One relay of their own for these tests: one worker runs them all.
  test.describe.configure({ mode: 'serial' })
  const dirs = variantDirs('admin')
  const dataDir = path.join('.build', 'e2e', runName, 'calls-data')
  const clockStart = nextWeekWednesday()
  let server: ChildProcess | undefined
  let origin = ''

  test.use({ viewport: { width: 360, height: 800 } })

  test.beforeAll(async () => {
    // A new embedded database and a server started from source: slow on a busy machine.
    test.setTimeout(150_000)
    await rm(dataDir, { recursive: true, force: true })
    const port = await freePort()
    origin = `http://127.0.0.1:${port}`
    server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DIST_DIR: dirs.dist,
        ADMIN_DIST_DIR: dirs.adminDist,
        DATA_DIR: dataDir,
        TEST_CLOCK_START: clockStart.toISOString(),
        LOG_LEVEL: 'warn',
      },
      stdio: 'ignore',
    })
    await expect
      .poll(
        () =>
          fetch(`${origin}/healthz`).then(
            (response) => response.status,
            () => 0,
          ),
        { timeout: 140_000 },
      )
      .not.toBe(0)
  })
  test.afterAll(async () => {
    server?.kill('SIGTERM')
    await new Promise((resolve) => server?.once('exit', resolve))
    await rm(dataDir, { recursive: true, force: true })
  })

  async function postLead(page: Page, nom: string) {
    const lead = {
      nom,
      prenom: 'Léa',
      email: `appel-${randomUUID().slice(0, 8)}@exemple.fr`,
      telephone: `06 ${String(Math.floor(Math.random() * 1e8))
        .padStart(8, '0')
        .replace(/(\d\d)(?=\d)/g, '$1 ')}`,
      source: 'facebook_ads',
      page_url: `${origin}/`,
      timestamp: new Date().toISOString(),
      consentement: true,
      consentement_texte: leadFormCopy.consentLabel,
      consentement_publicite: false,
    }
    const response = await page.request.post(`${origin}/api/leads`, {
      data: lead,
      headers: ownAddress(),
    })
    expect(response.status(), await response.text()).toBe(202)
    return lead
  }

  async function openCard(page: Page, nom: string) {
    await page.clock.setFixedTime(clockStart)
    await page.setExtraHTTPHeaders(ownAddress())
    await page.goto(`${origin}/admin`)
    await logIn(page, createAdminAccount(dataDir))
    const card = page.getByRole('article', { name: `Léa ${nom}` })
    // A new request is due now: it is on "À appeler maintenant".
    await expect(page.getByRole('button', { name: 'À appeler maintenant' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    await expect(card).toBeVisible()
    return card
  }

  test('records a missed call, shows the next proposed time, and undoes it', async ({ page }) => {
    await postLead(page, 'Manquee')
    const card = await openCard(page, 'Manquee')
    await expect(card).toContainText('Jamais appelé')
    await expect(card).toContainText('maintenant (premier appel)')

    await card.getByRole('button', { name: 'Pas de réponse' }).click()
    await expect(card.getByRole('status')).toHaveText(
      '«\u00a0Pas de réponse\u00a0» enregistré pour Léa Manquee.',
    )
    await expect(card).toContainText('3 sur 4')
    // The next attempt at least 30 minutes later, inside the hours.
    await expect(card).toContainText(/à 15:3\d \(relance 30 minutes après l’appel manqué\)/)

    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)

    await card.getByRole('button', { name: 'Annuler' }).click()
    await expect(card.getByRole('status')).toHaveText('Enregistrement annulé.')
    await expect(card).toContainText('4 sur 4')
    await expect(card).toContainText('Jamais appelé')
    await card.getByRole('button', { name: 'Historique et livraisons' }).click()
    await expect(card.getByRole('listitem').filter({ hasText: 'Pas de réponse' })).toContainText(
      'annulé',
    )
  })

  test('asks before "Ne plus appeler", then closes the request', async ({ page }) => {
    await postLead(page, 'Stop')
    const card = await openCard(page, 'Stop')
    await card.getByRole('button', { name: 'Ne plus appeler' }).click()
    const confirm = card.getByRole('alertdialog')
    await expect(confirm).toContainText('Léa Stop ne veut plus être appelé(e)')
    await confirm.getByRole('button', { name: 'Retour' }).click()
    await expect(card).toContainText('Jamais appelé')

    await card.getByRole('button', { name: 'Ne plus appeler' }).click()
    await card.getByRole('button', { name: 'Confirmer «\u00a0Ne plus appeler\u00a0»' }).click()
    await expect(card).toContainText('La personne a demandé à ne plus être appelée.')
    for (const name of ['Pas de réponse', 'Joint', 'Ne plus appeler']) {
      await expect(card.getByRole('button', { name, exact: true })).toBeDisabled()
    }
  })

  test('disables every call button, saying why, at a time outside the hours', async ({ page }) => {
    await postLead(page, 'Horaires')
    const card = await openCard(page, 'Horaires')
    await card.getByLabel('Heure de l’appel').fill('09:00')
    await expect(card).toContainText(outsideHoursText)
    for (const name of ['Pas de réponse', 'Messagerie', 'Joint', 'Refus']) {
      await expect(card.getByRole('button', { name, exact: true })).toBeDisabled()
    }
    await card.getByLabel('Heure de l’appel').fill('14:30')
    await expect(card.getByRole('button', { name: 'Messagerie', exact: true })).toBeEnabled()
  })
})
