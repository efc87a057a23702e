import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import {
  exampleConfigFile,
  readSiteConfig,
  siteConfigExports,
  SiteConfigError,
} from './read-site-config'

const fictitiousFile = path.join(import.meta.dirname, 'fixtures/fictitious-broker.site.config.yaml')
const fictitious = readFileSync(fictitiousFile, 'utf8')
const dir = mkdtempSync(path.join(os.tmpdir(), 'site-config-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** Writes a variant of the fictitious broker's file and reads it. */
function readVariant(text: string) {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.yaml`)
  writeFileSync(file, text)
  return readSiteConfig({ file })
}

function replaced(search: string, replacement: string): string {
  expect(fictitious).toContain(search)
  return fictitious.replace(search, replacement)
}

function lineOf(text: string, search: string): number {
  return text.slice(0, text.indexOf(search)).split('\n').length
}

function errorOf(read: () => unknown): string {
  try {
    read()
  } catch (error) {
    expect(error).toBeInstanceOf(SiteConfigError)
    return (error as Error).message
  }
  throw new Error('expected the configuration to be refused')
}

describe('the example configuration', () => {
  const example = readSiteConfig({ file: exampleConfigFile })

  it('passes every check', () => {
    expect(example.config.company.legalName).toBe('Exemple Courtage SAS')
    expect(example.config.partners).toHaveLength(6)
    expect(example.config.testimonials.length).toBeGreaterThan(0)
  })

  it('counts its identity, partners and testimonials as samples', () => {
    const paths = example.samples.map((sample) => sample.path)
    expect(paths).toEqual(
      expect.arrayContaining([
        'brandName',
        'siteUrl',
        'company.legalName',
        'company.shareCapital',
        'company.rcs',
        'company.orias',
        'company.headOffice.street',
        'company.email',
        'company.phone',
        'callerPhone',
        'publicationManager',
        'host.name',
        'host.phone',
        'mediator.name',
        'mediator.website',
        'complaints.email',
        'dataProtection.email',
        ...example.config.partners.map((_partner, index) => `partners[${index}]`),
        ...example.config.testimonials.map((_item, index) => `testimonials[${index}]`),
      ]),
    )
  })

  it('leaves out values any broker may share with it: country, legal form, ORIAS category', () => {
    const paths = example.samples.map((sample) => sample.path)
    expect(paths).not.toContain('company.headOffice.country')
    expect(paths).not.toContain('company.legalForm')
    expect(paths).not.toContain('company.oriasCategory')
  })

  it('makes a demonstration site', () => {
    expect(siteConfigExports(example).demoSite).toBe(true)
  })
})

describe('a broker’s own configuration', () => {
  const loaded = readSiteConfig({ file: fictitiousFile })

  it('holds no sample, so the site is no demonstration', () => {
    expect(loaded.samples).toEqual([])
    expect(siteConfigExports(loaded).demoSite).toBe(false)
  })

  it('writes numbers and amounts the French way, with no-break spaces', () => {
    const { company } = loaded.config
    expect(company.orias).toBe('19\u00a0004\u00a0321')
    expect(company.rcs).toBe('RCS Lyon 812\u00a0345\u00a0676')
    expect(company.shareCapital).toBe('25\u00a0000\u00a0€')
    expect(company.phone).toBe('04\u00a072\u00a098\u00a076\u00a054')
    expect(loaded.config.callerPhone).toBe('04\u00a072\u00a098\u00a076\u00a055')
    expect(loaded.config.testimonials[0]!.text).toContain('tout géré avec ma banque\u00a0!')
    expect(loaded.config.testimonials[0]!.text).toContain('41\u00a0€')
  })

  it('reads who calls: the team’s name and its advisors, a photo only where one is given', () => {
    expect(loaded.config.callerTeam).toEqual({
      name: 'Conseil Lumière',
      advisors: [
        { name: 'Mireille', photo: '/favicon.svg' },
        { name: 'Hugo', photo: undefined },
      ],
    })
    const without = readVariant(fictitious.replace(/^callerTeam:\n(?: {2}.*\n)+/m, ''))
    expect(without.config.callerTeam).toEqual({ name: undefined, advisors: [] })
  })

  it('defaults the complaints address to the head office and follows YAML aliases', () => {
    expect(loaded.config.complaints.address).toEqual(loaded.config.company.headOffice)
    expect(loaded.config.dataProtection.address.street).toBe('12 quai Saint-Vincent')
  })

  it('reads yes/no answers, ratings, dates, logos and URLs into their types', () => {
    expect(loaded.config.reviewPolicy).toEqual({ checked: false, method: undefined })
    expect(loaded.config.testimonials[0]).toMatchObject({ rating: 4, date: '2026-10-03' })
    expect(loaded.config.partners[0]!.logo).toBe('/favicon.svg')
    expect(loaded.config.mediator.website).toBe('https://www.mediation-rhone.test')
    expect(loaded.config.privacy).toEqual({
      leadWebhook: { name: 'Relais Lumière, édité par Automates du Rhône SAS', outsideEu: false },
      pageViewWebhook: undefined,
      emailProvider: { name: 'Courriel Rhône SAS', outsideEu: false },
      notificationService: undefined,
      metaConversionsApi: true,
    })
  })

  it('hands the landing script the broker’s name and ORIAS number only', () => {
    expect(siteConfigExports(loaded).brokerIdentity).toEqual({
      legalName: 'Courtage Lumière SARL',
      orias: '19\u00a0004\u00a0321',
    })
  })

  it('names each sample value left in it, with its line, however the lists are ordered', () => {
    const text = replaced('legalName: Courtage Lumière SARL', 'legalName: Exemple Courtage SAS')
      .replace('name: Mutuelle Horizon', 'name: Prévoyance Zêta')
      .replace('name: Bernadette V.', 'name: Karim B.')
    expect(readVariant(text).samples).toEqual([
      {
        path: 'company.legalName',
        line: lineOf(text, 'legalName:'),
        value: 'Exemple Courtage SAS',
      },
      { path: 'partners[0]', line: lineOf(text, '- name: Prévoyance'), value: expect.any(String) },
      { path: 'testimonials[0]', line: lineOf(text, '- name: Karim'), value: expect.any(String) },
    ])
  })

  it('catches a placeholder edited but not replaced', () => {
    const text = replaced('Mireille Fontaine, gérante', 'Prénom Nom, gérante')
    expect(readVariant(text).samples.map((sample) => sample.path)).toEqual(['publicationManager'])
  })
})

describe('a bad field stops the build, named with its line', () => {
  /** The field, a text of the fictitious file, and the bad value written in its place. */
  const badValues = `
company.orias           | orias: '19004321'                 | orias: '1900432'
company.rcs             | RCS Lyon 812345676                | RCS Lyon 812345677
company.rcs             | RCS Lyon 812345676                | 812345676
host.phone              | phone: 04 78 11 22 33             | phone: 04 78 11 22 3
company.email           | bonjour@courtage-lumiere.test     | bonjour@
siteUrl                 | https://www.courtage-lumiere.test | https://a.test/x
siteUrl                 | https://www.courtage-lumiere.test | http://a.test
host.address.postalCode | postalCode: '69007'               | postalCode: '6907'
testimonials[0].rating  | rating: 4                         | rating: 6
testimonials[0].date    | date: 2026-10-03                  | date: 2026-02-30
reviewPolicy.checked    | checked: non                      | checked: peut-être
partners[0].logo        | logo: /favicon.svg                | logo: /robots.txt
partners[0].logo        | logo: /favicon.svg                | logo: ../x.svg
`
    .trim()
    .split('\n')
    .map((row) => row.split(/\s+\|\s+/) as [string, string, string])

  it.each(badValues)('%s: %s → %s', (field, search, replacement) => {
    const text = replaced(search, replacement)
    const message = errorOf(() => readVariant(text))
    expect(message).toMatch(
      new RegExp(`:${lineOf(text, replacement)}: ${field.replace(/[.[\]]/g, '\\$&')} `),
    )
    expect(message).toContain(`got "${replacement.split(': ').at(-1)!.replace(/'/g, '')}"`)
  })

  it('a logo file that does not exist, with the path looked for', () => {
    const text = replaced('logo: /favicon.svg', 'logo: partners/horizon.svg')
    expect(errorOf(() => readVariant(text))).toContain(
      `:${lineOf(text, 'logo:')}: partners[0].logo names a file that does not exist: public/partners/horizon.svg`,
    )
  })

  it('an advisor’s photo that does not exist, or is no image, with its line', () => {
    for (const [photo, why] of [
      [
        'conseillers/mireille.webp',
        'names a file that does not exist: public/conseillers/mireille.webp',
      ],
      ['/robots.txt', 'must be an image file'],
    ]) {
      const text = replaced('photo: /favicon.svg', `photo: ${photo}`)
      expect(errorOf(() => readVariant(text))).toContain(
        `:${lineOf(text, 'photo:')}: callerTeam.advisors[0].photo ${why}`,
      )
    }
  })

  it('an advisor without a name', () => {
    const text = replaced('    - name: Hugo\n', '    - photo: /favicon.svg\n')
    expect(errorOf(() => readVariant(text))).toContain('callerTeam.advisors[1].name is missing')
  })

  it('a missing field, at the line of its group', () => {
    const text = replaced("  orias: '19004321'\n", '')
    expect(errorOf(() => readVariant(text))).toContain(
      `:${lineOf(text, 'company:')}: company.orias is missing`,
    )
  })

  it('a checked review policy that does not say how', () => {
    const text = replaced('checked: non', 'checked: oui')
    expect(errorOf(() => readVariant(text))).toContain('reviewPolicy.method is missing')
  })

  it('an unknown field, such as a misspelt one', () => {
    const text = replaced('callerPhone:', 'callerphone:')
    const message = errorOf(() => readVariant(text))
    expect(message).toContain(`:${lineOf(text, 'callerphone')}: callerphone is not a known field`)
    expect(message).toContain('callerPhone is missing')
  })

  it('every bad field at once, one line each', () => {
    const text = replaced("orias: '19004321'", "orias: '1'").replace('rating: 4', 'rating: 0')
    const message = errorOf(() => readVariant(text))
    expect(message).toMatch(
      /has 2 bad fields:\n {2}\S+:\d+: company\.orias .*\n {2}\S+:\d+: testimonials\[0]\.rating /,
    )
  })

  it('a file that is not YAML', () => {
    expect(errorOf(() => readVariant('company:\n  legalName: "unclosed\n'))).toMatch(
      /is not valid YAML:\n {2}\S+:\d+: /,
    )
  })
})
