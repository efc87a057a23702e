/**
 * `npm start`: builds the site and the back-office when there is no build yet, then serves them
 * and the relay on PORT.
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { routes } from '../src/config/routes'
import { ConfigError, loadConfig } from './config'
import { startRelay } from './relay'
import { EmbeddedDatabaseBusyError } from './storage/embedded-lock'

/** Longest a shutdown may take before the process gives up waiting (a hung target, a stuck query). */
const shutdownTimeoutMs = 30_000

/**
 * Runs a build script when its output is missing (a fresh clone), as long as it can. Without the
 * back-office the relay still takes leads: it says so, and /admin answers 503.
 */
function buildWhenMissing(
  what: string,
  output: string,
  script: string,
  env: Record<string, string>,
  { required = true } = {},
): void {
  if (existsSync(output)) return
  if (!existsSync(path.join('node_modules', 'tsx'))) {
    if (!required) return
    throw new ConfigError(
      `No build of ${what} found (${output}), and the development dependencies needed to build it are not installed: run \`npm ci && npm run build\` first.`,
    )
  }
  console.log(`No build of ${what} found: building it first.`)
  const result = spawnSync(process.execPath, ['--import', 'tsx', script], {
    stdio: 'inherit',
    env: { ...process.env, ...env },
  })
  if (result.status !== 0) throw new Error('The build failed; see the messages above.')
}

async function main(): Promise<void> {
  if (existsSync('.env')) process.loadEnvFile('.env')
  const config = loadConfig(process.env)
  buildWhenMissing('the site', path.join(config.distDir, routes.home.file), 'scripts/build.ts', {
    OUT_DIR: config.distDir,
  })
  buildWhenMissing(
    'the back-office',
    path.join(config.adminDistDir, 'index.html'),
    'scripts/build-admin.ts',
    { ADMIN_DIST_DIR: config.adminDistDir },
    { required: false },
  )
  const relay = await startRelay(config, { logLevel: process.env.LOG_LEVEL?.trim() || 'info' })
  const shutdown = async (signal: string) => {
    relay.app.log.info({ signal }, 'shutting down')
    setTimeout(() => {
      relay.app.log.error('shutdown timed out')
      process.exit(1)
    }, shutdownTimeoutMs).unref()
    await relay.close()
    process.exit(0)
  }
  process.once('SIGTERM', () => void shutdown('SIGTERM'))
  process.once('SIGINT', () => void shutdown('SIGINT'))
  await relay.listen()
}

main().catch((error: unknown) => {
  const known = error instanceof ConfigError || error instanceof EmbeddedDatabaseBusyError
  console.error(known ? error.message : error)
  process.exit(1)
})
