/**
 * The back-office as the browser tests reach it: accounts created with the real command
 * (`admin-cli.ts`, through the running server's command socket), and the login form filled in.
 */
import { execFileSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import path from 'node:path'
import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { leadFormCopy } from '../../common/lead/lead-form-copy'
import { uniqueMobile } from './leads'
import { variantDirs, variantUrl } from './ports'

const root = path.resolve(import.meta.dirname, '../..')

export interface AdminAccount {
  email: string
  password: string
}

/** Creates an account with an email no other test uses, on the server whose data is `dataDir`. */
export function createAdminAccount(dataDir = variantDirs('admin').data): AdminAccount {
  const account = {
    email: `courtier-${randomUUID().slice(0, 8)}@exemple.fr`,
    password: `mot de passe ${randomUUID()}`,
  }
  execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'server/commands/admin-cli.ts',
      'add-user',
      '--email',
      account.email,
      '--password-stdin',
    ],
    {
      cwd: root,
      input: account.password,
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir },
      stdio: ['pipe', 'ignore', 'pipe'],
    },
  )
  return account
}

export async function fillLogin(page: Page, account: AdminAccount): Promise<void> {
  await page.getByLabel('Email').fill(account.email)
  await page.getByLabel('Mot de passe').fill(account.password)
  await page.getByRole('button', { name: 'Se connecter' }).click()
}

export async function logIn(page: Page, account: AdminAccount): Promise<void> {
  await fillLogin(page, account)
  await expect(page.getByRole('heading', { level: 1, name: 'Appels à passer' })).toBeVisible()
}

/** Each test its own client address (the server trusts X-Forwarded-For from loopback). */
export function ownAddress(): Record<string, string> {
  const byte = () => Math.floor(Math.random() * 254) + 1
  return { 'X-Forwarded-For': `10.${byte()}.${byte()}.${byte()}` }
}

/**
 * A lead posted to the back-office's relay as the form posts it, from an address of its own, with
 * an email and a phone no other test uses; `nom` "Refus" gets a 422 from the webhook stand-in.
 */
export async function postAdminLead(
  request: APIRequestContext,
  overrides: Record<string, unknown> = {},
): Promise<{ email: string; nom: string; prenom: string; telephone: string }> {
  const lead = {
    nom: 'Martin',
    prenom: 'Élodie',
    email: `lead-${randomUUID().slice(0, 8)}@exemple.fr`,
    telephone: uniqueMobile(),
    source: 'facebook_ads',
    page_url: variantUrl('admin', '/'),
    timestamp: new Date().toISOString(),
    consentement: true,
    consentement_texte: leadFormCopy.consentLabel,
    consentement_publicite: false,
    ...overrides,
  }
  const response = await request.post(variantUrl('admin', '/api/leads'), {
    data: lead,
    headers: ownAddress(),
  })
  expect(response.status(), await response.text()).toBe(202)
  return lead
}
