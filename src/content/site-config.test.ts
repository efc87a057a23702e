import { describe, expect, it } from 'vitest'
import {
  findSampleValues,
  formatAddress,
  siteConfig,
  supervisor,
  type SiteConfig,
} from '@/content/site-config'

const realLookingConfig: SiteConfig = {
  brandName: 'Assur Prêt Direct',
  siteUrl: 'https://www.assur-pret-direct.fr',
  company: {
    legalName: 'Courtage Lumière SAS',
    legalForm: 'Société par actions simplifiée (SAS)',
    shareCapital: '50 000 €',
    rcs: 'RCS Lyon 812 345 678',
    orias: '19 004 321',
    oriasCategory: 'Courtier en assurance (COA)',
    headOffice: { street: '12 rue Mercière', postalCode: '69002', city: 'Lyon', country: 'France' },
    email: 'contact@assur-pret-direct.fr',
    phone: '04 72 12 34 56',
  },
  publicationManager: 'Camille Bernard, présidente',
  host: {
    name: 'OVH SAS',
    address: {
      street: '2 rue Kellermann',
      postalCode: '59100',
      city: 'Roubaix',
      country: 'France',
    },
    phone: '09 72 10 10 07',
  },
  mediator: {
    name: 'La Médiation de l’Assurance',
    address: {
      street: 'TSA 50110',
      postalCode: '75441',
      city: 'Paris Cedex 09',
      country: 'France',
    },
    website: 'https://www.mediation-assurance.org',
  },
  complaints: {
    email: 'reclamations@assur-pret-direct.fr',
    address: { street: '12 rue Mercière', postalCode: '69002', city: 'Lyon', country: 'France' },
  },
  dataProtection: {
    email: 'dpo@assur-pret-direct.fr',
    address: { street: '12 rue Mercière', postalCode: '69002', city: 'Lyon', country: 'France' },
  },
}

describe('findSampleValues', () => {
  it('finds the sample values shipped in the site configuration', () => {
    const found = findSampleValues(siteConfig)
    expect(found).toEqual(
      expect.arrayContaining([
        'brandName',
        'siteUrl',
        'company.legalName',
        'company.orias',
        'company.headOffice.street',
        'company.email',
        'company.phone',
        'publicationManager',
        'host.name',
        'host.address.street',
        'host.phone',
        'mediator.name',
        'mediator.website',
        'complaints.email',
        'dataProtection.email',
      ]),
    )
  })

  it('flags the shipped sample RCS number "RCS Paris 000 000 000"', () => {
    expect(siteConfig.company.rcs).toBe('RCS Paris 000 000 000')
    expect(findSampleValues(siteConfig)).toContain('company.rcs')
  })

  it('returns [] for a configuration with real-looking values', () => {
    expect(findSampleValues(realLookingConfig)).toEqual([])
  })

  it('names the exact path of a single sample value left in a real configuration', () => {
    const config = {
      ...realLookingConfig,
      company: { ...realLookingConfig.company, orias: '00 000 000' },
    }
    expect(findSampleValues(config)).toEqual(['company.orias'])
  })

  it.each([
    ['exemple', 'Société Exemple'],
    ['example.', 'https://example.org'],
    ['zero phone number', '01 00 00 00 00'],
    ['zero ORIAS number', '00 000 000'],
    ['Prénom Nom', 'Prénom Nom, gérant'],
  ])('flags a value containing %s', (_label, value) => {
    expect(findSampleValues({ value })).toEqual(['value'])
  })

  it('ignores non-string leaves', () => {
    expect(findSampleValues({ a: 1, b: null, c: undefined, d: true })).toEqual([])
  })

  it('walks arrays with their index in the path', () => {
    expect(findSampleValues({ list: ['ok', 'exemple'] })).toEqual(['list.1'])
  })

  it('keeps the ACPR supervisor out of the samples: it is a public fact', () => {
    expect(findSampleValues(supervisor)).toEqual([])
  })
})

describe('formatAddress', () => {
  it('writes street, postal code, city and country on one line', () => {
    expect(
      formatAddress({
        street: '4 place de Budapest, CS 92459',
        postalCode: '75436',
        city: 'Paris Cedex 09',
        country: 'France',
      }),
    ).toBe('4 place de Budapest, CS 92459, 75436 Paris Cedex 09, France')
  })

  it('formats the head office, which is in France', () => {
    expect(formatAddress(siteConfig.company.headOffice)).toMatch(/, France$/)
  })
})
