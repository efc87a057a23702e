/**
 * Builds the site: the browser bundles with Vite, then one HTML file per route pre-rendered with
 * react-dom/server, CSS inlined, scripts only where a page is interactive. Output: `dist/` (or
 * OUT_DIR), with the stamp of its inputs that `npm start` compares (scripts/build-stamp.mjs). A bad
 * VITE_* value or a bad field of site.config.yaml stops the build with a message saying which and
 * why; so does a sample value left in a production build (NODE_ENV=production), unless
 * ALLOW_SAMPLE_CONTENT=true. `--static` (`npm run build:static`) says the build will be published on a
 * static host, where the relay's same-origin paths do not exist.
 */
import { createHash } from 'node:crypto'
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { build, loadEnv, type Manifest } from 'vite'
import { ClientEnvError, parseClientEnv, type ClientEnv } from '../src/config/client-env'
import {
  namedRecipients,
  policyRecordFile,
  undeclaredRecipients,
  type PolicyRecord,
  type RecipientSetting,
} from '../common/site-config/privacy-recipients'
import {
  exampleConfigFile,
  readSiteConfig,
  SiteConfigError,
  type LoadedSiteConfig,
} from './site-config/read-site-config'
import { allRoutes } from '../common/routes/routes'
import type { PageAssets } from '../src/document'
import { clientEntries } from '../vite.config'
import { precompress } from './precompress'
import { computeStamp, writeStamp } from './build-stamp.mjs'
import { renderHeadersFile } from './headers-file'
import { callerVcard, callerVcardPath } from '../common/site-config/caller-vcard'

type ServerEntry = typeof import('../src/entry-server')

const root = path.resolve(import.meta.dirname, '..')
const outDir = path.resolve(root, process.env.OUT_DIR ?? 'dist')
const ssrDir = path.resolve(root, '.build', `ssr-${path.basename(outDir)}`)
const mode = process.env.MODE ?? 'production'
/** Read before Vite's build sets NODE_ENV to production whatever the caller asked. */
const productionBuild = process.env.NODE_ENV?.trim() === 'production'
const samplesAllowed = process.env.ALLOW_SAMPLE_CONTENT?.trim() === 'true'
/** Served by `npm start` unless told otherwise, where the same-origin paths are the right ones. */
const forStaticHost = process.argv.includes('--static')

type EntryName = keyof typeof clientEntries

/** Entries every page loads; the consent script exists only in builds with a pixel id. */
function sharedEntries(env: ClientEnv): EntryName[] {
  return env.metaPixelId ? ['consent'] : []
}

function warn(lines: string[]): void {
  const bar = '!'.repeat(78)
  console.warn(`\n${bar}\n${lines.map((line) => `! ${line}`).join('\n')}\n${bar}\n`)
}

function entryOf(manifest: Manifest, name: EntryName) {
  const entry = manifest[clientEntries[name]]
  if (!entry) throw new Error(`Build manifest has no entry for ${clientEntries[name]}.`)
  return entry
}

/** The entry's own file and, for preloading, every chunk it imports statically. */
function scriptFiles(manifest: Manifest, name: EntryName) {
  const entry = entryOf(manifest, name)
  const preloads = new Set<string>()
  const visit = (keys: string[] | undefined) => {
    for (const key of keys ?? []) {
      const chunk = manifest[key]
      if (!chunk || preloads.has(`/${chunk.file}`)) continue
      preloads.add(`/${chunk.file}`)
      visit(chunk.imports)
    }
  }
  visit(entry.imports)
  return { script: `/${entry.file}`, preloads: [...preloads] }
}

/** Sample values stop a production build; elsewhere the pages say they are a demonstration. */
function checkSamples(loaded: LoadedSiteConfig): void {
  if (loaded.samples.length === 0) return
  const shown = path.relative(root, loaded.file)
  const list = loaded.samples.map(
    (sample) => `  ${shown}:${sample.line}: ${sample.path} = "${sample.value}"`,
  )
  if (productionBuild && !samplesAllowed) {
    throw new SiteConfigError(
      [
        `NODE_ENV=production, but ${shown} still holds ${loaded.samples.length} sample value(s) of site.config.example.yaml:`,
        ...list,
        "Replace them with the broker's own (see docs/configuration.md), or set ALLOW_SAMPLE_CONTENT=true to build a demonstration anyway.",
      ].join('\n'),
    )
  }
  warn([
    `${shown} still holds sample values: every page says "Site de démonstration".`,
    ...list,
    productionBuild
      ? 'Built anyway because ALLOW_SAMPLE_CONTENT=true.'
      : 'A production build (NODE_ENV=production) refuses them.',
  ])
}

/** The real count is the relay's: it counts only the leads sent to it, and only it serves the count. */
function checkActivityCounter(loaded: LoadedSiteConfig, clientEnv: ClientEnv): void {
  if (loaded.config.activityCounter !== 'real') return
  const file = path.relative(root, loaded.file)
  const why = forStaticHost
    ? 'a static host does not serve the count (/api/activity)'
    : !clientEnv.usesLeadRelay
      ? 'VITE_LEAD_WEBHOOK_URL is set, so leads go straight to that webhook and the relay cannot count them'
      : undefined
  if (why) {
    throw new SiteConfigError(
      `activityCounter is real in ${file}, but ${why}: set it to spec or off, or serve the site with npm start and no VITE_LEAD_WEBHOOK_URL.`,
    )
  }
}

/**
 * On a static host nothing answers /api/leads or /api/page-views: a same-origin destination there
 * loses what the page sends. One line per destination left to the relay; nothing when served by it.
 */
function staticHostNotes(clientEnv: ClientEnv): string[] {
  const notes: string[] = []
  if (clientEnv.usesLeadRelay) {
    notes.push(
      'Note: VITE_LEAD_WEBHOOK_URL is not set, so the form posts to /api/leads, which a static host does not serve: set it before publishing this build.',
    )
  }
  if (clientEnv.pageViewEndpoint.startsWith('/')) {
    notes.push(
      'Note: VITE_PAGE_VIEW_WEBHOOK_URL is not set, so page views go to /api/page-views, which a static host does not serve: set it before publishing this build.',
    )
  }
  return notes
}

/** The browser's own destinations, known now: each needs its recipient named in the policy. */
const buildSettings: RecipientSetting[] = ['VITE_LEAD_WEBHOOK_URL', 'VITE_PAGE_VIEW_WEBHOOK_URL']

/**
 * What the privacy policy names; the server checks its own settings against it at start. Refuses
 * a VITE_* destination the policy would not name.
 */
function policyRecord(
  loaded: LoadedSiteConfig,
  env: Record<string, string>,
  clientEnv: ClientEnv,
): PolicyRecord {
  const record: PolicyRecord = {
    names: namedRecipients(loaded.config.privacy, Boolean(clientEnv.metaPixelId)),
    builtWith: buildSettings.filter((setting) => env[setting]?.trim()),
    configFile: path.relative(root, loaded.file),
  }
  const undeclared = undeclaredRecipients(env, record, buildSettings)
  if (undeclared.length > 0) throw new SiteConfigError(undeclared.join('\n'))
  if (loaded.config.privacy.metaConversionsApi && !clientEnv.metaPixelId) {
    warn([
      `privacy.metaConversionsApi is oui in ${record.configFile}, but VITE_META_PIXEL_ID is not set:`,
      'without the pixel no visitor can consent, so the policy does not mention the Conversions API.',
    ])
  }
  return record
}

/** The example's partner logos that this site does not show: they must not be published. */
async function removeUnusedSampleLogos(loaded: LoadedSiteConfig): Promise<void> {
  const used = new Set(loaded.config.partners.map((partner) => partner.logo))
  const example = readSiteConfig({ file: exampleConfigFile })
  const folders = new Set<string>()
  for (const partner of example.config.partners) {
    if (used.has(partner.logo)) continue
    await rm(path.join(outDir, partner.logo), { force: true })
    folders.add(path.dirname(path.join(outDir, partner.logo)))
  }
  for (const folder of folders) {
    if ((await readdir(folder)).length === 0) await rm(folder, { recursive: true })
  }
}

async function main(): Promise<void> {
  // Taken before building: a file edited meanwhile then differs from the stamp and is built next time.
  const stamp = computeStamp(root, 'site')
  const env = { ...loadEnv(mode, root, 'VITE_'), ...pickViteEnv(process.env) }
  const clientEnv = parseClientEnv(env)
  const loaded = readSiteConfig()
  checkSamples(loaded)
  checkActivityCounter(loaded, clientEnv)
  const record = policyRecord(loaded, env, clientEnv)

  await rm(outDir, { recursive: true, force: true })
  await build({ root, mode, logLevel: 'warn', build: { outDir, emptyOutDir: true } })
  await build({
    root,
    mode,
    logLevel: 'warn',
    build: { ssr: 'src/entry-server.tsx', outDir: ssrDir, emptyOutDir: true, manifest: false },
  })

  const manifest = JSON.parse(
    await readFile(path.join(outDir, '.vite/manifest.json'), 'utf8'),
  ) as Manifest
  const css = await readFile(path.join(outDir, entryOf(manifest, 'styles').file), 'utf8')
  // Inlined (and allowed by its hash in the CSP): a request for it would delay the first paint.
  const afterPaintLoader = (
    await readFile(path.join(outDir, entryOf(manifest, 'afterPaint').file), 'utf8')
  ).trim()
  if (/\bimport\b/.test(afterPaintLoader)) {
    throw new Error(
      'The after-paint loader imports a shared chunk and cannot be inlined: keep it self-contained.',
    )
  }
  if (afterPaintLoader.includes('</'))
    throw new Error('The after-paint loader cannot be inlined: it contains "</".')
  const server = (await import(
    pathToFileURL(path.join(ssrDir, 'entry-server.js')).href
  )) as ServerEntry

  for (const route of allRoutes) {
    const entries = [...sharedEntries(clientEnv), ...route.scripts]
    const files = entries.map((name) => scriptFiles(manifest, name))
    const afterPaint = route.afterPaint
    const assets: PageAssets = {
      css,
      scripts: files.map((file) => file.script),
      preloads: [...new Set(files.flatMap((file) => file.preloads))],
      ...(afterPaint
        ? {
            afterPaint: {
              loaderCode: afterPaintLoader,
              script: scriptFiles(manifest, afterPaint).script,
            },
          }
        : {}),
    }
    const target = path.join(outDir, route.file)
    await mkdir(path.dirname(target), { recursive: true })
    await writeFile(target, server.renderPage(route, assets))
  }
  const { siteUrl } = server.siteConfig
  await writeFile(path.join(outDir, 'sitemap.xml'), sitemap(siteUrl))
  await writeFile(
    path.join(outDir, 'robots.txt'),
    `User-agent: *\nAllow: /\nSitemap: ${siteUrl}/sitemap.xml\n`,
  )
  // The relay attaches the same card, built by the same function, to the confirmation email.
  await writeFile(path.join(outDir, callerVcardPath), callerVcard(loaded.config))

  if (forStaticHost) {
    for (const note of staticHostNotes(clientEnv)) console.warn(note)
  }
  await writeFile(path.join(outDir, policyRecordFile), `${JSON.stringify(record, null, 2)}\n`)
  await writeFile(
    path.join(outDir, '_headers'),
    renderHeadersFile(clientEnv, [scriptHash(afterPaintLoader)]),
  )
  // The manifest served its purpose, and the stylesheet and loader now live inside the pages:
  // none of them is a file any page asks for.
  await rm(path.join(outDir, '.vite'), { recursive: true, force: true })
  for (const inlined of ['styles', 'afterPaint'] as const) {
    await rm(path.join(outDir, entryOf(manifest, inlined).file))
  }
  await removeUnusedSampleLogos(loaded)
  await precompress(outDir)
  // Last, so that only a finished build has one (scripts/ensure-build.mjs).
  writeStamp(outDir, stamp)
  console.log(`Built ${allRoutes.length} pages into ${path.relative(root, outDir) || '.'}/`)
}

function scriptHash(code: string): string {
  return `'sha256-${createHash('sha256').update(code).digest('base64')}'`
}

function pickViteEnv(source: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(source).filter(
      (entry): entry is [string, string] => entry[0].startsWith('VITE_') && entry[1] !== undefined,
    ),
  )
}

function sitemap(siteUrl: string): string {
  const urls = allRoutes
    .filter((route) => route.indexable && route.path !== null)
    .map((route) => `  <url><loc>${siteUrl}${route.path}</loc></url>`)
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`
}

main().catch((error: unknown) => {
  if (error instanceof ClientEnvError || error instanceof SiteConfigError) {
    console.error(`Build stopped: ${error.message}`)
  } else {
    console.error(error)
  }
  process.exit(1)
})
