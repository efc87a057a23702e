// @ts-check
/**
 * What a build was made from: a hash of every file that feeds it and of every VITE_* value it
 * read, written beside the build as `.build-stamp.json`. `npm start` compares the stamp with the
 * inputs of the moment and rebuilds when they differ (scripts/ensure-build.mjs), so that an edited
 * `site.config.yaml` or `.env` is never answered with the old site.
 *
 * Plain JavaScript on purpose: it runs where only the production dependencies are installed. What
 * `npm ci --omit=dev` changes (node_modules) is not an input; package-lock.json, which it reads
 * and never writes, is. Values are stored hashed: they are not secrets, but a stamp has no reason
 * to show them.
 */
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { parseEnv } from 'node:util'

/** @typedef {'site' | 'admin' | 'server'} BuildTarget */
/** @typedef {{ version: number, files: Record<string, string>, env: Record<string, string> }} BuildStamp */

export const stampFileName = '.build-stamp.json'

/** Raised whenever what a stamp holds or how it is computed changes, so old stamps never match. */
const stampVersion = 1

/**
 * The broker's configuration (the example stands in while the real one does not exist), and the
 * file SITE_CONFIG names instead when it is set.
 */
const siteConfigFiles = [
  'site.config.yaml',
  'site.config.example.yaml',
  ...(process.env.SITE_CONFIG?.trim() ? [process.env.SITE_CONFIG.trim()] : []),
]

/**
 * Files and folders each build reads. A missing one counts as absent, so creating it later (the
 * broker's site.config.yaml) is a change. The server bundles the modules it shares with
 * the pages (common/) but reads no VITE_* value: those are inlined in the browser code only.
 */
const inputs = {
  site: {
    paths: [
      'src',
      'common',
      'public',
      'scripts/build.ts',
      'scripts/headers-file.ts',
      'scripts/site-config',
      'scripts/precompress.ts',
      'vite.config.ts',
      'tsconfig.json',
      'package-lock.json',
      ...siteConfigFiles,
    ],
    viteEnv: true,
  },
  server: {
    paths: [
      'server',
      'common',
      'scripts/build-server.ts',
      'scripts/site-config',
      'tsconfig.json',
      'package-lock.json',
      ...siteConfigFiles,
    ],
    viteEnv: false,
  },
  // The back-office's own build reads no VITE_* value and none of the broker's configuration.
  admin: {
    paths: [
      'admin',
      'common',
      'scripts/build-admin.ts',
      'scripts/admin-icons.ts',
      'scripts/precompress.ts',
      'tsconfig.json',
      'package-lock.json',
    ],
    viteEnv: false,
  },
}

/**
 * Tests and their helpers sit beside the code but never reach a build.
 * @param {string} name
 */
function feedsBuild(name) {
  return !/\.test\.tsx?$/.test(name) && name !== 'test-support'
}

/**
 * @param {string} root
 * @param {string} relative
 * @param {Record<string, string>} into
 */
function hashFiles(root, relative, into) {
  const absolute = path.resolve(root, relative)
  const stats = statSync(absolute, { throwIfNoEntry: false })
  if (!stats) return
  if (stats.isDirectory()) {
    for (const name of readdirSync(absolute).sort()) {
      if (feedsBuild(name)) hashFiles(root, `${relative}/${name}`, into)
    }
  } else {
    into[relative] = createHash('sha256').update(readFileSync(absolute)).digest('base64url')
  }
}

/**
 * The VITE_* values a build sees, found as Vite's loadEnv finds them: `.env`, `.env.local`,
 * `.env.[mode]`, `.env.[mode].local`, then the environment, each overriding the one before. A
 * blank value builds the same site as none.
 * @param {string} root
 * @param {NodeJS.ProcessEnv} environment
 * @returns {Record<string, string>}
 */
export function viteValues(root, environment) {
  const mode = environment.MODE ?? 'production'
  /** @type {Record<string, string | undefined>} */
  const merged = {}
  for (const file of ['.env', '.env.local', `.env.${mode}`, `.env.${mode}.local`]) {
    const absolute = path.join(root, file)
    if (existsSync(absolute)) Object.assign(merged, parseEnv(readFileSync(absolute, 'utf8')))
  }
  Object.assign(merged, environment)
  return Object.fromEntries(
    Object.entries(merged).filter(
      /** @returns {entry is [string, string]} */
      (entry) => entry[0].startsWith('VITE_') && Boolean(entry[1]?.trim()),
    ),
  )
}

/**
 * @param {string} root the project
 * @param {BuildTarget} target
 * @param {NodeJS.ProcessEnv} environment
 * @returns {BuildStamp}
 */
export function computeStamp(root, target, environment = process.env) {
  /** @type {Record<string, string>} */
  const files = {}
  for (const input of inputs[target].paths) hashFiles(root, input, files)
  const values = inputs[target].viteEnv ? viteValues(root, environment) : {}
  const env = Object.fromEntries(
    Object.keys(values)
      .sort()
      .map((name) => [
        name,
        createHash('sha256').update(`${name}=${values[name]}`).digest('base64url'),
      ]),
  )
  return { version: stampVersion, files, env }
}

/**
 * @param {string} outDir
 * @returns {BuildStamp | undefined}
 */
export function readStamp(outDir) {
  try {
    return JSON.parse(readFileSync(path.join(outDir, stampFileName), 'utf8'))
  } catch {
    return undefined
  }
}

/**
 * @param {string} outDir
 * @param {BuildStamp} stamp
 */
export function writeStamp(outDir, stamp) {
  writeFileSync(path.join(outDir, stampFileName), `${JSON.stringify(stamp, null, 1)}\n`)
}

/**
 * The names of what differs between two stamps, the broker's configuration first, then the
 * variables, then the files: what a person most likely changed comes first.
 * @param {BuildStamp} before
 * @param {BuildStamp} now
 * @returns {string[]}
 */
export function changedInputs(before, now) {
  if (before.version !== now.version) return ['the build stamp format']
  /** @param {Record<string, string>} a @param {Record<string, string>} b */
  const differing = (a, b) =>
    [...new Set([...Object.keys(a ?? {}), ...Object.keys(b)])]
      .filter((key) => a?.[key] !== b[key])
      .sort()
  const files = differing(before.files, now.files)
  return [
    ...files.filter((file) => siteConfigFiles.includes(file)),
    ...differing(before.env, now.env),
    ...files.filter((file) => !siteConfigFiles.includes(file)),
  ]
}

/**
 * "site.config.yaml changed", "VITE_META_PIXEL_ID and src/app.tsx changed", "a, b, c and 4 more
 * changed": short enough for one line.
 * @param {string[]} changes
 */
export function describeChanges(changes) {
  const shown = changes.slice(0, 3)
  const more = changes.length - shown.length
  const names =
    more > 0
      ? `${shown.join(', ')} and ${more} more`
      : shown.length > 1
        ? `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`
        : shown.join('')
  return `${names} changed`
}
