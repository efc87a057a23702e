/**
 * A lead's stage after the call, set from its card on a phone (360 px): signed with the contract's
 * yearly premium, or lost with its reason; the history shows the change and the broker's webhook
 * stand-in receives `lead.status_changed`.
 */
import { randomUUID } from 'node:crypto'
import type { Locator, Page } from '@playwright/test'
import { leadFormCopy } from '../common/lead/lead-form-copy'
import { createAdminAccount, logIn, ownAddress } from './support/admin'
import { expectNoA11yViolations } from './support/axe'
import { test, expect } from './support/fixtures'
import { receivedRequests, uniqueMobile } from './support/leads'
import { variantUrl } from './support/ports'

const admin = (pathname: string) => variantUrl('admin', pathname)

/** The card's stage line, folded ("Étape : …"), among the card's other folded parts. */
const stageSummary = (card: Locator) => card.locator('summary', { hasText: /^Étape/ })

/** Posts a lead as the form does, logs a new advisor in, and opens the lead's own card. */
async function openNewLeadCard(page: Page, person: { prenom: string; nom: string }) {
  const email = `etape-${randomUUID().slice(0, 8)}@exemple.fr`
  const sent = await page.request.post(admin('/api/leads'), {
    data: {
      ...person,
      email,
      telephone: uniqueMobile(),
      source: 'facebook_ads',
      page_url: admin('/?utm_campaign=etapes&gclid=Cj0KCQiA-e2e'),
      timestamp: new Date().toISOString(),
      consentement: true,
      consentement_texte: leadFormCopy.consentLabel,
    },
    headers: ownAddress(),
  })
  expect(sent.status(), await sent.text()).toBe(202)
  await page.goto(admin('/admin'))
  await logIn(page, createAdminAccount())
  const found = await page.request.get(admin(`/admin/api/leads?q=${encodeURIComponent(email)}`))
  const { leads } = (await found.json()) as { leads: { id: string }[] }
  const id = leads[0]!.id
  await page.goto(admin(`/admin/demandes/${id}`))
  return { id, card: page.getByRole('article', { name: `${person.prenom} ${person.nom}` }) }
}

test.describe('lead stages on a phone', () => {
  test.beforeEach(async ({ page }) => {
    await page.setExtraHTTPHeaders(ownAddress())
    await page.setViewportSize({ width: 360, height: 780 })
  })

  test('moves a lead to "Signé" with its yearly premium and shows it in the history', async ({
    page,
  }) => {
    const { id, card } = await openNewLeadCard(page, { prenom: 'Inès', nom: 'Signature' })
    await card.getByText('Changer', { exact: true }).click()
    const form = card.getByRole('form', { name: 'Étape de la demande de Inès Signature' })
    await form.getByLabel('Nouvelle étape').selectOption({ label: 'Signé' })
    await form.getByLabel('Prime annuelle du contrat (€, facultatif)').fill('1 200,50')
    await form.getByLabel('Note (facultative)').fill('Contrat signé, délégation acceptée')
    await form.getByRole('button', { name: 'Enregistrer l’étape' }).click()
    await expect(card.getByRole('status')).toHaveText(
      'Étape «\u00a0Signé\u00a0» enregistrée pour Inès Signature.',
    )
    await expect(stageSummary(card)).toContainText(/^Étape\s:\sSigné/)

    await card.getByRole('button', { name: 'Historique et livraisons' }).click()
    const change = card.getByRole('listitem').filter({ hasText: 'Nouveau → Signé' })
    await expect(change).toContainText(/prime annuelle 1\s200,50\s€/)
    await expect(change).toContainText('Contrat signé, délégation acceptée')
    // Nothing wider than the phone, the deliveries' table included (it scrolls within itself).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)

    // The broker's automation hears of it, with the premium.
    await expect
      .poll(async () =>
        (await receivedRequests('/admin-lead')).some((request) => {
          const body = request.json as Record<string, unknown> | undefined
          return body?.type === 'lead.status_changed' && body.lead_id === id
        }),
      )
      .toBe(true)
    const event = (await receivedRequests('/admin-lead'))
      .map((request) => request.json as Record<string, unknown>)
      .find((body) => body.type === 'lead.status_changed' && body.lead_id === id)
    expect(event).toMatchObject({
      status: 'signe',
      previous_status: 'nouveau',
      motif: null,
      prime_annuelle: 1200.5,
    })
  })

  test('asks the reason before a lead is lost, then shows it', async ({ page }) => {
    const { card } = await openNewLeadCard(page, { prenom: 'Hugo', nom: 'Perte' })
    await card.getByText('Changer', { exact: true }).click()
    const form = card.getByRole('form', { name: 'Étape de la demande de Hugo Perte' })
    await form.getByLabel('Nouvelle étape').selectOption({ label: 'Perdu' })
    await form.getByRole('button', { name: 'Enregistrer l’étape' }).click()
    // The browser holds the form back until a reason is chosen: nothing is recorded yet.
    await expect(stageSummary(card)).toContainText(/^Étape\s:\sNouveau/)
    await form.getByLabel('Raison de la perte').selectOption({ label: 'Déjà couvert' })
    await form.getByRole('button', { name: 'Enregistrer l’étape' }).click()
    await expect(stageSummary(card)).toContainText(/^Étape\s:\sPerdu/)
    await card.getByRole('button', { name: 'Historique et livraisons' }).click()
    await expect(
      card.getByRole('listitem').filter({ hasText: 'Nouveau → Perdu (Déjà couvert)' }),
    ).toBeVisible()
  })

  test.describe('accessibility', () => {
    test.use({ bypassCSP: true })

    test('axe finds nothing serious in the open stage form', async ({ page }) => {
      const { card } = await openNewLeadCard(page, { prenom: 'Léa', nom: 'Axe' })
      await card.getByText('Changer', { exact: true }).click()
      await card.getByLabel('Nouvelle étape').selectOption({ label: 'Signé' })
      await expectNoA11yViolations(page)
    })
  })
})
