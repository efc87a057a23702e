/**
 * Server configuration, read from the environment once at start. Every bad value is reported with
 * its variable's name, and the server refuses to start rather than run half-configured.
 */
import path from 'node:path'

export interface ServerConfig {
  port: number
  host: string
  distDir: string
  dataDir: string
  leadForwardUrl: string | undefined
  pageViewForwardUrl: string | undefined
}

export class ConfigError extends Error {
  override name = 'ConfigError'
}

function parsePort(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 3000
  const port = Number(value)
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be a whole number from 0 to 65535, got "${value}".`)
  }
  return port
}

function parseUrl(name: string, value: string | undefined): string | undefined {
  if (value === undefined || value.trim() === '') return undefined
  let url: URL
  try {
    url = new URL(value.trim())
  } catch {
    throw new ConfigError(`${name} must be an absolute http(s) URL, got "${value}".`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`${name} must use http or https, got "${url.protocol}".`)
  }
  return url.toString()
}

export function loadConfig(env: NodeJS.ProcessEnv, cwd: string = process.cwd()): ServerConfig {
  const errors: string[] = []
  const attempt = <T>(read: () => T): T | undefined => {
    try {
      return read()
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error
      errors.push(error.message)
      return undefined
    }
  }
  const port = attempt(() => parsePort(env.PORT))
  const leadForwardUrl = attempt(() => parseUrl('LEAD_FORWARD_URL', env.LEAD_FORWARD_URL))
  const pageViewForwardUrl = attempt(() =>
    parseUrl('PAGE_VIEW_FORWARD_URL', env.PAGE_VIEW_FORWARD_URL),
  )
  if (errors.length > 0 || port === undefined) {
    throw new ConfigError(
      `Invalid configuration:\n${errors.map((line) => `  - ${line}`).join('\n')}`,
    )
  }
  return {
    port,
    host: env.HOST?.trim() || '0.0.0.0',
    distDir: path.resolve(cwd, env.DIST_DIR?.trim() || 'dist'),
    dataDir: path.resolve(cwd, env.DATA_DIR?.trim() || '.data'),
    leadForwardUrl,
    pageViewForwardUrl,
  }
}
