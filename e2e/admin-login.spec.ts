/**
 * The back-office's login in a real browser against the relay (`npm start`'s server on the
 * embedded database): good and bad passwords, the lockout, the logout, an expired session, the
 * cookie as the browser keeps it, the keyboard alone, and axe at phone and desktop widths.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import path from 'node:path'
import { test, expect } from './support/fixtures'
import { createAdminAccount, fillLogin, logIn, ownAddress } from './support/admin'
import { expectNoA11yViolations } from './support/axe'
import { adminShortIdleDataDir, adminShortIdlePort, variantDirs, variantUrl } from './support/ports'

const admin = (pathname = '/admin') => variantUrl('admin', pathname)

test.describe('back-office login', () => {
  test.beforeEach(async ({ page }) => {
    await page.setExtraHTTPHeaders(ownAddress())
  })

  test('sends a visitor without a session to the login, then in with the right password', async ({
    page,
    context,
  }) => {
    const account = createAdminAccount()
    await page.goto(admin('/admin/entonnoir'))
    await expect(page).toHaveURL(admin('/admin/login'))
    await expect(page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible()
    await logIn(page, account)
    await expect(page).toHaveURL(admin('/admin'))
    await expect(page.getByRole('banner')).toContainText(account.email)
    await expect(page).toHaveTitle('Appels à passer · Espace courtier')

    const cookies = await context.cookies()
    expect(cookies.find((cookie) => cookie.name === 'admin_session')).toMatchObject({
      path: '/admin',
      httpOnly: true,
      sameSite: 'Strict',
      secure: false,
      expires: -1,
    })
    // The device cookie: this browser logged in to this account, for a year.
    const device = cookies.find((cookie) => cookie.name === 'admin_device')
    expect(device).toMatchObject({ path: '/admin', httpOnly: true, sameSite: 'Strict' })
    expect(device!.expires * 1_000 - Date.now()).toBeGreaterThan(364 * 86_400_000)
    expect(cookies).toHaveLength(2)
    expect(await page.evaluate(() => document.cookie)).toBe('')

    await page.getByRole('navigation').getByRole('link', { name: 'Entonnoir' }).click()
    await expect(page).toHaveURL(admin('/admin/entonnoir'))
    await expect(
      page.getByRole('heading', { level: 1, name: 'Entonnoir par campagne' }),
    ).toBeFocused()
    await page.goBack()
    await expect(page.getByRole('heading', { level: 1, name: 'Appels à passer' })).toBeVisible()
    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: 'Appels à passer' })).toBeVisible()
  })

  test.describe('refused', () => {
    test.use({ expectedConsoleErrors: /status of (401|429)/ })

    test('answers a wrong password and an unknown email with the same message', async ({
      page,
    }) => {
      const account = createAdminAccount()
      await page.goto(admin('/admin/login'))
      await fillLogin(page, { ...account, password: 'pas le bon mot de passe' })
      const alert = page.getByRole('alert')
      await expect(alert).toHaveText('Email ou mot de passe incorrect.')
      await fillLogin(page, { ...account, email: `inconnu-${account.email}` })
      await expect(alert).toHaveText('Email ou mot de passe incorrect.')
      await expect(page).toHaveURL(admin('/admin/login'))
      await logIn(page, account)
    })

    test('locks the account after 5 failures, even for the right password', async ({ page }) => {
      test.setTimeout(60_000)
      const account = createAdminAccount()
      await page.goto(admin('/admin/login'))
      const button = page.getByRole('button', { name: /Se connecter|Connexion…/ })
      for (let attempt = 1; attempt <= 4; attempt += 1) {
        await fillLogin(page, { ...account, password: `faux ${attempt}` })
        await expect(page.getByRole('alert')).toHaveText('Email ou mot de passe incorrect.')
        await expect(button).toBeEnabled()
      }
      await fillLogin(page, { ...account, password: 'faux 5' })
      const locked = 'Trop de tentatives de connexion\u00a0: réessayez dans 15 minutes.'
      await expect(page.getByRole('alert')).toHaveText(locked)
      // From another address too: the lock is the account's, for a browser it does not know.
      await page.setExtraHTTPHeaders(ownAddress())
      await fillLogin(page, account)
      await expect(page.getByRole('alert')).toHaveText(locked)
      await expect(page).toHaveURL(admin('/admin/login'))
    })

    test('lets in a browser that logged in before, after a logout, while the account is locked for others', async ({
      page,
      browser,
    }) => {
      test.setTimeout(60_000)
      const account = createAdminAccount()
      await page.goto(admin('/admin/login'))
      await logIn(page, account)
      await page.getByRole('button', { name: 'Se déconnecter' }).click()
      await expect(page).toHaveURL(admin('/admin/login'))

      // Someone else, from elsewhere, fails five times.
      const elsewhere = await browser.newContext({ extraHTTPHeaders: ownAddress() })
      const guesser = await elsewhere.newPage()
      await guesser.goto(admin('/admin/login'))
      const button = guesser.getByRole('button', { name: /Se connecter|Connexion…/ })
      for (let attempt = 1; attempt <= 4; attempt += 1) {
        await fillLogin(guesser, { ...account, password: `faux ${attempt}` })
        await expect(guesser.getByRole('alert')).toHaveText('Email ou mot de passe incorrect.')
        await expect(button).toBeEnabled()
      }
      const locked = 'Trop de tentatives de connexion\u00a0: réessayez dans 15 minutes.'
      await fillLogin(guesser, { ...account, password: 'faux 5' })
      await expect(guesser.getByRole('alert')).toHaveText(locked)
      await expect(button).toBeEnabled()
      await fillLogin(guesser, account)
      await expect(guesser.getByRole('alert')).toHaveText(locked)
      await elsewhere.close()

      await logIn(page, account)
    })
  })

  test('logs out: the cookie is gone and the screens lead to the login again', async ({
    page,
    context,
  }) => {
    await page.goto(admin('/admin/login'))
    await logIn(page, createAdminAccount())
    await page.getByRole('button', { name: 'Se déconnecter' }).click()
    await expect(page).toHaveURL(admin('/admin/login'))
    // The session's cookie is gone; the device's stays, for the next login.
    expect((await context.cookies()).map((cookie) => cookie.name)).toEqual(['admin_device'])
    await page.goto(admin('/admin/livraisons'))
    await expect(page).toHaveURL(admin('/admin/login'))
    await expect(page.getByRole('status')).toHaveCount(0)
  })

  test('does the whole round with the keyboard alone', async ({ page }) => {
    const account = createAdminAccount()
    await page.goto(admin('/admin/login'))
    await page.keyboard.press('Tab')
    await expect(page.getByLabel('Email')).toBeFocused()
    await page.keyboard.type(account.email)
    await page.keyboard.press('Tab')
    await expect(page.getByLabel('Mot de passe')).toBeFocused()
    await page.keyboard.type(account.password)
    await page.keyboard.press('Enter')
    await expect(page.getByRole('heading', { level: 1, name: 'Appels à passer' })).toBeVisible()

    // The first Tab reaches the skip link, which takes the focus to the content.
    await page.keyboard.press('Tab')
    const skip = page.getByRole('link', { name: 'Aller au contenu' })
    await expect(skip).toBeFocused()
    await expect(skip).toBeInViewport()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(admin('/admin#contenu'))
    await expect(page.locator('#contenu')).toBeFocused()

    await page.keyboard.press('Shift+Tab')
    await expect(page.getByRole('link', { name: 'Notifications' })).toBeFocused()
    await page.keyboard.press('Shift+Tab')
    await expect(page.getByRole('link', { name: 'Données personnelles' })).toBeFocused()
    await page.keyboard.press('Shift+Tab')
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(admin('/admin/entonnoir'))
    await expect(
      page.getByRole('heading', { level: 1, name: 'Entonnoir par campagne' }),
    ).toBeFocused()
    await expect(page.getByRole('link', { name: 'Entonnoir' })).toHaveAttribute(
      'aria-current',
      'page',
    )

    // Back from the heading: the five screens' links, then the logout.
    for (let press = 0; press < 6; press += 1) await page.keyboard.press('Shift+Tab')
    const logout = page.getByRole('button', { name: 'Se déconnecter' })
    await expect(logout).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(admin('/admin/login'))
  })
})

test.describe('back-office accessibility', () => {
  test.use({ bypassCSP: true })

  for (const width of [360, 1280]) {
    test(`the login page and every screen have no serious axe violation at ${width} px`, async ({
      browser,
    }) => {
      const context = await browser.newContext({
        viewport: { width, height: 800 },
        bypassCSP: true,
        extraHTTPHeaders: ownAddress(),
      })
      const page = await context.newPage()
      await page.goto(admin('/admin/login'))
      await expectNoA11yViolations(page)
      await logIn(page, createAdminAccount())
      for (const name of ['Appels', 'Livraisons', 'Entonnoir', 'Données personnelles']) {
        await page.getByRole('navigation').getByRole('link', { name, exact: true }).click()
        await expect(page.getByRole('link', { name, exact: true })).toHaveAttribute(
          'aria-current',
          'page',
        )
        await expectNoA11yViolations(page)
        // Nothing wider than the screen: no sideways scrolling on a phone.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          width,
        )
      }
      await context.close()
    })
  }
})

test.describe('an expired session', () => {
  const dirs = variantDirs('admin')
  const dataDir = adminShortIdleDataDir
  let server: ChildProcess | undefined

  test.beforeAll(async () => {
    await rm(dataDir, { recursive: true, force: true })
    server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: {
        ...process.env,
        PORT: String(adminShortIdlePort),
        HOST: '127.0.0.1',
        DIST_DIR: dirs.dist,
        ADMIN_DIST_DIR: dirs.adminDist,
        DATA_DIR: dataDir,
        // Three seconds without a request end the session.
        ADMIN_SESSION_IDLE_MINUTES: '0.05',
        LOG_LEVEL: 'warn',
      },
      stdio: 'ignore',
    })
    await expect
      .poll(
        () =>
          fetch(`http://127.0.0.1:${adminShortIdlePort}/healthz`).then(
            (response) => response.status,
            () => 0,
          ),
        { timeout: 60_000 },
      )
      .not.toBe(0)
  })
  test.afterAll(async () => {
    server?.kill('SIGTERM')
    await new Promise((resolve) => server?.once('exit', resolve))
    await rm(dataDir, { recursive: true, force: true })
  })

  // Each of the screen's requests meets the ended session.
  test.use({ expectedConsoleErrors: /status of 401/ })

  test('sends the broker back to the login, saying the session expired', async ({ page }) => {
    const account = createAdminAccount(dataDir)
    const origin = `http://127.0.0.1:${adminShortIdlePort}`
    await page.goto(`${origin}/admin/login`)
    await logIn(page, account)
    await page.waitForTimeout(4_000)
    // The screen's first request meets the ended session and leads to the login.
    await page.getByRole('navigation').getByRole('link', { name: 'Livraisons' }).click()
    await expect(page).toHaveURL(`${origin}/admin/login?session=expiree`)
    await expect(page.getByRole('status')).toHaveText(
      'Votre session a expiré\u00a0: reconnectez-vous.',
    )
    await logIn(page, account)
  })
})

test('the public site holds nothing of the back-office and loads none of it', async ({ page }) => {
  const files = (dir: string): string[] =>
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name))
  const { dist, adminDist } = variantDirs('admin')
  expect(existsSync(path.join(adminDist, 'index.html'))).toBe(true)
  const adminAssets = new Set(
    files(path.join(adminDist, 'assets')).map((file) => path.basename(file)),
  )
  for (const file of files(dist)) {
    expect(adminAssets.has(path.basename(file)), file).toBe(false)
    if (/\.(html|js|css|txt|xml)$/.test(file)) {
      expect(readFileSync(file, 'utf8'), file).not.toMatch(/\/admin|Espace courtier/)
    }
  }
  const requested: string[] = []
  page.on('request', (request) => requested.push(new URL(request.url()).pathname))
  await page.goto(admin('/'))
  await page.waitForLoadState('networkidle')
  expect(requested.filter((pathname) => pathname.startsWith('/admin'))).toEqual([])
})
