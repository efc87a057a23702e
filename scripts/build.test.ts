/**
 * The build against site.config.yaml, for real: a fictitious broker's configuration built for
 * production puts its identity wherever the samples were and leaves no sample behind; the example
 * builds only as a demonstration; bad files and undeclared recipients stop it, naming why. Full
 * builds are slow, so there are two; the refusals stop before Vite starts and cost little.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { policyRecordFile } from '../common/site-config/privacy-recipients'
import { exampleConfigFile, readSiteConfig } from './site-config/read-site-config'
import { rightsAndActivity } from '../src/content/landing'
import { siteConfigPlugin } from './site-config/site-config-plugin'
import { callerVcard, callerVcardPath } from '../common/site-config/caller-vcard'
import { parseVcard, vcardText } from '../e2e/support/vcard'

const root = path.resolve(import.meta.dirname, '..')
const fictitiousFile = path.join(
  root,
  'scripts/site-config/fixtures/fictitious-broker.site.config.yaml',
)
const fictitious = readFileSync(fictitiousFile, 'utf8')
const work = mkdtempSync(path.join(os.tmpdir(), 'site-build-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

const demoNotice = 'Site de démonstration'
const pages = [
  'index.html',
  'mentions-legales/index.html',
  'politique-confidentialite/index.html',
  '404.html',
]

/** Runs the build in its own process, as `npm run build` does, with only these variables set. */
function runBuild(name: string, env: Record<string, string>, args: string[] = []) {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) => !/^(VITE_|NODE_ENV$|ALLOW_SAMPLE_CONTENT$|SITE_CONFIG$)/.test(key),
    ),
  )
  const outDir = path.join(work, name)
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts', ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...inherited, OUT_DIR: outDir, ...env },
  })
  return { status: result.status, output: `${result.stdout}${result.stderr}`, outDir }
}

function configFile(name: string, text: string): string {
  const file = path.join(work, `${name}.yaml`)
  writeFileSync(file, text)
  return file
}

/** Every text file under `dir` (compressed twins left out: they hold the same text). */
/**
 * What the build publishes. The build stamp (`.build-stamp.json`) is left out: it lists the
 * repository's files, sample logos among them, and is never served (dotfiles are not).
 */
function textFiles(dir: string): { file: string; text: string }[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter(
      (entry) =>
        entry.isFile() && !/\.(br|gz|png)$/.test(entry.name) && entry.name !== '.build-stamp.json',
    )
    .map((entry) => {
      const file = path.join(entry.parentPath, entry.name)
      return { file: path.relative(dir, file), text: readFileSync(file, 'utf8') }
    })
}

const example = readSiteConfig({ file: exampleConfigFile })
/** The strings the example's samples put on pages. */
const sampleStrings = [
  ...example.samples
    .filter((sample) => !/^(partners|testimonials)\[/.test(sample.path))
    .map((sample) => sample.value),
  ...example.config.partners.flatMap((partner) => [partner.name, partner.logo]),
  ...example.config.testimonials.flatMap((testimonial) => [testimonial.name, testimonial.text]),
]

describe('a broker’s own configuration, built for production', () => {
  const broker = readSiteConfig({ file: fictitiousFile }).config
  let built: ReturnType<typeof runBuild>
  let files: { file: string; text: string }[]
  const page = (file: string) => files.find((entry) => entry.file === file)?.text ?? ''

  beforeAll(() => {
    built = runBuild('broker', { NODE_ENV: 'production', SITE_CONFIG: fictitiousFile })
    files = built.status === 0 ? textFiles(built.outDir) : []
  }, 300_000)

  it('builds', () => {
    expect(built.output).not.toContain('sample values')
    expect(built.status, built.output).toBe(0)
  })

  it('shows no activity counter when the broker turned it off', () => {
    expect(broker.activityCounter).toBe('off')
    expect(page('index.html')).toContain(rightsAndActivity.title)
    expect(page('index.html')).not.toContain('data-testid="activity-count"')
    expect(page('index.html')).not.toContain(rightsAndActivity.activityLabelAfter)
  })

  it('leaves no sample value, sample logo or demonstration notice anywhere in dist/', () => {
    expect(sampleStrings).toEqual(
      expect.arrayContaining(['Exemple Courtage SAS', 'Claire D.', 'Assureur Alpha']),
    )
    for (const { file, text } of files) {
      for (const sample of sampleStrings) {
        expect(text.includes(sample), `${file} holds the sample "${sample}"`).toBe(false)
      }
      expect(text, file).not.toContain(demoNotice)
    }
    expect(existsSync(path.join(built.outDir, 'partners'))).toBe(false)
  })

  it('names the broker in the legal notice, the footer of every page and the consent label', () => {
    const { company } = broker
    for (const expected of [
      company.legalName,
      company.rcs,
      company.orias,
      company.shareCapital,
      company.headOffice.street,
      broker.publicationManager,
      broker.host.name,
      broker.mediator.name,
    ]) {
      expect(page('mentions-legales/index.html')).toContain(expected)
    }
    for (const file of pages) {
      const footer = /<footer[\s\S]*<\/footer>/.exec(page(file))?.[0] ?? ''
      expect(footer, file).toContain(company.legalName)
      expect(footer, file).toContain(company.orias)
      expect(page(file), file).toContain(broker.brandName)
    }
    const consentLabel = `par ${company.legalName}, courtier en assurance immatriculé à l’ORIAS sous le n°\u00a0${company.orias}`
    expect(page('index.html')).toContain(consentLabel)
    const landingScript = files.find((entry) => /^assets\/landing-.*\.js$/.test(entry.file))!
    expect(landingScript.text).toContain(company.legalName)
    // The landing script carries the name and ORIAS number, and nothing else of the configuration.
    for (const other of [company.rcs, company.email, broker.host.name, broker.callerPhone]) {
      expect(landingScript.text).not.toContain(other)
    }
  })

  it('publishes the card of its calling number, and names who calls, hidden until the request is sent', () => {
    const card = readFileSync(path.join(built.outDir, callerVcardPath), 'utf8')
    expect(card).toBe(callerVcard(broker))
    const properties = parseVcard(card)
    expect(vcardText(properties, 'FN')).toBe('Lumière Assurance Prêt')
    expect(vcardText(properties, 'ORG')).toBe('Courtage Lumière SARL')
    expect(properties.find((property) => property.name === 'TEL')?.value).toBe('+33472987655')
    const landing = page('index.html')
    const start = landing.indexOf('<div class="caller-card">')
    const callerCard = landing.slice(
      start,
      landing.indexOf('</div>', landing.indexOf('contacts', start)),
    )
    expect(callerCard).toContain(
      'Vous serez rappelé(e) par Mireille ou Hugo, de l’équipe Conseil Lumière, depuis le',
    )
    expect(callerCard).toContain('04\u00a072\u00a098\u00a076\u00a055')
    expect(callerCard).toContain(
      '<img src="/favicon.svg" alt="" width="56" height="56" loading="lazy"',
    )
    expect(callerCard).toContain('href="/contact.vcf"')
    expect(page('_headers')).toContain(
      '/contact.vcf\n  Content-Type: text/vcard; charset=utf-8\n  Content-Disposition: inline; filename="contact.vcf"',
    )
  })

  it('shows its partners and reviews, and a policy naming its declared recipients', () => {
    const landing = page('index.html')
    expect(landing).toContain(`alt="${broker.partners[0]!.alt}"`)
    expect(landing).toContain(broker.testimonials[0]!.name)
    expect(landing).toContain('Ces avis ne font l’objet d’aucune procédure de contrôle.')
    const policy = page('politique-confidentialite/index.html')
    expect(policy).toContain(broker.privacy.leadWebhook!.name)
    expect(policy).toContain(broker.privacy.emailProvider!.name)
    // Declared, but this build has no pixel to ask for the consent it needs.
    expect(policy).not.toContain('API Conversions')
    expect(JSON.parse(page(policyRecordFile))).toMatchObject({
      names: {
        leadWebhook: true,
        emailProvider: true,
        pageViewWebhook: false,
        metaConversionsApi: false,
      },
    })
    expect(page('sitemap.xml')).toContain(`${broker.siteUrl}/mentions-legales`)
  })

  it('puts the broker in the server’s emails, compiled the way the server is', async () => {
    const outDir = path.join(work, 'server-content')
    const previous = process.env.SITE_CONFIG
    process.env.SITE_CONFIG = fictitiousFile
    try {
      await build({
        root,
        configFile: false,
        publicDir: false,
        logLevel: 'silent',
        plugins: [siteConfigPlugin()],
        resolve: { alias: { '@': path.join(root, 'src') } },
        build: {
          ssr: true,
          outDir,
          rolldownOptions: {
            input: {
              'lead-emails': 'server/emails/lead-emails.ts',
              'lead-form': 'common/lead/lead-form-copy.ts',
            },
            output: { format: 'esm', entryFileNames: '[name].js' },
          },
        },
      })
    } finally {
      if (previous === undefined) delete process.env.SITE_CONFIG
      else process.env.SITE_CONFIG = previous
    }
    const emails = (await import(
      pathToFileURL(path.join(outDir, 'lead-emails.js')).href
    )) as typeof import('../server/emails/lead-emails')
    const { leadFormCopy } = (await import(
      pathToFileURL(path.join(outDir, 'lead-form.js')).href
    )) as typeof import('../common/lead/lead-form-copy')
    const email = emails.visitorConfirmation({
      leadId: 'lead-1',
      payload: {
        nom: 'Martin',
        prenom: 'Élodie',
        email: 'elodie@courriel.test',
        telephone: '06 12 34 56 78',
        source: 'facebook_ads',
        page_url: `${broker.siteUrl}/`,
        timestamp: '2026-11-22T10:00:00.000Z',
        consentement: true,
        consentement_texte: leadFormCopy.consentLabel,
      } as Parameters<typeof emails.visitorConfirmation>[0]['payload'],
      receivedAt: new Date('2026-11-22T10:00:00.000Z'),
      withdrawUrl: `${broker.siteUrl}/retrait-consentement?jeton=x`,
      siteUrl: broker.siteUrl,
    })
    expect(email.subject).toContain(broker.brandName)
    expect(email.text).toContain('Mireille ou Hugo, de l’équipe Conseil Lumière')
    // The relay compiled apart from the site attaches the very bytes the site publishes.
    expect(email.attachments?.[0]?.content).toBe(
      readFileSync(path.join(built.outDir, callerVcardPath), 'utf8'),
    )
    for (const expected of [broker.company.legalName, broker.company.orias, broker.callerPhone]) {
      expect(email.text).toContain(expected)
    }
    for (const { file, text } of textFiles(outDir)) {
      for (const sample of sampleStrings) {
        expect(text.includes(sample), `${file} holds the sample "${sample}"`).toBe(false)
      }
      expect(text, file).not.toMatch(/from ['"]yaml['"]/)
    }
  }, 120_000)
})

describe('the example configuration', () => {
  it('refuses a production build, listing every sample value with its line', () => {
    const refused = runBuild('refused', { NODE_ENV: 'production', SITE_CONFIG: exampleConfigFile })
    expect(refused.status).toBe(1)
    expect(refused.output).toContain(
      `NODE_ENV=production, but site.config.example.yaml still holds ${example.samples.length} sample value(s)`,
    )
    for (const sample of example.samples) {
      expect(refused.output).toContain(`site.config.example.yaml:${sample.line}: ${sample.path} = `)
    }
    expect(refused.output).toContain('ALLOW_SAMPLE_CONTENT=true')
  }, 60_000)

  it('builds for production with ALLOW_SAMPLE_CONTENT=true, every page saying it is a demonstration', () => {
    const built = runBuild('demo', {
      NODE_ENV: 'production',
      ALLOW_SAMPLE_CONTENT: 'true',
      SITE_CONFIG: exampleConfigFile,
    })
    expect(built.status, built.output).toBe(0)
    expect(built.output).toContain('Built anyway because ALLOW_SAMPLE_CONTENT=true.')
    // Served by `npm start`, the same-origin relay is the right destination: nothing to say.
    expect(built.output).not.toContain('VITE_LEAD_WEBHOOK_URL')
    expect(built.output).not.toContain('VITE_PAGE_VIEW_WEBHOOK_URL')
    for (const file of pages) {
      const html = readFileSync(path.join(built.outDir, file), 'utf8')
      expect(html, file).toContain(`<strong>${demoNotice}\u00a0:</strong>`)
    }
    expect(readdirSync(path.join(built.outDir, 'partners'))).toContain('exemple-alpha.svg')
  }, 300_000)
})

describe('a build for a static host', () => {
  it('says once, in one line each, that leads and page views have nowhere to go', () => {
    const built = runBuild('static', { SITE_CONFIG: exampleConfigFile }, ['--static'])
    expect(built.status, built.output).toBe(0)
    for (const setting of ['VITE_LEAD_WEBHOOK_URL', 'VITE_PAGE_VIEW_WEBHOOK_URL']) {
      const lines = built.output.split('\n').filter((line) => line.includes(setting))
      expect(lines, setting).toHaveLength(1)
      expect(lines[0]).toMatch(/^Note: .* a static host does not serve: set it before publishing/)
    }
  }, 300_000)

  it('says nothing of the leads once their webhook is set', () => {
    const built = runBuild(
      'static-hook',
      { SITE_CONFIG: fictitiousFile, VITE_LEAD_WEBHOOK_URL: 'https://hooks.test/lead' },
      ['--static'],
    )
    expect(built.status, built.output).toBe(0)
    expect(built.output).not.toContain('VITE_LEAD_WEBHOOK_URL')
    expect(built.output).toContain('Note: VITE_PAGE_VIEW_WEBHOOK_URL is not set')
  }, 300_000)
})

describe('a build that stops before it starts, naming why', () => {
  const refusedWith = (name: string, text: string, env: Record<string, string> = {}) => {
    const result = runBuild(name, { SITE_CONFIG: configFile(name, text), ...env })
    expect(result.status).toBe(1)
    return result.output
  }
  const lineOf = (text: string, search: string) =>
    text.slice(0, text.indexOf(search)).split('\n').length

  it('a wrong ORIAS number, a missing field and a logo that does not exist, each with its line', () => {
    const text = fictitious
      .replace("orias: '19004321'", 'orias: 19-004-321')
      .replace('  legalForm: Société à responsabilité limitée (SARL)\n', '')
      .replace('logo: /favicon.svg', 'logo: partners/horizon.svg')
    const output = refusedWith('bad-fields', text)
    expect(output).toContain('bad-fields.yaml has 3 bad fields:')
    expect(output).toContain(`bad-fields.yaml:${lineOf(text, 'orias:')}: company.orias must be`)
    expect(output).toContain(
      `bad-fields.yaml:${lineOf(text, 'company:')}: company.legalForm is missing`,
    )
    expect(output).toContain(
      `bad-fields.yaml:${lineOf(text, 'logo:')}: partners[0].logo names a file that does not exist: public/partners/horizon.svg`,
    )
    expect(output).not.toContain('Built ')
  }, 60_000)

  it('a real activity count while leads go straight to a webhook, which the relay cannot count', () => {
    const text = fictitious.replace('activityCounter: off', 'activityCounter: real')
    const output = refusedWith('real-count', text, {
      VITE_LEAD_WEBHOOK_URL: 'https://hooks.test/lead',
    })
    expect(output).toContain('activityCounter is real in ')
    expect(output).toContain('VITE_LEAD_WEBHOOK_URL is set, so leads go straight to that webhook')
  }, 60_000)

  it('an activityCounter that is none of spec, real and off, with its line', () => {
    const text = fictitious.replace('activityCounter: off', 'activityCounter: vrai')
    const output = refusedWith('bad-count', text, {})
    expect(output).toContain(
      `bad-count.yaml:${lineOf(text, 'activityCounter:')}: activityCounter must be one of spec, real, off (got "vrai")`,
    )
  }, 60_000)

  it('a webhook set in VITE_* whose recipient the privacy policy would not name', () => {
    const text = fictitious.replace(/ {2}leadWebhook:\n(?: {4}.*\n){2}/, '')
    const output = refusedWith('undeclared', text, {
      VITE_LEAD_WEBHOOK_URL: 'https://hooks.test/lead',
    })
    expect(output).toContain(
      'VITE_LEAD_WEBHOOK_URL is set, but the privacy policy does not name who receives the leads',
    )
  }, 60_000)
})
