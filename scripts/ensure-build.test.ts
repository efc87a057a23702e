/**
 * `npm start` for real, in a throwaway copy of the project: the first start builds, a second one
 * starts at once, a changed VITE_* value or source file is rebuilt with one line saying why and
 * served, and where the development dependencies are missing a changed configuration stops the
 * start instead of serving the old site.
 */
import { spawn } from 'node:child_process'
import { readdirSync, statSync } from 'node:fs'
import { mkdir, readFile, rm, symlink, unlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../server/test-support/free-port'
import { waitFor } from '../server/test-support/lead-fixtures'
import { processBasics } from '../server/test-support/relay-process'
import { copyProject } from './copy-project'

const root = path.resolve(import.meta.dirname, '..')
const webhookVariable = 'VITE_PAGE_VIEW_WEBHOOK_URL'

/** The lines scripts/ensure-build.mjs writes, told apart from npm's and the build's own output. */
const ownLine = /^(Building|Rebuilding|The site|The server|Warning: the)\b.*$/gm

interface Start {
  /** Exit code when `npm start` stopped by itself, or null when it served and was stopped. */
  code: number | null
  lines: string[]
  page: string
}

let copy: string
/** The example configuration, with the page-view webhook's recipient declared as the build requires. */
let siteConfig: string
beforeAll(async () => {
  copy = await copyProject(root, 'ensure-build-')
  await symlink(path.join(root, 'node_modules'), path.join(copy, 'node_modules'))
  const example = await readFile(path.join(copy, 'site.config.example.yaml'), 'utf8')
  const declared = example.replace(
    / {2}# pageViewWebhook:\n {2}# {3}name: (.*)\n {2}# {3}outsideEu: (.*)\n/,
    '  pageViewWebhook:\n    name: $1\n    outsideEu: $2\n',
  )
  expect(declared).not.toBe(example)
  siteConfig = path.join(copy, 'test.site.config.yaml')
  await writeFile(siteConfig, declared)
})
afterAll(() => rm(copy, { recursive: true, force: true }))

/** Runs `npm start`, fetches the home page once it answers, then stops it with SIGTERM. */
async function npmStart(variables: Record<string, string>): Promise<Start> {
  const port = await freePort()
  const child = spawn('npm', ['start'], {
    cwd: copy,
    env: {
      ...processBasics(port),
      DATA_DIR: path.join(copy, '.data'),
      LOG_LEVEL: 'warn',
      SITE_CONFIG: siteConfig,
      ...variables,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let errors = ''
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()))
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
  let code: number | null | undefined
  void exited.then((value) => (code = value))
  const origin = `http://127.0.0.1:${port}`
  await waitFor(
    async () =>
      code !== undefined ||
      fetch(`${origin}/healthz`).then(
        (response) => response.ok,
        () => false,
      ),
    { timeoutMs: 240_000, what: 'npm start to serve or stop' },
  )
  const page = code === undefined ? await (await fetch(`${origin}/`)).text() : ''
  if (code === undefined) {
    child.kill('SIGTERM')
    await exited
  }
  return { code: code ?? null, lines: errors.match(ownLine) ?? [], page }
}

function builtAt(folder: string): number {
  return statSync(path.join(copy, folder, '.build-stamp.json')).mtimeMs
}

describe('npm start follows the inputs of the build', { timeout: 600_000 }, () => {
  it('builds on the first start, with the configured page-view webhook in the page', async () => {
    const start = await npmStart({ [webhookVariable]: 'https://first.example/page-views' })
    expect(start.lines).toEqual([
      'Building the site, the back-office and the server: there is no build yet.',
    ])
    expect(start.page).toContain('data-page-view="https://first.example/page-views"')
  })

  it('starts at once when nothing changed', async () => {
    const before = [builtAt('dist'), builtAt('dist-admin'), builtAt('dist-server')]
    const start = await npmStart({ [webhookVariable]: 'https://first.example/page-views' })
    expect(start.lines).toEqual([])
    expect([builtAt('dist'), builtAt('dist-admin'), builtAt('dist-server')]).toEqual(before)
    expect(start.page).toContain('data-page-view="https://first.example/page-views"')
  })

  it('rebuilds the site alone when a VITE_* value changed, and serves the new one', async () => {
    const server = builtAt('dist-server')
    const start = await npmStart({ [webhookVariable]: 'https://second.example/page-views' })
    expect(start.lines).toEqual([
      `Rebuilding the site: ${webhookVariable} changed since the last build.`,
    ])
    expect(start.page).toContain('data-page-view="https://second.example/page-views"')
    expect(builtAt('dist-server')).toBe(server)
  })

  it('rebuilds the site alone when one of its own source files changed, and serves it', async () => {
    const server = builtAt('dist-server')
    const file = path.join(copy, 'src/content/landing.ts')
    const source = await readFile(file, 'utf8')
    expect(source).toContain('Économisez')
    await writeFile(file, source.replace('Économisez', 'Épargnez'))
    const start = await npmStart({ [webhookVariable]: 'https://second.example/page-views' })
    expect(start.lines).toEqual([
      'Rebuilding the site: src/content/landing.ts changed since the last build.',
    ])
    expect(start.page).toContain('Épargnez')
    expect(builtAt('dist-server')).toBe(server)
  })

  it('rebuilds all three programs when a file they share changed, and serves it', async () => {
    const file = path.join(copy, 'common/lead/lead-form-copy.ts')
    const source = await readFile(file, 'utf8')
    expect(source).toContain('Quand préférez-vous')
    await writeFile(file, source.replace('Quand préférez-vous', 'À quel moment préférez-vous'))
    const start = await npmStart({ [webhookVariable]: 'https://second.example/page-views' })
    expect(start.lines).toEqual([
      'Rebuilding the site, the back-office and the server: common/lead/lead-form-copy.ts changed since the last build.',
    ])
    expect(start.page).toContain('À quel moment préférez-vous')
  })

  it('rebuilds the site and the server when the site configuration changed, and serves the new name', async () => {
    const before = await readFile(siteConfig, 'utf8')
    await writeFile(
      siteConfig,
      before.replace('brandName: Exemple Assurance Prêt', 'brandName: Courtage Renommé'),
    )
    const start = await npmStart({ [webhookVariable]: 'https://second.example/page-views' })
    expect(start.lines).toEqual([
      `Rebuilding the site and the server: ${siteConfig} changed since the last build.`,
    ])
    expect(start.page).toContain('Courtage Renommé')
    expect(start.page).not.toContain('Exemple Assurance Prêt')
  })

  it('without the development dependencies, stops when site.config.yaml changed and starts when it is back', async () => {
    // node_modules as `npm ci --omit=dev` leaves it, as far as this check can tell: no tsx, no vite.
    await unlink(path.join(copy, 'node_modules'))
    await mkdir(path.join(copy, 'node_modules'))
    for (const name of readdirSync(path.join(root, 'node_modules'))) {
      if (name === 'tsx' || name === 'vite') continue
      await symlink(path.join(root, 'node_modules', name), path.join(copy, 'node_modules', name))
    }
    const variables = { [webhookVariable]: 'https://second.example/page-views' }
    const config = path.join(copy, 'site.config.yaml')
    await writeFile(config, '# The broker has started filling this in.\n')

    const stopped = await npmStart(variables)
    expect(stopped.code).not.toBe(0)
    expect(stopped.code).not.toBeNull()
    expect(stopped.lines).toEqual([
      'The site and the server must be rebuilt (site.config.yaml changed since the last build), but the development dependencies that build them are not installed: run `npm ci && npm run build`, then `npm ci --omit=dev` if you want to drop them.',
    ])

    await rm(config)
    const started = await npmStart(variables)
    expect(started.lines).toEqual([])
    expect(started.page).toContain('Épargnez')
  })
})
