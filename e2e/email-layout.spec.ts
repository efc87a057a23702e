/**
 * The relay's emails as a phone's mail app shows them: each one, built with the longest values a
 * lead can bring (a page address full of tracking parameters, unbroken tokens, a long address),
 * is laid out by Chromium at a phone's width and at a desktop's. Nothing may scroll sideways on
 * the phone, and nothing may be wider than the 600 px mail clients are designed for.
 */
import { test, expect } from './support/fixtures'
import type { Page } from '@playwright/test'
import {
  brokerAlert,
  brokerEscalation,
  brokerWithdrawal,
  visitorConfirmation,
} from '../server/emails/lead-emails'
import { validLead } from '../server/test-support/lead-fixtures'
import { parseLeadPayload } from '../server/api/parse-lead'

const token = (length: number) => 'Ab9'.repeat(Math.ceil(length / 3)).slice(0, length)

function longLead() {
  const parsed = parseLeadPayload(
    validLead({
      email: `${token(60)}@${token(40)}.example`,
      page_url: `https://www.assurance-emprunteur-exemple.fr/simulation/pret-immobilier?utm_source=facebook&utm_medium=paid_social&utm_campaign=${token(80)}&utm_content=${token(60)}&fbclid=${token(200)}`,
      utm_campaign: token(200),
      fbclid: token(200),
      rappel_prefere: 'soir',
      simulation: {
        montant_emprunte: 450_000,
        duree_restante_ans: 25,
        age: 34,
        cotisation_mensuelle: 180,
        assures: 'deux_100',
        // Recomputed by the relay's own table whatever is sent here.
        economie_min: 0,
        economie_max: 0,
        bareme: 'sent',
      },
    }),
  )
  if (!parsed.ok) throw new Error(`lead refused: ${JSON.stringify(parsed.errors)}`)
  return parsed.payload
}

function emails() {
  const payload = longLead()
  const context = {
    leadId: '0b5c3a9e-1d2f-4e6a-8b7c-9d0e1f2a3b4c',
    payload,
    receivedAt: new Date('2026-11-23T10:00:00Z'),
    cardUrl:
      'https://www.assurance-emprunteur-exemple.fr/admin/demandes/0b5c3a9e-1d2f-4e6a-8b7c-9d0e1f2a3b4c',
  }
  return {
    'the broker’s alert': brokerAlert(context),
    'the broker’s escalation': brokerEscalation(context),
    'the broker’s withdrawal notice': brokerWithdrawal({ ...context, withdrawnAt: new Date() }),
    'the visitor’s confirmation': visitorConfirmation({
      ...context,
      siteUrl: 'https://www.assurance-emprunteur-exemple.fr',
      withdrawUrl: `https://www.assurance-emprunteur-exemple.fr/retrait-consentement?jeton=${context.leadId}.1890445227.${token(43)}`,
    }),
  }
}

/** The document's own width, and its widest element's. */
const widths = (page: Page) =>
  page.evaluate(() => ({
    document: document.documentElement.scrollWidth,
    widestElement: Math.max(
      ...[...document.body.querySelectorAll('*')].map(
        (element) => element.getBoundingClientRect().width,
      ),
    ),
  }))

for (const [name, email] of Object.entries(emails())) {
  test(`${name} fits a phone’s screen and never grows past 600 px`, async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 640 })
    await page.setContent(email.html)
    const phone = await widths(page)
    expect(phone.document, 'scrolls sideways on a 360 px phone').toBeLessThanOrEqual(360)

    await page.setViewportSize({ width: 1280, height: 800 })
    const desktop = await widths(page)
    expect(desktop.widestElement, 'wider than 600 px on a desktop').toBeLessThanOrEqual(600)
  })
}
