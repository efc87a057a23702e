// @ts-check
/**
 * Runs before `npm start` (`ensure-build.mjs site admin server`) and the lead and admin commands
 * (`ensure-build.mjs server`), which run the build as it is on disk. Compares each build's stamp with its inputs of
 * the moment (scripts/build-stamp.mjs) and rebuilds what differs, saying why in one line; when
 * nothing changed it returns at once.
 *
 * Where only the production dependencies are installed nothing can be rebuilt: `npm start` then
 * stops rather than serve a site that no longer matches its configuration, while a lead command
 * warns and goes on, since reading the leads matters more than the site being current. Prints only
 * to stderr, so that a command's own output (a CSV on stdout) stays clean.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { parseEnv } from 'node:util'
import { changedInputs, computeStamp, describeChanges, readStamp } from './build-stamp.mjs'

const root = path.resolve(import.meta.dirname, '..')

/** The folder `npm start` serves, found as the server finds it (environment first, then .env). */
function distDir() {
  const dotEnv = path.join(root, '.env')
  const fromFile = existsSync(dotEnv) ? parseEnv(readFileSync(dotEnv, 'utf8')).DIST_DIR : undefined
  const chosen = process.env.DIST_DIR?.trim() || fromFile?.trim() || 'dist'
  return path.resolve(root, chosen)
}

const builds = {
  site: {
    name: 'the site',
    outDir: distDir(),
    script: 'scripts/build.ts',
  },
  admin: {
    name: 'the back-office',
    outDir: path.resolve(root, process.env.ADMIN_DIST_DIR?.trim() || 'dist-admin'),
    script: 'scripts/build-admin.ts',
  },
  server: {
    name: 'the server',
    outDir: path.join(root, 'dist-server'),
    script: 'scripts/build-server.ts',
  },
}

const targets = /** @type {('site' | 'admin' | 'server')[]} */ (process.argv.slice(2))
if (targets.length === 0 || targets.some((target) => !(target in builds))) {
  console.error('Usage: node scripts/ensure-build.mjs site|admin|server [site|admin|server …]')
  process.exit(2)
}

/** The targets whose stamp is missing or differs from their inputs of the moment. */
const stale = targets.flatMap((target) => {
  const stamp = readStamp(builds[target].outDir)
  const changes = stamp ? changedInputs(stamp, computeStamp(root, target)) : []
  return !stamp || changes.length > 0 ? [{ target, missing: !stamp, changes }] : []
})

if (stale.length > 0) {
  const names = stale.map((entry) => builds[entry.target].name)
  const what =
    names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : `${names[0]}`
  const missing = stale.some((entry) => entry.missing)
  const why = missing
    ? 'there is no build yet'
    : `${describeChanges([...new Set(stale.flatMap((entry) => entry.changes))])} since the last build`
  const canBuild = ['tsx', 'vite'].every((tool) =>
    existsSync(path.join(root, 'node_modules', tool)),
  )

  if (canBuild) {
    console.error(`${missing ? 'Building' : 'Rebuilding'} ${what}: ${why}.`)
    for (const { target } of stale) {
      const { script, outDir } = builds[target]
      const result = spawnSync(process.execPath, ['--import', 'tsx', script], {
        cwd: root,
        env: { ...process.env, OUT_DIR: outDir },
        stdio: ['ignore', 2, 2],
      })
      if (result.status !== 0) process.exit(result.status ?? 1)
    }
  } else if (targets.includes('site') || missing) {
    console.error(
      `${what[0]?.toUpperCase()}${what.slice(1)} must be rebuilt (${why}), but the development dependencies that build ${stale.length > 1 ? 'them' : 'it'} are not installed: run \`npm ci && npm run build\`, then \`npm ci --omit=dev\` if you want to drop them.`,
    )
    process.exit(1)
  } else {
    console.error(`Warning: ${what} is out of date (${why}); run \`npm run build\` to update it.`)
  }
}
