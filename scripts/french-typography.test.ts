// @vitest-environment jsdom
/**
 * French typography over everything a visitor or the broker reads: a non-breaking space (U+00A0,
 * or the narrow U+202F) before `: ; ! ?`, inside `« »`, between groups of digits and before `€`
 * (`10 000 €`, `1 234,56 €`), and in the ORIAS number (`00 000 000`). Checked on the pages as
 * pre-rendered (text, titles and the attributes that hold copy, never addresses or scripts), with
 * the example configuration and with a broker's typed with ordinary spaces; on the copy the
 * islands show after the first paint; on what the server writes: emails, the withdrawal pages and
 * the form's error messages; and on the back-office's French, read in its source.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, it, vi } from 'vitest'
import {
  brokerAlert,
  brokerEscalation,
  brokerWithdrawal,
  visitorConfirmation,
} from '../server/emails/lead-emails'
import {
  confirmWithdrawalPage,
  invalidLinkPage,
  withdrawnPage,
} from '../server/privacy/withdrawal-page'
import { validLead } from '../server/test-support/lead-fixtures'
import {
  exampleConfigFile,
  readSiteConfig,
  siteConfigExports,
} from './site-config/read-site-config'
import { allRoutes } from '../common/routes/routes'
import type { PrivacyRecipients } from '../common/site-config/site-config-schema'
import {
  estimateCopy,
  estimateMethod,
  estimateRecall,
  euros,
  years,
} from '../common/estimate/estimate-copy'
import { leadFormCopy } from '../common/lead/lead-form-copy'
import { privacyPolicy } from '../src/content/privacy-policy'
import { type LeadPayload } from '../common/lead/lead-contract'
import { parseLeadPayload } from '../server/api/parse-lead'
import { channelAlertCopy } from '../server/delivery/channel-alert-copy'

const ordinarySpace = '[ \\t\\r\\n]'

const rules: { rule: string; pattern: RegExp }[] = [
  {
    rule: 'a non-breaking space before : ; ! ?',
    pattern: /(?<![\u00a0\u202f!?])[:;!?]/g,
  },
  { rule: 'non-breaking spaces inside « »', pattern: /«(?![\u00a0\u202f])|(?<![\u00a0\u202f])»/g },
  {
    rule: 'a non-breaking space between groups of digits',
    pattern: new RegExp(`\\d${ordinarySpace}+\\d{3}(?!\\d)`, 'g'),
  },
  { rule: 'a non-breaking space before €', pattern: new RegExp(`\\d${ordinarySpace}*€`, 'g') },
  { rule: 'a non-breaking space after n°', pattern: /(?<!\p{L})n°(?![\u00a0\u202f])/gu },
  { rule: 'thousands grouped in an amount', pattern: /\d{4,}(?:,\d+)?\s*(?:€|euros?\b)/g },
]

/**
 * What is not prose, and follows other rules: web and mail addresses, `tel:` links, paths and
 * query strings, and times written 9:30.
 */
const notProse =
  /\b[a-z][\w+.-]*:\/\/\S*|\b(?:mailto|tel):\S*|\S+@\S+\.\S+|(?<!\w)\/[\w/.-]*(?:\?\S*)?|\?[\w-]+=\S*|\b\d{1,2}:\d{2}(?!\d)/gi

/** English the specification asks for word for word (DECISIONS.md, Pages): not French copy. */
const quotedEnglish = 'Oops! Page not found'

/** Every breach of French typography in one text, each with the words around it. */
function typographyFaults(text: string): string[] {
  const prose = text.replaceAll(quotedEnglish, 'QUOTE').replace(notProse, 'ADDRESS')
  const around = (index: number, length: number) =>
    `“${prose.slice(Math.max(0, index - 25), index + length + 10).replace(/ /g, '␣')}”`
  const faults = rules.flatMap(({ rule, pattern }) =>
    [...prose.matchAll(pattern)].map((match) => `${rule}: ${around(match.index, match[0].length)}`),
  )
  for (const match of prose.matchAll(/ORIAS\D{0,40}?(\d[\d\s]*\d)/g)) {
    const number = match[1]!
    const grouped = /^\d{2}[\u00a0\u202f]\d{3}[\u00a0\u202f]\d{3}$/.test(number)
    if (number.replace(/\D/g, '').length === 8 && !grouped) {
      faults.push(`the ORIAS number as 00 000 000: ${around(match.index, match[0].length)}`)
    }
  }
  return faults
}

/** What a reader sees of an HTML document: its text and the attributes that hold copy. */
function readableText(html: string): string[] {
  const document = new DOMParser().parseFromString(html, 'text/html')
  for (const code of document.querySelectorAll('script, style, noscript, template')) code.remove()
  const attributes = [
    ...document.querySelectorAll('[alt], [title], [aria-label], [placeholder]'),
  ].flatMap((element) =>
    ['alt', 'title', 'aria-label', 'placeholder'].map((name) => element.getAttribute(name)),
  )
  const meta = [
    ...document.querySelectorAll(
      'meta[name="description"], meta[property$=":title"], meta[property$=":description"], meta[property$=":alt"], meta[name^="twitter:"]',
    ),
  ].map((element) => element.getAttribute('content'))
  return [document.title, document.body.textContent ?? '', ...attributes, ...meta].filter(
    (text): text is string => Boolean(text),
  )
}

/** Every string held in a value, however deeply nested. */
function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value]
  if (Array.isArray(value)) return value.flatMap(stringsIn)
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringsIn)
  return []
}

function faultsIn(sources: Record<string, string[]>): string[] {
  return Object.entries(sources).flatMap(([source, texts]) =>
    texts.flatMap(typographyFaults).map((fault) => `${source}: ${fault}`),
  )
}

/** A broker's configuration with real-looking values, typed with ordinary spaces. */
const brokerConfigFile = path.resolve(
  import.meta.dirname,
  'site-config/fixtures/fictitious-broker.site.config.yaml',
)

/**
 * Each page as the build writes it, for a build with the given VITE_* values and, when given, the
 * site configuration read from that file (else the one the tests' build compiled in).
 */
async function renderedPages(
  env: Record<string, string>,
  configFile?: string,
): Promise<Record<string, string[]>> {
  vi.resetModules()
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value)
  if (configFile) {
    const values = siteConfigExports(readSiteConfig({ file: configFile }))
    vi.doMock('../common/site-config/site-config-values', () => values)
  }
  try {
    const { renderPage } = await import('../src/entry-server')
    const assets = { css: '', scripts: [], preloads: [] }
    return Object.fromEntries(
      allRoutes.map((route) => [route.file, readableText(renderPage(route, assets))]),
    )
  } finally {
    vi.doUnmock('../common/site-config/site-config-values')
    vi.unstubAllEnvs()
  }
}

const noRecipients: PrivacyRecipients = {
  leadWebhook: undefined,
  pageViewWebhook: undefined,
  emailProvider: undefined,
  notificationService: undefined,
  metaConversionsApi: false,
}
const everyRecipient: PrivacyRecipients = {
  leadWebhook: { name: 'Automates du Rhône SAS', outsideEu: true },
  pageViewWebhook: { name: 'Compteur Clic SARL', outsideEu: false },
  emailProvider: { name: 'Courriel Rhône SAS', outsideEu: true },
  notificationService: { name: 'Alertes Rhône SAS', outsideEu: false },
  metaConversionsApi: true,
}

/**
 * Accents and short words common in French and rare in English or code: what tells the broker's
 * copy from class names, paths and English logs.
 */
const frenchWords =
  /[àâçéèêëîïôûùœ’«»]|\b(?:le|la|les|de|des|du|un|une|et|ou|est|vous|votre|vos|pour|au|aux|sur|dans|pas|ne|ce|cet|cette)\b/i

/**
 * The French a source file holds for its reader: string literals, the text of templates around
 * their placeholders, and JSX text, read with the TypeScript parser so that comments and code are
 * left out. Imports, class names and English (logs, operator errors) are not copy.
 */
function frenchInSource(file: string): string[] {
  const source = ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  )
  const texts: string[] = []
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return
    if (ts.isJsxAttribute(node) && node.name.getText(source) === 'className') return
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) texts.push(node.text)
    else if (ts.isJsxText(node)) texts.push(node.text)
    node.forEachChild(visit)
  }
  visit(source)
  return texts.filter((text) => frenchWords.test(text))
}

describe('French typography', () => {
  it('catches what it is for, and leaves addresses and times alone', () => {
    expect(typographyFaults('Pourquoi changer ?')).toHaveLength(1)
    expect(typographyFaults('Pourquoi changer?')).toHaveLength(1)
    expect(typographyFaults('Note : ceci ; cela !')).toHaveLength(3)
    expect(typographyFaults('« Gestion »')).toHaveLength(2)
    expect(typographyFaults('jusqu’à 15 000 €')).toHaveLength(2)
    expect(typographyFaults('jusqu’à 15000\u00a0€')).toHaveLength(1)
    expect(typographyFaults('1 234,56\u00a0€')).toHaveLength(1)
    expect(typographyFaults('ORIAS n°\u00a012345678')).toHaveLength(1)
    expect(typographyFaults('ORIAS n° 12\u00a0345\u00a0678')).toHaveLength(1)
    expect(typographyFaults('ORIAS n°\u00a012 345 678')).not.toHaveLength(0)

    expect(typographyFaults('Pourquoi changer\u00a0? Note\u202f: «\u00a0Gestion\u00a0»')).toEqual(
      [],
    )
    expect(
      typographyFaults('Voir\u00a0!? jusqu’à 15\u00a0000\u00a0€, 1\u00a0234,56\u00a0€'),
    ).toEqual([])
    expect(typographyFaults('ORIAS n°\u00a012\u00a0345\u00a0678, dès 9h30 ou 9:30')).toEqual([])
    expect(
      typographyFaults('https://www.orias.fr/?q=1 /politique-confidentialite?uid=a mailto:a@b.fr'),
    ).toEqual([])
  })

  it('holds on every page, in a build with the relay and in one with webhooks and a pixel', async () => {
    const relay = await renderedPages({})
    const pixel = await renderedPages({
      VITE_LEAD_WEBHOOK_URL: 'https://hooks.example/lead',
      VITE_META_PIXEL_ID: '123456789012345',
    })
    expect(Object.keys(relay)).toHaveLength(allRoutes.length)
    expect(faultsIn({ ...relay, ...prefixed('pixel build ', pixel) })).toEqual([])
  }, 60_000)

  it('holds on every page built from a broker’s configuration typed with ordinary spaces', async () => {
    const typed = readFileSync(brokerConfigFile, 'utf8')
    // The fixture is worth the check only while it is typed as a broker would.
    for (const plain of [
      "orias: '19004321'",
      '25000 €',
      'RCS Lyon 812345676',
      'banque ! Je',
      '41 €',
    ]) {
      expect(typed).toContain(plain)
    }
    const pages = await renderedPages({}, brokerConfigFile)
    expect(pages['index.html']!.join(' ')).toContain('Courtage Lumière SARL')
    expect(faultsIn(prefixed('broker build ', pages))).toEqual([])
  }, 60_000)

  it('holds in every value of the site configuration, as parsed', () => {
    const configs = {
      'site.config.example.yaml': readSiteConfig({ file: exampleConfigFile }).config,
      'a broker’s site.config.yaml': readSiteConfig({ file: brokerConfigFile }).config,
    }
    expect(
      faultsIn(
        Object.fromEntries(
          Object.entries(configs).map(([name, config]) => [name, stringsIn(config)]),
        ),
      ),
    ).toEqual([])
  })

  it('holds in the back-office’s French: its screens, and the errors its server sends them', () => {
    const root = path.resolve(import.meta.dirname, '..')
    const files = [
      'admin',
      'common/calls',
      'common/pipeline',
      'common/back-office',
      'server/accounts',
      'server/back-office',
    ]
      .flatMap((dir) =>
        (readdirSync(path.join(root, dir), { recursive: true }) as string[]).map((file) =>
          path.join(dir, file),
        ),
      )
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    const sources = Object.fromEntries(
      files.map((file) => [file, frenchInSource(path.join(root, file))]),
    )
    // The copy is really read: the shell's and the login's French is among it, and the screens'.
    expect(sources['admin/admin-copy.ts']).toContain('Mot de passe')
    expect(sources['admin/copy/personal-data-screen.ts']).toContain('Effacer une personne')
    expect(sources['server/accounts/login-routes.ts']).toContain('Email ou mot de passe incorrect.')
    expect(sources['common/pipeline/stage-copy.ts']).toContain('Choisissez la raison de la perte.')
    expect(Object.values(sources).flat().length).toBeGreaterThan(20)
    expect(faultsIn(sources)).toEqual([])
  })

  it('holds in the copy the page shows after its first paint', async () => {
    const content = import.meta.glob<Record<string, unknown>>(
      ['../src/content/*.ts', '!../src/content/*.test.ts'],
      { eager: true },
    )
    const slots = Object.keys(
      leadFormCopy.callback.options,
    ) as (keyof typeof leadFormCopy.callback.options)[]
    const sources: Record<string, string[]> = {
      ...Object.fromEntries(
        Object.entries(content).map(([file, module]) => [file, stringsIn(module)]),
      ),
      'privacy policy (every variant)': [true, false].flatMap((metaPixel) =>
        [true, false].flatMap((audienceCounts) =>
          [noRecipients, everyRecipient].flatMap((recipients) =>
            stringsIn(privacyPolicy({ metaPixel, audienceCounts, recipients })),
          ),
        ),
      ),
      'estimate results': [
        euros(1_234_567),
        years(20),
        estimateCopy.range(1_200, 10_800),
        estimateCopy.upTo(10_800),
        estimateCopy.rangeDetail(20, 1_234, 12_345),
        estimateCopy.upToDetail(20, 12_345),
        estimateMethod.tableCaption('2026-11-22'),
        estimateRecall(1_200, 10_800, 20),
        estimateRecall(0, 10_800, 1),
      ],
      'form confirmation': slots.map((slot) => leadFormCopy.confirmation.callback(slot)),
    }
    expect(faultsIn(sources)).toEqual([])
  })

  it('holds in what the server writes: form errors, emails and withdrawal pages', () => {
    const payload = {
      ...validLead({ telephone: '0612345678', rappel_prefere: 'matin' }),
      simulation: {
        montant_emprunte: 250_000,
        duree_restante_ans: 18,
        age: 42,
        assures: 'seul',
        cotisation_mensuelle: 1_234,
        economie_min: 4_300,
        economie_max: 12_500,
        bareme: '2026-11-22',
      },
    } as unknown as LeadPayload
    const context = {
      leadId: 'lead-1',
      payload,
      receivedAt: new Date('2026-11-22T10:00:00Z'),
      cardUrl: 'https://www.example.fr/admin/demandes/lead-1',
    }
    const emails = {
      'broker alert': brokerAlert(context),
      'broker escalation': brokerEscalation(context),
      'broker withdrawal': brokerWithdrawal({ ...context, withdrawnAt: new Date() }),
      'visitor confirmation': visitorConfirmation({
        ...context,
        withdrawUrl: 'https://www.example.fr/retrait-consentement?jeton=abc',
        siteUrl: 'https://www.example.fr',
      }),
    }
    const refused = parseLeadPayload({
      nom: 'x'.repeat(500),
      prenom: 'Zoé 24',
      email: 'nope',
      telephone: '12',
    })
    expect(refused.ok).toBe(false)
    const sources: Record<string, string[]> = {
      'form errors': refused.ok ? [] : stringsIn(refused.errors),
      ...Object.fromEntries(
        Object.entries(emails).map(([name, email]) => [
          name,
          [email.subject, email.text, ...readableText(email.html)],
        ]),
      ),
      'failing-channel notices': ['webhook', 'email_courtier'].flatMap((name) => [
        channelAlertCopy.failingTitle(name),
        channelAlertCopy.failingBody(name),
        channelAlertCopy.recoveredTitle(name),
        channelAlertCopy.recoveredBody(name),
      ]),
      'withdrawal pages': [
        confirmWithdrawalPage('jeton'),
        withdrawnPage(),
        ...(['invalid', 'expired', 'unknown'] as const).map(invalidLinkPage),
      ].flatMap(readableText),
    }
    expect(faultsIn(sources)).toEqual([])
  })
})

function prefixed(prefix: string, record: Record<string, string[]>): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(record).map(([key, value]) => [`${prefix}${key}`, value]),
  )
}
