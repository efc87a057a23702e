/**
 * The back-office's screens in a real browser against the relay (`npm start`'s server on the
 * embedded database, leads forwarded to the webhook stand-in): the leads to call and the call
 * rules of the law, a parked delivery replayed, the funnel per campaign and ad, the export and the
 * erasure, the keyboard alone, and axe on every screen at phone and desktop widths.
 */
import { randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import type { APIRequestContext, Page } from '@playwright/test'
import { leadFormCopy } from '../common/lead/lead-form-copy'
import { simulationOf } from '../common/lead/lead-contract'
import { estimateFields } from '../common/estimate/estimate-copy'
import {
  createAdminAccount,
  logIn,
  ownAddress,
  postAdminLead,
  type AdminAccount,
} from './support/admin'
import { expectNoA11yViolations } from './support/axe'
import { test, expect } from './support/fixtures'
import { waitForHydration } from './support/hydration'
import { fillLead, receivedRequests, submitButton, uniqueLead } from './support/leads'
import { variantUrl } from './support/ports'
import { oldLead, sharedPhone } from './support/seed-admin-data'

const admin = (pathname = '/admin') => variantUrl('admin', pathname)

/** What the estimate sends for 200,000 € over 20 years, aged 32, insured alone. */
const sampleSimulation = simulationOf({
  amount: 200_000,
  yearsLeft: 20,
  age: 32,
  monthlyPremium: null,
  insured: 'seul',
})

async function openAsBroker(page: Page, pathname = '/admin'): Promise<AdminAccount> {
  const account = createAdminAccount()
  await page.goto(admin(pathname))
  await logIn(page, account)
  return account
}

async function search(page: Page, text: string, campaign?: string) {
  const form = page.getByRole('search', { name: 'Filtrer les demandes' })
  await form.getByLabel('Rechercher (nom, email ou téléphone)').fill(text)
  if (campaign) await form.getByLabel('Campagne').selectOption(campaign)
  await form.getByRole('button', { name: 'Filtrer' }).click()
}

const card = (page: Page, name: string) => page.getByRole('article', { name })

/**
 * An erasure answers once the embedded database's tables are rewritten (erase-person.ts): under a
 * fraction of a second alone, seconds on a host busy with other tests.
 */
const erasureWait = { timeout: 30_000 }

/** Presses Tab until `target` has the focus (at most 60 times), as a keyboard user would. */
async function tabTo(page: Page, target: ReturnType<Page['locator']>) {
  for (
    let step = 0;
    step < 60 && !(await target.evaluate((el) => el === document.activeElement));
    step += 1
  ) {
    await page.keyboard.press('Tab')
  }
  await expect(target).toBeFocused()
}

/** How many times the relay has forwarded the lead of `email` to the stand-in. */
async function forwardedCount(email: string): Promise<number> {
  const received = await receivedRequests('/admin-lead')
  return received.filter((request) => (request.json as { email?: string }).email === email).length
}

/** A lead the stand-in refuses (422), once its first delivery has been tried: it is parked. */
async function postRefusedLead(request: APIRequestContext, prenom: string) {
  const lead = await postAdminLead(request, { nom: 'Refus', prenom })
  await expect.poll(() => forwardedCount(lead.email)).toBe(1)
  return lead
}

test.describe('back-office screens', () => {
  test.beforeEach(async ({ page }) => {
    await page.setExtraHTTPHeaders(ownAddress())
  })

  test.describe('calls', () => {
    // The fifth attempt sent past the disabled button answers 409.
    test.use({ expectedConsoleErrors: /status of 409/ })

    test('lists a lead with everything needed to call, then enforces 4 calls in 30 days (D223-9)', async ({
      page,
      request,
    }) => {
      test.setTimeout(60_000)
      const campaign = `e2e-${randomUUID().slice(0, 8)}`
      const lead = await postAdminLead(request, {
        nom: 'Durand',
        prenom: 'Paul',
        utm_source: 'facebook',
        utm_campaign: campaign,
        utm_content: 'annonce-1',
        rappel_prefere: 'matin',
        simulation: sampleSimulation,
      })
      await openAsBroker(page)
      await search(page, lead.email)
      const lead1 = card(page, 'Paul Durand')
      await expect(lead1).toContainText('Jamais appelé')
      const digits = lead.telephone.replace(/\s/g, '').slice(1)
      await expect(lead1.getByRole('link', { name: lead.telephone })).toHaveAttribute(
        'href',
        `tel:+33${digits}`,
      )
      await expect(lead1.getByRole('link', { name: lead.email })).toBeVisible()
      await expect(lead1).toContainText(`campagne ${campaign}, annonce annonce-1, source facebook`)
      await expect(lead1).toContainText('200 000 € sur 20 ans, 32 ans')
      await expect(lead1).toContainText(/2\s400\s€ à 10\s800\s€ d’économie estimée/)
      await expect(lead1).toContainText(leadFormCopy.callback.options.matin)
      await expect(lead1).toContainText('4 sur 4')

      // The phone number alone finds the lead too, whatever its spacing.
      await search(page, lead.telephone.replace(/\s/g, ''))
      await expect(card(page, 'Paul Durand')).toBeVisible()

      // Calls inside the hours, their undo and the planner: calls.spec.ts, on a clock of its own.
      // "Ne plus appeler", confirmed, closes the lead for good, at any hour.
      await lead1.getByRole('button', { name: 'Ne plus appeler' }).click()
      await lead1.getByRole('button', { name: 'Confirmer «\u00a0Ne plus appeler\u00a0»' }).click()
      await expect(lead1).toContainText('La personne a demandé à ne plus être appelée.')
      await expect(lead1.getByRole('button', { name: 'Ne plus appeler' })).toBeDisabled()
    })
  })

  test('shows a lead older than 30 days as no longer callable (R112-7)', async ({ page }) => {
    await openAsBroker(page)
    await search(page, oldLead.email)
    const old = card(page, `${oldLead.prenom} ${oldLead.nom}`)
    await expect(old).toContainText('Clos\u00a0: plus d’appel possible')
    await expect(old).toContainText(
      /Demande de plus de 30 jours .*Code des assurances, art\. R112-7/,
    )
    await expect(old.getByRole('button', { name: 'Pas de réponse' })).toBeDisabled()
    await expect(old.getByRole('button', { name: 'Joint' })).toBeDisabled()
  })

  test('keeps a person sharing only the phone of a withdrawn address callable, marked, one card', async ({
    page,
  }) => {
    await openAsBroker(page)
    await search(page, sharedPhone.telephone)
    const { person, withdrawn } = sharedPhone
    // One phone within 30 days: one person, one card, on the request whose consent stands.
    const kept = card(page, `${person.prenom} ${person.nom}`)
    await expect(page.getByRole('article')).toHaveCount(1)
    await expect(kept).toContainText(
      'retrait demandé depuis une autre adresse\u00a0: à confirmer lors de l’appel',
    )
    // Still callable ("Ne plus appeler" at any hour; the others only inside the legal hours).
    await expect(kept.getByRole('button', { name: 'Ne plus appeler' })).toBeEnabled()
    await kept.getByText('Ses 2 demandes').click()
    const requests = kept.getByRole('listitem')
    await expect(requests).toHaveCount(2)
    await expect(requests.first()).toContainText('consentement retiré')
    await expect(requests.first()).toContainText(withdrawn.email)
    await expect(requests.last()).not.toContainText('consentement retiré')
  })

  test.describe('a person with two requests', () => {
    // axe is injected as a script, which the back-office's policy refuses.
    test.use({ bypassCSP: true })

    test('shows a person’s two requests on one card, at 360 px', async ({ page, request }) => {
      await page.setViewportSize({ width: 360, height: 740 })
      const first = await postAdminLead(request, { nom: 'Deuxfois', utm_campaign: 'printemps' })
      const second = await postAdminLead(request, {
        nom: 'Deuxfois',
        telephone: first.telephone,
        utm_campaign: 'automne',
        simulation: sampleSimulation,
      })
      await openAsBroker(page)
      // On a phone the filters start folded.
      await page.getByText('Filtres, tri et export', { exact: true }).click()
      await search(page, first.telephone)
      const person = card(page, 'Élodie Deuxfois')
      await expect(page.getByRole('article')).toHaveCount(1)
      await expect(person).toContainText('2ᵉ demande d’Élodie Deuxfois')
      await expect(person).toContainText(second.email)
      await person.getByText('Ses 2 demandes').click()
      const requests = person.getByRole('listitem')
      await expect(requests).toHaveCount(2)
      await expect(requests.first()).toContainText('la plus récente')
      await expect(requests.first()).toContainText('campagne automne')
      await expect(requests.first()).toContainText('d’économie estimée')
      await expect(requests.last()).toContainText('campagne printemps')
      await expect(requests.last()).toContainText(first.email)
      await expect(requests.last()).toContainText(leadFormCopy.consentLabel.slice(0, 40))
      // Nothing wider than the phone's screen.
      const width = await page.evaluate(() => document.documentElement.scrollWidth)
      expect(width).toBeLessThanOrEqual(360)
      await expectNoA11yViolations(page)
    })
  })

  test('ranks never-called leads first, filters by campaign and state, and shows HTML as text', async ({
    page,
    request,
  }) => {
    const campaign = `tri-${randomUUID().slice(0, 8)}`
    const first = await postAdminLead(request, { nom: 'Premier', utm_campaign: campaign })
    await postAdminLead(request, { nom: 'Second', utm_campaign: campaign })
    const html = '<img src=x onerror="window.injected=true">'
    await postAdminLead(request, { nom: html, utm_campaign: campaign })
    await openAsBroker(page)
    await search(page, first.email)
    const premier = card(page, 'Élodie Premier')
    await premier.getByRole('button', { name: 'Ne plus appeler' }).click()
    await premier.getByRole('button', { name: 'Confirmer «\u00a0Ne plus appeler\u00a0»' }).click()
    await expect(premier).toContainText('Clos')

    await search(page, '', campaign)
    const names = page.getByRole('article').getByRole('heading', { level: 2 })
    await expect(names).toHaveText([`Élodie ${html}`, 'Élodie Second', 'Élodie Premier'])
    expect(await page.evaluate(() => (window as { injected?: boolean }).injected)).toBeUndefined()
    await expect(page.getByText('3 demandes, page 1 sur 1')).toBeVisible()

    await page.getByLabel('État').selectOption('clos')
    await page.getByRole('button', { name: 'Filtrer' }).click()
    await expect(names).toHaveText(['Élodie Premier'])

    // A search that looks like SQL is only text: no error, no lead.
    await search(page, "' OR 1=1; DROP TABLE leads; --")
    await expect(page.getByText('Aucune demande ne correspond à ces critères.')).toBeVisible()
  })

  test('replays a parked delivery: the banner warns, the stand-in receives it again', async ({
    page,
    request,
  }) => {
    const lead = await postRefusedLead(request, 'Livraison')
    await openAsBroker(page)
    const banner = page.getByText(/livraisons? (est|sont) en échec/)
    await expect(banner).toBeVisible()
    await page.getByRole('link', { name: 'Voir les livraisons' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Livraisons' })).toBeFocused()
    const row = page.getByRole('row').filter({ hasText: 'Livraison Refus' })
    await expect(row).toContainText('En échec, mise de côté')
    await expect(row).toContainText('422')
    await row
      .getByRole('button', {
        name: /Relancer la livraison «\s?Webhook \(CRM\)\s?» de Livraison Refus/,
      })
      .click()
    await expect.poll(() => forwardedCount(lead.email)).toBe(2)
    await page.getByRole('button', { name: 'Actualiser' }).click()
    await expect(page.getByRole('row').filter({ hasText: 'Livraison Refus' })).toHaveCount(0)

    // The lead's own history says where it went.
    await page.getByRole('navigation').getByRole('link', { name: 'Appels' }).click()
    await search(page, lead.email)
    const refused = card(page, 'Livraison Refus')
    await refused.getByRole('button', { name: 'Historique et livraisons' }).click()
    await expect(refused.getByRole('row').filter({ hasText: 'Webhook (CRM)' })).toContainText(
      'Livrée',
    )
  })

  test('counts views, form starts, estimates and leads per campaign and per ad', async ({
    page,
  }) => {
    test.setTimeout(60_000)
    const campaign = `entonnoir-${randomUUID().slice(0, 8)}`
    await page.goto(admin(`/?utm_source=facebook&utm_campaign=${campaign}&utm_content=video-2`))
    await waitForHydration(page, '#estimate-amount')
    await page.getByLabel(estimateFields.amount.label).pressSequentially('200 000')
    await page.getByLabel(estimateFields.yearsLeft.label).pressSequentially('20')
    await page.getByLabel(estimateFields.age.label).pressSequentially('32')
    await expect(page.locator('#simulation-form').getByRole('status').first()).toContainText('€')
    await fillLead(page, uniqueLead({ nom: 'Entonnoir' }))
    await submitButton(page).click()
    await expect(page.getByText(leadFormCopy.confirmation.title)).toBeVisible()

    await openAsBroker(page, '/admin/entonnoir')
    await page.getByRole('navigation').getByRole('link', { name: 'Entonnoir' }).click()
    await page.getByLabel('7 jours').check()
    const row = page.getByRole('row').filter({ hasText: campaign })
    // Nobody called yet: no one reached, no appointment, nothing signed.
    const oneOfEach = [
      '1',
      '1',
      '1',
      '1',
      '0',
      '0',
      '0',
      /^0\s€$/,
      '100 %',
      '100 %',
      '0 %',
      '—',
      '—',
      '0 %',
    ]
    await expect(row.getByRole('cell')).toHaveText(oneOfEach)
    await row.getByRole('button', { name: `${campaign}\u00a0: voir par annonce` }).click()
    await expect(page.getByRole('heading', { level: 2 })).toHaveText(
      `Campagne ${campaign}, par annonce`,
    )
    await expect(page.getByRole('row').filter({ hasText: 'video-2' }).getByRole('cell')).toHaveText(
      oneOfEach,
    )
    await expect(
      page.getByRole('img', {
        name: /Demandes par jour .* sur 7 jours\s: 1 demandes? au total/,
      }),
    ).toBeVisible()
    await page.getByRole('button', { name: 'Toutes les campagnes' }).click()
    await expect(page.getByRole('row').filter({ hasText: campaign })).toBeVisible()
  })

  test('exports the filtered list as CSV, then erases the person after naming what goes', async ({
    page,
    request,
  }) => {
    const lead = await postAdminLead(request, { nom: 'Effacement', prenom: 'Julie' })
    await openAsBroker(page)
    await search(page, lead.email)
    await expect(card(page, 'Julie Effacement')).toBeVisible()
    const downloading = page.waitForEvent('download')
    await page.getByRole('link', { name: 'Exporter la liste filtrée (CSV)' }).click()
    const download = await downloading
    expect(download.suggestedFilename()).toMatch(/^demandes-\d{4}-\d{2}-\d{2}\.csv$/)
    const csv = await readFile((await download.path())!, 'utf8')
    const lines = csv.trim().split(/\r?\n/)
    expect(lines).toHaveLength(2)
    expect(lines[1]).toContain(lead.email)

    await page.getByRole('navigation').getByRole('link', { name: 'Données personnelles' }).click()
    await page.getByLabel('Email de la personne').fill(lead.email.toUpperCase())
    await page.getByRole('button', { name: 'Voir ce qui sera effacé' }).click()
    const preview = page.getByRole('region', { name: `Seront effacés pour ${lead.email}\u00a0:` })
    await expect(preview).toContainText(`la demande de Julie Effacement (${lead.telephone})`)
    await expect(preview).toContainText('0 appel enregistré')
    await preview.getByRole('button', { name: 'Effacer définitivement 1 demande' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'effacée' })).toHaveText(
      `1 demande effacée pour ${lead.email}, avec ses appels et ses livraisons.`,
      erasureWait,
    )

    await page.getByRole('navigation').getByRole('link', { name: 'Appels' }).click()
    await search(page, lead.email)
    await expect(page.getByText('Aucune demande ne correspond à ces critères.')).toBeVisible()
  })

  test('records a call and replays nothing with the keyboard alone', async ({ page, request }) => {
    const lead = await postAdminLead(request, { nom: 'Clavier', prenom: 'Anne' })
    await openAsBroker(page)
    await page.keyboard.press('Tab') // the skip link
    await page.keyboard.press('Enter')
    // From the content: the filters' disclosure (open on a wide screen), the search field, then
    // the filter button.
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    await expect(page.getByLabel('Rechercher (nom, email ou téléphone)')).toBeFocused()
    await page.keyboard.type(lead.email)
    await page.keyboard.press('Enter')
    const anne = card(page, 'Anne Clavier')
    await expect(anne).toBeVisible()
    // "Ne plus appeler" can be recorded at any hour: this test does not depend on the clock.
    await tabTo(page, anne.getByRole('button', { name: 'Ne plus appeler' }))
    await page.keyboard.press('Enter')
    await tabTo(page, anne.getByRole('button', { name: 'Confirmer «\u00a0Ne plus appeler\u00a0»' }))
    await page.keyboard.press('Enter')
    await expect(anne).toContainText('«\u00a0Ne plus appeler\u00a0» enregistré pour Anne Clavier.')
    await tabTo(page, anne.getByRole('button', { name: 'Historique et livraisons' }))
    await page.keyboard.press('Enter')
    await expect(anne.getByRole('listitem').filter({ hasText: 'Ne plus appeler' })).toHaveCount(1)
  })

  test('replays a parked delivery and erases a person with the keyboard alone', async ({
    page,
    request,
  }) => {
    const lead = await postRefusedLead(request, 'Touche')
    await openAsBroker(page)
    await tabTo(page, page.getByRole('link', { name: 'Voir les livraisons' }))
    await page.keyboard.press('Enter')
    await expect(page.getByRole('heading', { level: 1, name: 'Livraisons' })).toBeFocused()
    await tabTo(
      page,
      page
        .getByRole('row')
        .filter({ hasText: 'Touche Refus' })
        .getByRole('button', { name: /^Relancer la livraison/ }),
    )
    await page.keyboard.press('Enter')
    await expect.poll(() => forwardedCount(lead.email)).toBe(2)

    await tabTo(
      page,
      page.getByRole('navigation').getByRole('link', { name: 'Données personnelles' }),
    )
    await page.keyboard.press('Enter')
    await tabTo(page, page.getByLabel('Email de la personne'))
    await page.keyboard.type(lead.email)
    await page.keyboard.press('Enter')
    const erase = page.getByRole('button', { name: 'Effacer définitivement 1 demande' })
    await tabTo(page, erase)
    await page.keyboard.press('Enter')
    await expect(page.getByRole('status').filter({ hasText: 'effacée' })).toHaveText(
      `1 demande effacée pour ${lead.email}, avec ses appels et ses livraisons.`,
      erasureWait,
    )
  })

  test.describe('accessibility', () => {
    test.use({ bypassCSP: true })

    for (const width of [360, 1280]) {
      test(`axe finds nothing serious on any screen at ${width} px`, async ({ page, request }) => {
        test.setTimeout(60_000)
        await page.setViewportSize({ width, height: 900 })
        await postAdminLead(request, { nom: 'Axe', utm_campaign: 'accessibilite' })
        await openAsBroker(page)
        await page.getByRole('button', { name: 'Toutes les demandes' }).click()
        await expect(page.getByRole('article').first()).toBeVisible()
        await page
          .getByRole('article')
          .first()
          .getByRole('button', { name: 'Historique et livraisons' })
          .click()
        await expectNoA11yViolations(page)
        for (const [link, heading] of [
          ['Livraisons', 'Livraisons'],
          ['Entonnoir', 'Entonnoir par campagne'],
          ['Données personnelles', 'Données personnelles'],
        ] as const) {
          await page.getByRole('navigation').getByRole('link', { name: link }).click()
          await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
          await page.waitForLoadState('networkidle')
          await expectNoA11yViolations(page)
        }
        await page.getByLabel('Email de la personne').fill(oldLead.email)
        await page.getByRole('button', { name: 'Voir ce qui sera effacé' }).click()
        await expect(page.getByRole('region', { name: /Seront effacés/ })).toBeVisible()
        await expectNoA11yViolations(page)
      })
    }
  })
})
