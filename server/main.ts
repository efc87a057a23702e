/**
 * Serves the site and the relay on PORT. `npm start` runs it compiled, once scripts/ensure-build.mjs
 * has brought both builds up to date; run directly, it still builds a missing site first.
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { routes } from '../common/routes/routes'
import { ConfigError, loadConfig } from './config'
import { policyCoverage, readPolicyRecord } from './privacy/policy-coverage'
import { startRelay } from './relay'
import { EmbeddedDatabaseBusyError } from './storage/embedded-lock'

/** Longest a shutdown may take before the process gives up waiting (a hung target, a stuck query). */
const shutdownTimeoutMs = 30_000

async function main(): Promise<void> {
  if (existsSync('.env')) process.loadEnvFile('.env')
  const config = loadConfig(process.env, process.cwd(), { serving: true })
  if (!existsSync(path.join(config.distDir, routes.home.file))) {
    if (!existsSync(path.join('node_modules', 'tsx'))) {
      throw new ConfigError(
        `No build found in ${config.distDir}, and the development dependencies needed to build it are not installed: run \`npm ci && npm run build\` first.`,
      )
    }
    console.log(`No build found in ${config.distDir}: building the site first.`)
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], {
      stdio: 'inherit',
      env: { ...process.env, OUT_DIR: config.distDir },
    })
    if (result.status !== 0) throw new Error('The build failed; see the messages above.')
  }
  const coverage = policyCoverage(
    process.env,
    await readPolicyRecord(config.distDir),
    config.distDir,
  )
  if (coverage.errors.length > 0) {
    throw new ConfigError(
      `The privacy policy does not name every recipient:\n${coverage.errors.map((line) => `  - ${line}`).join('\n')}`,
    )
  }
  const shift = config.testClockStart ? config.testClockStart.getTime() - Date.now() : 0
  const relay = await startRelay(config, {
    logLevel: process.env.LOG_LEVEL?.trim() || 'info',
    ...(shift ? { now: () => new Date(Date.now() + shift) } : {}),
  })
  for (const warning of coverage.warnings) relay.app.log.warn(warning)
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
