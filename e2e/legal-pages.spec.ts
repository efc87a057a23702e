import { test, expect } from './support/fixtures'
import { siteConfig, supervisor } from '../common/site-config/site-config'

test.describe('legal notice', () => {
  test('names the publisher, publication manager, head office, host, ORIAS, supervisor and mediator', async ({
    page,
  }) => {
    await page.goto('/mentions-legales')
    const main = page.getByRole('main')
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('Mentions légales')
    for (const heading of [
      'Éditeur du site',
      'Directeur de la publication',
      'Intermédiaire en assurance',
      'Hébergeur',
      'Réclamations et médiation',
      'Propriété intellectuelle',
    ]) {
      await expect(main.getByRole('heading', { level: 2, name: heading })).toBeVisible()
    }
    const text = await main.innerText()
    const { company, host, mediator } = siteConfig
    for (const expected of [
      company.legalName,
      company.legalForm,
      company.shareCapital,
      company.rcs,
      company.headOffice.street,
      `${company.headOffice.postalCode} ${company.headOffice.city}, France`,
      siteConfig.publicationManager,
      host.name,
      host.address.street,
      company.orias,
      supervisor.name,
      '4 place de Budapest',
      mediator.name,
    ]) {
      expect(text).toContain(expected)
    }
    await expect(main.getByRole('link', { name: 'orias.fr' })).toHaveAttribute(
      'href',
      'https://www.orias.fr',
    )
  })
})

test.describe('privacy policy', () => {
  test('states the data, purpose, legal basis, retention, sharing, rights and a postal contact', async ({
    page,
  }) => {
    await page.goto('/politique-confidentialite')
    const main = page.getByRole('main')
    const text = await main.innerText()
    for (const expected of [
      'nom, prénom, adresse email et numéro de téléphone',
      'montant, durée, taux, date de début',
      'article 6.1.a',
      'consentement',
      'au maximum 3 ans après notre dernier échange',
      'uniquement pour l’étude et la mise en place de votre contrat',
      'jamais vendues',
      'droit d’accès',
      'droit de rectification',
      'droit à l’effacement',
      'droit de retirer votre consentement',
      'droit à la limitation',
      'droit d’opposition',
      'CNIL',
      'identifiant de clic',
      'intérêt légitime',
      'Transferts hors de l’Union européenne',
      // The estimate's figures: optional, sent only with the form, why, and for how long.
      'ne nous parviennent que si vous envoyez ensuite le formulaire de rappel',
      'servent à préparer l’appel',
      'la même durée de conservation que vos coordonnées',
      'aucune donnée de santé',
    ]) {
      expect(text).toContain(expected)
    }
    await expect(main.getByRole('heading', { level: 2, name: 'Contact postal' })).toBeVisible()
    expect(text).toContain(siteConfig.dataProtection.address.street)
  })
})
