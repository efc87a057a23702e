import { createHash } from 'node:crypto'
import type { BrowserContext, Page } from '@playwright/test'
import { test, expect } from './support/fixtures'
import { fillLead, receivedRequests, submitButton, uniqueLead } from './support/leads'
import { metaCalls, standInForMeta } from './support/meta-stand-in'
import { graphPath, sampleCapiToken, samplePixelId, variantUrl } from './support/ports'
import { consentCopy } from '../src/content/consent'

/** A build with the pixel, whose leads go to the relay, which reports them to Meta's stand-in. */
const site = (path = '/') => variantUrl('pixelRelay', path)
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')

interface ServerEvent {
  event_name: string
  event_id?: string
  event_source_url: string
  action_source: string
  user_data: Record<string, string>
}

/** The server events the relay sent Meta's stand-in for one email address. */
async function serverEventsFor(email: string): Promise<{ url: string; event: ServerEvent }[]> {
  const requests = await receivedRequests()
  return requests
    .filter((request) => request.path.startsWith(`${graphPath}/`))
    .flatMap((request) =>
      ((request.json as { data?: ServerEvent[] }).data ?? []).map((event) => ({
        url: request.path,
        event,
      })),
    )
    .filter(({ event }) => event.user_data.em === sha256(email))
}

async function sendLead(page: Page, context: BrowserContext, choice: 'accept' | 'refuse') {
  const pixel = await standInForMeta(context)
  await page.goto(site('/?utm_campaign=printemps&fbclid=IwAR_e2e-1'))
  await page.getByRole('button', { name: consentCopy[choice] }).click()
  await expect(page.getByRole('region', { name: consentCopy.title })).toBeHidden()
  const lead = uniqueLead()
  await fillLead(page, lead)
  await submitButton(page).click()
  await expect(page.getByText('Votre demande est enregistrée.')).toBeVisible()
  return { lead, pixel }
}

test.describe("Meta's Conversions API, beside the pixel", () => {
  test('accepted: the pixel and the server report the lead with one event id', async ({
    page,
    context,
  }) => {
    const { lead, pixel } = await sendLead(page, context, 'accept')
    const lastCall = (await metaCalls(page)).at(-1) as [string, string, object, { eventID: string }]
    expect(lastCall.slice(0, 2)).toEqual(['track', 'Lead'])
    const eventId = lastCall[3].eventID
    expect(eventId).toMatch(/^[\w-]{8,}$/)
    await expect
      .poll(() => pixel.requests.some((url) => url.includes('ev=Lead') && url.includes(eventId)))
      .toBe(true)

    await expect.poll(async () => (await serverEventsFor(lead.email)).length).toBe(1)
    const [{ url, event }] = (await serverEventsFor(lead.email)) as [
      { url: string; event: ServerEvent },
    ]
    expect(url).toBe(`${graphPath}/v25.0/${samplePixelId}/events`)
    expect(url).not.toContain(sampleCapiToken)
    expect(event).toMatchObject({
      event_name: 'Lead',
      event_id: eventId,
      action_source: 'website',
      event_source_url: site('/?utm_campaign=printemps&fbclid=IwAR_e2e-1'),
    })
    expect(event.user_data).toMatchObject({
      ph: sha256('33612345678'),
      fn: sha256('élodie'),
      ln: sha256('martin'),
      country: sha256('fr'),
      // Set by the pixel's stand-in in this browser, and carried by the lead's request.
      fbp: 'fb.1.0.stand-in',
      client_ip_address: '127.0.0.1',
    })
    expect(event.user_data.fbc).toMatch(/^fb\.1\.\d{13}\.IwAR_e2e-1$/)
    expect(event.user_data.client_user_agent).toBe(await page.evaluate(() => navigator.userAgent))
  })

  test('refused: the lead is sent, and Meta hears nothing of it from the page or the server', async ({
    browser,
    page,
    context,
  }) => {
    const { lead, pixel } = await sendLead(page, context, 'refuse')
    expect(pixel.requests).toEqual([])
    // A consented lead sent afterwards reaches Meta: by then the first one would have too.
    const other = await browser.newContext()
    const control = await sendLead(await other.newPage(), other, 'accept')
    await expect.poll(async () => (await serverEventsFor(control.lead.email)).length).toBe(1)
    await other.close()
    expect(await serverEventsFor(lead.email)).toEqual([])
  })
})
