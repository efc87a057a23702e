/**
 * The back-office on an advisor's phone, in a real browser against the relay: installable (the
 * manifest, its icons, the service worker over /admin), a pushed notification shown and opened on
 * the lead's card, the card reached through the login, the first screen usable at 360 px, and
 * the notifications screen turning this device on and off.
 */
import { createECDH, randomBytes, randomUUID } from 'node:crypto'
import type { APIRequestContext, BrowserContext, Page, Worker } from '@playwright/test'
import { leadFormCopy } from '../common/lead/lead-form-copy'
import { createAdminAccount, fillLogin, logIn, ownAddress } from './support/admin'
import { expectNoA11yViolations } from './support/axe'
import { test, expect } from './support/fixtures'
import { closedPort, variantUrl } from './support/ports'
import { uniqueMobile } from './support/leads'

const admin = (pathname = '/admin') => variantUrl('admin', pathname)
const origin = new URL(admin()).origin

/** A first name no other test uses: letters only, as the form's rules want. */
const uniqueFirstName = () =>
  `Inès ${Array.from(randomBytes(6), (byte) => String.fromCharCode(97 + (byte % 26))).join('')}`

/** A lead posted to the relay as the form posts it, with a name no other test uses. */
async function postLead(request: APIRequestContext): Promise<{ email: string; prenom: string }> {
  const lead = {
    nom: 'Notifiée',
    prenom: uniqueFirstName(),
    email: `pwa-${randomUUID().slice(0, 8)}@exemple.fr`,
    telephone: uniqueMobile(),
    source: 'facebook_ads',
    page_url: admin('/'),
    timestamp: new Date().toISOString(),
    consentement: true,
    consentement_texte: leadFormCopy.consentLabel,
    consentement_publicite: false,
  }
  const response = await request.post(admin('/api/leads'), { data: lead, headers: ownAddress() })
  expect(response.status(), await response.text()).toBe(202)
  return lead
}

/** The lead's id, as the logged-in back-office finds it. */
async function leadIdOf(page: Page, email: string): Promise<string> {
  const response = await page.request.get(admin(`/admin/api/leads?q=${encodeURIComponent(email)}`))
  const { leads } = (await response.json()) as { leads: { id: string }[] }
  expect(leads).toHaveLength(1)
  return leads[0]!.id
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8)).toEqual(
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  )
  expect(bytes.subarray(12, 16).toString('ascii')).toBe('IHDR')
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }
}

/** The back-office's service worker, once the logged-in app has registered it. */
async function serviceWorker(page: Page, context: BrowserContext): Promise<Worker> {
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope)
  expect(scope).toBe(`${origin}/admin`)
  const worker = context.serviceWorkers().find((candidate) => candidate.url().endsWith('/sw.js'))
  expect(worker, 'the service worker as Playwright sees it').toBeDefined()
  return worker!
}

interface ShownNotification {
  title: string
  body: string
  tag: string
  icon: string
  badge: string
  data: { url: string }
}

const shownNotifications = (worker: Worker) =>
  worker.evaluate(async () => {
    const scope = self as unknown as { registration: ServiceWorkerRegistration }
    return (await scope.registration.getNotifications()).map((notification) => ({
      title: notification.title,
      body: notification.body,
      tag: notification.tag,
      icon: notification.icon,
      badge: notification.badge,
      data: notification.data as { url: string },
    }))
  })

test.describe('the back-office as a web app', () => {
  test.beforeEach(async ({ page }) => {
    await page.setExtraHTTPHeaders(ownAddress())
  })

  test('has a valid manifest, its icons, and a service worker whose scope is /admin', async ({
    page,
    context,
    request,
  }) => {
    const manifestResponse = await request.get(admin('/admin/manifest.webmanifest'))
    expect(manifestResponse.status()).toBe(200)
    expect(manifestResponse.headers()['content-type']).toBe(
      'application/manifest+json; charset=utf-8',
    )
    const manifest = (await manifestResponse.json()) as Record<string, unknown> & {
      icons: { src: string; sizes: string; type: string; purpose: string }[]
    }
    expect(manifest).toMatchObject({
      name: 'Espace courtier',
      short_name: expect.any(String),
      start_url: '/admin',
      scope: '/admin',
      display: 'standalone',
      lang: 'fr',
    })
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/)
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/)
    // Chrome installs an app with a 192 and a 512 icon; Android's launchers want a maskable one.
    const sizes = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)
    expect(sizes).toEqual(
      expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
    )
    for (const icon of manifest.icons) {
      expect(icon.src.startsWith('/admin/')).toBe(true)
      const response = await request.get(admin(icon.src))
      expect(response.status(), icon.src).toBe(200)
      expect(response.headers()['content-type']).toBe('image/png')
      const { width, height } = pngSize(await response.body())
      expect(`${width}x${height}`).toBe(icon.sizes)
      expect(icon.type).toBe('image/png')
    }

    const sw = await request.get(admin('/admin/sw.js'))
    expect(sw.status()).toBe(200)
    expect(sw.headers()['content-type']).toBe('text/javascript; charset=utf-8')
    expect(sw.headers()['service-worker-allowed']).toBe('/admin')
    expect(sw.headers()['cache-control']).toBe('no-store')

    const account = createAdminAccount()
    await page.goto(admin('/admin'))
    const shell = await page.request.get(admin('/admin/login'))
    expect(shell.headers()['content-security-policy']).toContain("worker-src 'self'")
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
      'href',
      '/admin/manifest.webmanifest',
    )
    await logIn(page, account)
    await serviceWorker(page, context)
  })

  test('shows a pushed notification, replaces it on a resend, and opens the card on a tap', async ({
    page,
    context,
    request,
  }) => {
    await context.grantPermissions(['notifications'], { origin })
    const lead = await postLead(request)
    const account = createAdminAccount()
    await page.goto(admin('/admin'))
    await logIn(page, account)
    const id = await leadIdOf(page, lead.email)
    const worker = await serviceWorker(page, context)
    const cardUrl = admin(`/admin/demandes/${id}`)

    // What the relay pushes, as the browser's push service hands it to the worker.
    const push = (payload: object) =>
      worker.evaluate((data) => {
        const PushEventClass = (
          globalThis as unknown as { PushEvent: new (type: string, init: object) => Event }
        ).PushEvent
        self.dispatchEvent(new PushEventClass('push', { data }))
      }, JSON.stringify(payload))
    const tag = `lead-${id}`
    await push({ title: 'Nouvelle demande', body: `${lead.prenom} N.`, url: cardUrl, tag })
    await push({
      title: 'Demande non prise en charge',
      body: `${lead.prenom} N.`,
      url: cardUrl,
      tag,
    })

    await expect.poll(() => shownNotifications(worker)).toHaveLength(1)
    const [shown] = (await shownNotifications(worker)) as [ShownNotification]
    expect(shown).toEqual({
      title: 'Demande non prise en charge',
      body: `${lead.prenom} N.`,
      tag,
      icon: `${origin}/admin/icons/icon-192.png`,
      badge: `${origin}/admin/icons/badge-96.png`,
      data: { url: cardUrl },
    })

    // A tap on the notification, as the browser reports it to the worker.
    await worker.evaluate(async (tagged) => {
      const scope = self as unknown as { registration: ServiceWorkerRegistration }
      const [notification] = await scope.registration.getNotifications({ tag: tagged })
      const NotificationEventClass = (
        globalThis as unknown as {
          NotificationEvent: new (type: string, init: { notification: Notification }) => Event
        }
      ).NotificationEvent
      self.dispatchEvent(
        new NotificationEventClass('notificationclick', { notification: notification! }),
      )
    }, tag)
    await expect(page).toHaveURL(cardUrl)
    await expect(page.getByRole('heading', { level: 1, name: 'Demande à rappeler' })).toBeVisible()
    await expect(page.getByRole('article', { name: `${lead.prenom} Notifiée` })).toBeVisible()
    await expect.poll(() => shownNotifications(worker)).toHaveLength(0)

    // A payload pointing anywhere but this back-office opens the calls screen instead.
    await push({ title: 'Piège', body: 'x', url: 'https://ailleurs.example/admin', tag: 'x' })
    await expect.poll(() => shownNotifications(worker)).toHaveLength(1)
    expect((await shownNotifications(worker))[0]!.data.url).toBe(`${origin}/admin`)
  })

  test.describe('a card', () => {
    // The unknown card's API answer.
    test.use({ expectedConsoleErrors: /status of 404/ })

    test('leads from a card’s address through the login to that card, and nowhere else', async ({
      page,
      request,
    }) => {
      const lead = await postLead(request)
      const account = createAdminAccount()
      // The id from a first session, as the alert email would carry it.
      await page.goto(admin('/admin'))
      await logIn(page, account)
      const id = await leadIdOf(page, lead.email)
      await page.context().clearCookies()

      const card = `/admin/demandes/${id}`
      await page.goto(admin(card))
      await expect(page).toHaveURL(admin(`/admin/login?suite=${encodeURIComponent(card)}`))
      await fillLogin(page, account)
      await expect(page).toHaveURL(admin(card))
      await expect(page.getByRole('article', { name: `${lead.prenom} Notifiée` })).toBeVisible()
      await expect(page.getByRole('article')).toHaveCount(1)

      // Logged in, the login page sends on to a card, never to another site.
      for (const [suite, landing] of [
        [card, card],
        ['https://ailleurs.example/admin/demandes/x', '/admin'],
        ['//ailleurs.example', '/admin'],
        ['/admin/demandes/../../ailleurs', '/admin'],
      ] as const) {
        const response = await page.request.get(
          admin(`/admin/login?suite=${encodeURIComponent(suite)}`),
          { maxRedirects: 0 },
        )
        expect(response.status(), suite).toBe(303)
        expect(response.headers().location, suite).toBe(landing)
      }
      // An unknown card says so, in French, in the app's frame.
      await page.goto(admin('/admin/demandes/00000000-0000-4000-8000-000000000000'))
      await expect(page.getByRole('alert')).toHaveText(
        'Cette demande n’existe pas ou a été effacée.',
      )
    })
  })

  test.describe('at 360 px', () => {
    test.use({ viewport: { width: 360, height: 740 }, bypassCSP: true })

    test('the first screen shows the newest lead without scrolling, the filters folded', async ({
      page,
      request,
    }) => {
      const lead = await postLead(request)
      await page.goto(admin('/admin'))
      await logIn(page, createAdminAccount())
      const filters = page.getByRole('search', { name: 'Filtrer les demandes' })
      await expect(filters).toBeHidden()
      // Every request, not only those due now: the test runs at any hour.
      await page.getByRole('button', { name: 'Toutes les demandes' }).click()
      const first = page.getByRole('article').first()
      await expect(first).toBeVisible()
      await expect(first.getByRole('heading', { level: 2 })).toBeInViewport()
      await expect(first.getByRole('link', { name: /^0\d( \d\d){4}$/ })).toBeInViewport()

      // The keyboard alone opens the filters and searches (back from the view's button, just
      // after them).
      const summary = page.getByText('Filtres, tri et export', { exact: true })
      for (
        let step = 0;
        step < 40 && !(await summary.evaluate((el) => el === document.activeElement));
        step += 1
      ) {
        await page.keyboard.press('Shift+Tab')
      }
      await expect(summary).toBeFocused()
      await page.keyboard.press('Enter')
      await expect(filters).toBeVisible()
      await page.keyboard.press('Tab')
      await expect(filters.getByLabel('Rechercher (nom, email ou téléphone)')).toBeFocused()
      await page.keyboard.type(lead.email)
      await page.keyboard.press('Enter')
      await expect(page.getByRole('article')).toHaveCount(1)
      await expect(page.getByRole('article', { name: `${lead.prenom} Notifiée` })).toBeVisible()
      await expectNoA11yViolations(page)
    })

    test('axe finds nothing serious on a lead’s card', async ({ page, request }) => {
      const lead = await postLead(request)
      await page.goto(admin('/admin'))
      await logIn(page, createAdminAccount())
      await page.goto(admin(`/admin/demandes/${await leadIdOf(page, lead.email)}`))
      await expect(page.getByRole('article', { name: `${lead.prenom} Notifiée` })).toBeVisible()
      await expectNoA11yViolations(page)
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        360,
      )
    })
  })
})

/**
 * The notifications screen against the relay's `/admin/api/push-subscriptions` (built on another
 * branch of issue 29: until it is merged the relay answers 404 and these tests are skipped, saying
 * why). Headless Chromium reaches no real push service, so the browser's side of it, the
 * PushManager, is replaced by an init script that answers a subscription of the same shape: the
 * network's edge, where the browser would talk to its vendor's push service.
 */
test.describe('the notifications screen', () => {
  test.use({ viewport: { width: 360, height: 740 }, bypassCSP: true })

  const fakePushService = (context: BrowserContext) => {
    const keys = createECDH('prime256v1')
    keys.generateKeys()
    const subscription = {
      endpoint: `https://127.0.0.1:${closedPort}/push/${randomUUID()}`,
      expirationTime: null,
      keys: {
        p256dh: keys.getPublicKey().toString('base64url'),
        auth: randomBytes(16).toString('base64url'),
      },
    }
    return context
      .addInitScript((json) => {
        const stored = 'e2e-fake-push-subscription'
        const asSubscription = () => ({
          ...json,
          toJSON: () => json,
          unsubscribe: async () => {
            localStorage.removeItem(stored)
            return true
          },
        })
        PushManager.prototype.subscribe = async function (options) {
          if (!options?.userVisibleOnly || !options.applicationServerKey) {
            throw new DOMException('userVisibleOnly and applicationServerKey are required')
          }
          localStorage.setItem(stored, '1')
          return asSubscription() as unknown as PushSubscription
        }
        PushManager.prototype.getSubscription = async function () {
          return localStorage.getItem(stored)
            ? (asSubscription() as unknown as PushSubscription)
            : null
        }
      }, subscription)
      .then(() => subscription)
  }

  async function openSettings(page: Page): Promise<void> {
    await page.setExtraHTTPHeaders(ownAddress())
    await page.goto(admin('/admin'))
    await logIn(page, createAdminAccount())
    const api = await page.request.get(admin('/admin/api/push-subscriptions'))
    test.skip(
      api.status() === 404,
      'GET /admin/api/push-subscriptions answers 404: the relay side of push (helper "push") is not merged yet',
    )
    await page.getByRole('navigation').getByRole('link', { name: 'Notifications' }).click()
    await expect(
      page.getByRole('heading', { level: 1, name: 'Notifications sur cet appareil' }),
    ).toBeVisible()
  }

  test('turns notifications on and off for this device, with the keyboard alone', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['notifications'], { origin })
    const subscription = await fakePushService(context)
    await openSettings(page)
    await expect(
      page.getByText('Aucun appareil ne reçoit les notifications de ce compte.'),
    ).toBeVisible()

    const turnOn = page.getByRole('button', { name: 'Activer les notifications sur cet appareil' })
    for (
      let step = 0;
      step < 40 && !(await turnOn.evaluate((el) => el === document.activeElement));
      step += 1
    ) {
      await page.keyboard.press('Tab')
    }
    await expect(turnOn).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('status').filter({ hasText: 'activées' })).toHaveText(
      'Notifications activées sur cet appareil.',
    )
    const devices = page.getByRole('region', { name: 'Appareils qui reçoivent les notifications' })
    await expect(devices.getByRole('listitem')).toHaveCount(1)
    await expect(devices.getByRole('listitem')).toContainText(/Chrome sur \w+ \(cet appareil\)/)
    const stored = (await (
      await page.request.get(admin('/admin/api/push-subscriptions'))
    ).json()) as {
      subscriptions: { endpoint: string }[]
    }
    expect(stored.subscriptions.map((entry) => entry.endpoint)).toEqual([subscription.endpoint])
    await expectNoA11yViolations(page)

    await page
      .getByRole('button', { name: 'Désactiver les notifications sur cet appareil' })
      .click()
    await expect(page.getByRole('status').filter({ hasText: 'désactivées' })).toHaveText(
      'Notifications désactivées sur cet appareil.',
    )
    await expect(
      page.getByText('Aucun appareil ne reçoit les notifications de ce compte.'),
    ).toBeVisible()
    const after = (await (
      await page.request.get(admin('/admin/api/push-subscriptions'))
    ).json()) as {
      subscriptions: unknown[]
    }
    expect(after.subscriptions).toEqual([])
  })

  test('says so when the browser blocks notifications', async ({ page, context }) => {
    await fakePushService(context)
    await openSettings(page)
    // Headless Chromium answers a permission request it was not granted with a refusal.
    await page.getByRole('button', { name: 'Activer les notifications sur cet appareil' }).click()
    await expect(page.getByRole('alert')).toContainText(/bloquées|pas été autorisées/)
  })
})
