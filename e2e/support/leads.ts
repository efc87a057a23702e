import { randomUUID } from 'node:crypto'
import { expect, type Page } from '@playwright/test'
import type { RecordedRequest } from './webhook-server'
import { webhookOrigin } from './ports'

export interface LeadInput {
  nom: string
  prenom: string
  email: string
  telephone: string
}

/**
 * A mobile number no other test is likely to use, in mainland France's 06 1x range: requests
 * sharing a phone are one person (one card), and 069x numbers are overseas (+596, +262…).
 */
export function uniqueMobile(): string {
  const digits = `1${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`
  return `06 ${digits.replace(/(\d\d)(?=\d)/g, '$1 ')}`
}

/** A lead with an email no other test uses, so that requests can be told apart. */
export function uniqueLead(overrides: Partial<LeadInput> = {}): LeadInput {
  return {
    nom: 'Martin',
    prenom: 'Élodie',
    email: `lead-${randomUUID().slice(0, 8)}@exemple.fr`,
    telephone: '06 12 34 56 78',
    ...overrides,
  }
}

export async function fillLead(
  page: Page,
  lead: LeadInput,
  { consent = true } = {},
): Promise<void> {
  await page.getByLabel('Nom', { exact: true }).fill(lead.nom)
  await page.getByLabel('Prénom', { exact: true }).fill(lead.prenom)
  await page.getByLabel('Email', { exact: true }).fill(lead.email)
  await page.getByLabel('Téléphone', { exact: true }).fill(lead.telephone)
  if (consent) await page.getByRole('checkbox', { name: /J’accepte d’être rappelé/ }).check()
}

export function submitButton(page: Page) {
  return page.locator('#simulation-form').getByRole('button')
}

/** What the webhook stand-in has received so far, optionally only on one path. */
export async function receivedRequests(path?: string): Promise<RecordedRequest[]> {
  const response = await fetch(`${webhookOrigin}/__requests`)
  const all = (await response.json()) as RecordedRequest[]
  return path ? all.filter((request) => request.path === path) : all
}

export async function leadRequestsFor(email: string): Promise<RecordedRequest[]> {
  const leads = await receivedRequests('/lead')
  return leads.filter(
    (request) =>
      request.method === 'POST' &&
      (request.json as { email?: string } | undefined)?.email === email,
  )
}

export async function expectLeadCount(email: string, count: number): Promise<void> {
  await expect.poll(async () => (await leadRequestsFor(email)).length).toBe(count)
}
