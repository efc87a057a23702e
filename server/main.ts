/**
 * `npm start`: builds the site when there is no build yet, then serves it and the API on PORT.
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { routes } from '../src/config/routes'
import { buildApp } from './app'
import { ConfigError, loadConfig } from './config'

async function main(): Promise<void> {
  if (existsSync('.env')) process.loadEnvFile('.env')
  const config = loadConfig(process.env)
  if (!existsSync(path.join(config.distDir, routes.home.file))) {
    console.log(`No build found in ${config.distDir}: building the site first.`)
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], {
      stdio: 'inherit',
      env: { ...process.env, OUT_DIR: config.distDir },
    })
    if (result.status !== 0) throw new Error('The build failed; see the messages above.')
  }
  const app = await buildApp(config)
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down')
    await app.close()
    process.exit(0)
  }
  process.once('SIGTERM', () => void shutdown('SIGTERM'))
  process.once('SIGINT', () => void shutdown('SIGINT'))
  await app.listen({ port: config.port, host: config.host })
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error)
  process.exit(1)
})
