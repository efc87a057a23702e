// @ts-check
/**
 * Runs before `npm start` and the lead and account commands, which run the compiled server in
 * dist-server/. Plain JavaScript on purpose: it must run where only the production dependencies
 * are installed. Compiles the server when dist-server/ is missing or older than its sources and the
 * development dependencies are there to do it; otherwise says what to do. With `--with-admin`
 * (`npm start`), builds the back-office (dist-admin/) the same way. Prints only to stderr, so that
 * a command's own output (a CSV on stdout) stays clean.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const compiled = path.join(root, 'dist-server', 'main.js')
const compiler = path.join(root, 'node_modules', 'tsx')
const sources = [
  'server',
  'src',
  'admin',
  'scripts/build-server.ts',
  'scripts/site-config-plugin.ts',
  'package-lock.json',
  // The emails and the withdrawal page carry the broker's identity.
  'site.config.yaml',
  'site.config.example.yaml',
]
const adminBuilt = path.join(root, process.env.ADMIN_DIST_DIR?.trim() || 'dist-admin', 'index.html')
const adminSources = [
  'admin',
  'scripts/build-admin.ts',
  'scripts/precompress.ts',
  'package-lock.json',
]

/** The newest modification time under a file or folder, tests left aside. */
function newest(target) {
  const stats = statSync(target, { throwIfNoEntry: false })
  if (!stats) return 0
  if (!stats.isDirectory()) return /\.test\.tsx?$/.test(target) ? 0 : stats.mtimeMs
  return Math.max(
    stats.mtimeMs,
    ...readdirSync(target).map((name) => newest(path.join(target, name))),
  )
}

const built = statSync(compiled, { throwIfNoEntry: false })?.mtimeMs ?? 0
const stale = built < Math.max(...sources.map((source) => newest(path.join(root, source))))

if (stale && existsSync(compiler)) {
  console.error(built ? 'The server changed: compiling it again.' : 'Compiling the server.')
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build-server.ts'], {
    cwd: root,
    stdio: ['ignore', 2, 2],
  })
  if (result.status !== 0) process.exit(result.status ?? 1)
} else if (!built) {
  console.error(
    'dist-server/ is missing and the development dependencies are not installed to compile it:\n' +
      'run `npm ci && npm run build` first, then `npm ci --omit=dev` if you want to drop them.',
  )
  process.exit(1)
} else if (stale) {
  console.error(
    'Warning: dist-server/ is older than the sources; run `npm run build` to update it.',
  )
}

if (process.argv.includes('--with-admin')) {
  const adminTime = statSync(adminBuilt, { throwIfNoEntry: false })?.mtimeMs ?? 0
  const adminStale =
    adminTime < Math.max(...adminSources.map((source) => newest(path.join(root, source))))
  if (adminStale && existsSync(compiler)) {
    console.error(
      adminTime ? 'The back-office changed: building it again.' : 'Building the back-office.',
    )
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build-admin.ts'], {
      cwd: root,
      stdio: ['ignore', 2, 2],
    })
    if (result.status !== 0) process.exit(result.status ?? 1)
  } else if (adminStale) {
    // The relay takes leads without it; /admin answers 503 until it is built.
    console.error(
      adminTime
        ? 'Warning: dist-admin/ is older than the sources; run `npm run build` to update it.'
        : 'Warning: the back-office is not built (dist-admin/): run `npm ci && npm run build`.',
    )
  }
}
