/**
 * `npm run bench`: builds the site, serves it as a CDN would (pre-compressed, cached, with the
 * same headers), runs Lighthouse 12 (mobile preset, simulated throttling) in the system's Chromium
 * once on each route as a warm-up, then five times on each route, the routes taking turns, prints
 * the medians, writes them to docs/benchmarks/ as JSON, and exits non-zero when a budget of
 * scripts/bench/budgets.ts is broken. Timing targets (the performance score, LCP against the
 * floor) are printed when missed and break the run only with `--strict`, for a machine known to
 * be quiet: on a shared one they measure the neighbours.
 * `--landing` measures the landing page and the floor only; BENCH_RUNS sets the runs per route,
 * BENCH_WARMUP the warm-up rounds (0 for none).
 */
import { spawnSync } from 'node:child_process'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import Fastify from 'fastify'
import lighthouse from 'lighthouse'
import { chromiumArgs, findChromium } from '../e2e/support/chromium'
import { registerSecurityHeaders } from '../server/site-headers'
import { registerStaticSite } from '../server/static-site'
import { funnelPath } from '../common/funnel-contract'
import {
  brokenBudgets,
  lcpAboveFloor,
  median,
  missedTargets,
  type RouteFigures,
} from './bench/budgets'
import { measureLandingBytes } from './bench/landing-bytes'
import { countSetting, fromEnv } from './bench/settings'

const root = path.resolve(import.meta.dirname, '..')
const distDir = path.join(root, '.build', 'bench-site')
const reportDir = path.join(root, '.build', 'bench-reports')
/**
 * Five runs: Lighthouse's own guidance is that the median of five is twice as stable as one run
 * (github.com/GoogleChrome/lighthouse/blob/main/docs/variability.md), and here single runs of
 * one page spread over about 60 ms, as wide as the landing page's target (10 % above the floor).
 */
const runs = fromEnv(countSetting, 'BENCH_RUNS', 5, 1)
/**
 * A round run first and thrown away: the browser's first pages pay its own start (its caches, its
 * font lookups), which in our runs put the one-paragraph floor 100 to 120 ms above its later runs
 * two times in six, and would count against whichever page it fell on.
 */
const warmUpRounds = fromEnv(countSetting, 'BENCH_WARMUP', 1, 0)
const strict = process.argv.includes('--strict')
/** `--landing` measures only the landing page and the floor, for a quicker look at LCP. */
const benchedPaths = process.argv.includes('--landing')
  ? ['/']
  : ['/', '/mentions-legales', '/politique-confidentialite']
/**
 * The floor: a one-paragraph HTML page served the same way. Measured in the same run, it tells
 * how far the real pages are from the best any page could do on this machine.
 */
const floorPath = '/bench-floor.html'
const floorHtml =
  '<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Plancher</title><meta name="description" content="Page de référence"></head><body><p>Économisez sur votre assurance de prêt.</p></body></html>'

function build(): void {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.startsWith('VITE_')),
  )
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], {
    cwd: root,
    encoding: 'utf8',
    env: { ...env, OUT_DIR: distDir },
  })
  if (result.status !== 0) {
    process.stderr.write(`${result.stdout}${result.stderr}`)
    throw new Error('The build failed.')
  }
}

async function serve(): Promise<{ origin: string; close: () => Promise<void> }> {
  const app = Fastify({ logger: false })
  await registerSecurityHeaders(app, distDir)
  await registerStaticSite(app, distDir)
  // The build measured is the relay's, whose landing page reports its funnel steps: answered as
  // the relay answers them, so that a 404 in the console does not cost the best-practices score.
  app.post(funnelPath, (_request, reply) => reply.code(204).send())
  const address = await app.listen({ port: 0, host: '127.0.0.1' })
  return { origin: address, close: () => app.close() }
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr']

/** One Lighthouse run; a failed trace (it happens on a busy machine) is tried again twice. */
async function runLighthouse(url: string, port: number, attemptsLeft = 3): Promise<{ lhr: Lhr }> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error' })
  const failure = result ? result.lhr.runtimeError?.message : 'no result'
  if (result && !failure) return result
  if (attemptsLeft <= 1) throw new Error(`Lighthouse failed on ${url}: ${failure}`)
  console.warn(`  Lighthouse failed on ${url} (${failure}); trying again.`)
  return runLighthouse(url, port, attemptsLeft - 1)
}

function figuresOf(pagePath: string, lhr: Lhr): RouteFigures {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100)
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
  const summary =
    (
      lhr.audits['resource-summary']?.details as
        | { items?: { resourceType: string; transferSize: number; requestCount: number }[] }
        | undefined
    )?.items ?? []
  const bytes = (type: string) =>
    summary.find((item) => item.resourceType === type)?.transferSize ?? 0
  const count = (type: string) =>
    summary.find((item) => item.resourceType === type)?.requestCount ?? 0
  const blocking =
    (lhr.audits['render-blocking-resources']?.details as { items?: { url: string }[] } | undefined)
      ?.items ?? []
  return {
    path: pagePath,
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
    },
    metrics: {
      fcp: numeric('first-contentful-paint'),
      lcp: numeric('largest-contentful-paint'),
      tbt: numeric('total-blocking-time'),
      cls: numeric('cumulative-layout-shift'),
      speedIndex: numeric('speed-index'),
    },
    bytes: {
      html: bytes('document'),
      js: bytes('script'),
      css: bytes('stylesheet'),
      images: bytes('image'),
      fonts: bytes('font'),
      other: bytes('other'),
      total: bytes('total'),
    },
    requests: count('total'),
    thirdPartyRequests: count('third-party'),
    renderBlocking: blocking.map((item) => item.url),
  }
}

function scriptsLoaded(lhr: Lhr): string[] {
  const requests =
    (
      lhr.audits['network-requests']?.details as
        { items?: { url: string; resourceType?: string }[] } | undefined
    )?.items ?? []
  return requests
    .filter((request) => request.resourceType === 'Script')
    .map((request) => new URL(request.url).pathname)
}

function medianFigures(
  pagePath: string,
  [first, ...rest]: [RouteFigures, ...RouteFigures[]],
): RouteFigures {
  const all = [first, ...rest]
  const pick = <T extends Record<string, number>>(select: (figures: RouteFigures) => T): T =>
    Object.fromEntries(
      Object.keys(select(first)).map((key) => [
        key,
        median(all.map((figures) => select(figures)[key] ?? Number.NaN)),
      ]),
    ) as T
  return {
    path: pagePath,
    scores: pick((figures) => figures.scores),
    metrics: pick((figures) => figures.metrics),
    bytes: pick((figures) => figures.bytes),
    requests: median(all.map((figures) => figures.requests)),
    thirdPartyRequests: Math.max(...all.map((figures) => figures.thirdPartyRequests)),
    renderBlocking: [...new Set(all.flatMap((figures) => figures.renderBlocking))],
  }
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1)
const ms = (value: number) => `${Math.round(value)} ms`

function table(routes: RouteFigures[]): string {
  const header =
    '| route | perf | a11y | best pr. | SEO | FCP | LCP | TBT | CLS | SI | HTML KiB | JS KiB | CSS KiB | img KiB | font KiB | total KiB | requests |'
  const rule = `|${'---|'.repeat(17)}`
  const rows = routes.map(
    (r) =>
      `| ${r.path} | ${r.scores.performance} | ${r.scores.accessibility} | ${r.scores.bestPractices} | ${r.scores.seo} | ${ms(r.metrics.fcp)} | ${ms(r.metrics.lcp)} | ${ms(r.metrics.tbt)} | ${r.metrics.cls.toFixed(3)} | ${ms(r.metrics.speedIndex)} | ${kb(r.bytes.html)} | ${kb(r.bytes.js)} | ${kb(r.bytes.css)} | ${kb(r.bytes.images)} | ${kb(r.bytes.fonts)} | ${kb(r.bytes.total)} | ${r.requests} |`,
  )
  return [header, rule, ...rows].join('\n')
}

async function main(): Promise<void> {
  const chromePath = findChromium()
  if (!chromePath)
    throw new Error('No Chromium found: run "npm run test:e2e" once as root, or set CHROMIUM_PATH.')
  console.log('Building the site...')
  build()
  await writeFile(path.join(distDir, floorPath), floorHtml)
  const server = await serve()
  await mkdir(reportDir, { recursive: true })
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', ...chromiumArgs],
  })
  try {
    // Round-robin, run 1 of every path (the floor included) before run 2 of any: the host's speed
    // drifts within minutes, and measuring one path after the other would put the drift between
    // the landing page and its floor.
    const paths = [...benchedPaths, floorPath]
    for (let round = 1; round <= warmUpRounds; round += 1) {
      for (const pagePath of paths) await runLighthouse(`${server.origin}${pagePath}`, chrome.port)
      console.log(`  warm-up round ${round}/${warmUpRounds} done (not counted)`)
    }
    const all = new Map<string, RouteFigures[]>(paths.map((pagePath) => [pagePath, []]))
    const landingScripts: string[] = []
    // Lighthouse's own measure of the host's CPU, taken before each run: the simulated phone is
    // the host slowed four times, so a slow host (or a busy one) makes a slower phone.
    const benchmarkIndexes: number[] = []
    for (let run = 1; run <= runs; run += 1) {
      for (const pagePath of paths) {
        const result = await runLighthouse(`${server.origin}${pagePath}`, chrome.port)
        // Full reports stay under .build/ for a closer look (open them in the Lighthouse viewer).
        const slug = pagePath === '/' ? 'accueil' : pagePath.slice(1)
        await writeFile(path.join(reportDir, `${slug}-${run}.json`), JSON.stringify(result.lhr))
        const figures = figuresOf(pagePath, result.lhr)
        all.get(pagePath)?.push(figures)
        if (pagePath === '/') landingScripts.push(...scriptsLoaded(result.lhr))
        benchmarkIndexes.push(result.lhr.environment.benchmarkIndex)
        console.log(
          `  ${pagePath} run ${run}/${runs}: performance ${figures.scores.performance}, LCP ${ms(figures.metrics.lcp)}`,
        )
      }
    }
    const routes = paths.map((pagePath) => {
      const [first, ...rest] = all.get(pagePath) ?? []
      if (!first) throw new Error('BENCH_RUNS must be at least 1.')
      return medianFigures(pagePath, [first, ...rest])
    })
    const html = await (await fetch(`${server.origin}/`)).text()
    const landing = await measureLandingBytes(html, landingScripts, async (asset) => {
      const response = await fetch(`${server.origin}${asset}`, {
        headers: { 'Accept-Encoding': 'gzip' },
      })
      return Number(
        response.headers.get('content-length') ?? (await response.arrayBuffer()).byteLength,
      )
    })

    const date = new Date().toISOString().slice(0, 10)
    console.log(
      `\nLighthouse ${runs} runs per route after ${warmUpRounds} warm-up round(s), medians (mobile, simulated throttling), ${date}\n`,
    )
    console.log(table(routes))
    const host = {
      benchmarkIndex: Math.round(median(benchmarkIndexes)),
      min: Math.round(Math.min(...benchmarkIndexes)),
      max: Math.round(Math.max(...benchmarkIndexes)),
    }
    console.log(
      `\nHost CPU, Lighthouse's benchmarkIndex: median ${host.benchmarkIndex} (${host.min} to ${host.max}). Its 4x slowdown stands for a mid-tier phone on a host of about 1500 to 2000 (github.com/GoogleChrome/lighthouse/blob/main/docs/throttling.md); below, the simulated phone is slower than that.`,
    )
    console.log(
      `\nLanding page: JavaScript ${kb(landing.javascriptGzip)} KiB gzip (${landing.scripts.join(', ')}), inlined CSS ${kb(landing.cssGzip)} KiB gzip`,
    )

    if (benchedPaths.length > 1) {
      const outFile = path.join(root, 'docs', 'benchmarks', 'lighthouse.json')
      await mkdir(path.dirname(outFile), { recursive: true })
      await writeFile(
        outFile,
        `${JSON.stringify({ date, runs, warmUpRounds, lighthouse: '12', host, routes, landing }, null, 2)}\n`,
      )
      console.log(`Figures written to ${path.relative(root, outFile)}`)
    }

    const floor = routes.find((route) => route.path === floorPath)
    const measured = routes.filter((route) => route.path !== floorPath)
    const landingRoute = measured.find((route) => route.path === '/')
    if (floor && landingRoute) {
      console.log(
        `Floor (one-paragraph page) LCP ${ms(floor.metrics.lcp)}; landing page LCP is ${(lcpAboveFloor(landingRoute, floor) * 100).toFixed(1)} % above it.`,
      )
    }
    const broken = brokenBudgets(measured, landing)
    const missed = missedTargets(measured, floor)
    if (missed.length > 0) {
      console.error(
        `\nTiming targets missed${strict ? '' : ' (printed, not enforced without --strict)'}:\n${missed.map((line) => `  - ${line}`).join('\n')}`,
      )
      if (strict) process.exitCode = 1
    } else {
      console.log('\nEvery timing target is met.')
    }
    if (broken.length > 0) {
      console.error(`\nBudgets broken:\n${broken.map((line) => `  - ${line}`).join('\n')}`)
      process.exitCode = 1
    } else {
      console.log('All budgets hold.')
    }
  } finally {
    chrome.kill()
    await server.close()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
