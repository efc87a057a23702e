import Fastify, { type FastifyInstance } from 'fastify'
import { registerApiRoutes } from './api-routes'
import type { ServerConfig } from './config'
import { registerSecurityHeaders } from './security-headers'
import { assertBuilt, registerStaticSite } from './static-site'

export async function buildApp(
  config: ServerConfig,
  options: { logger?: boolean } = {},
): Promise<FastifyInstance> {
  await assertBuilt(config.distDir)
  const app = Fastify({ logger: options.logger ?? true, trustProxy: true })
  await registerSecurityHeaders(app, config.distDir)
  await registerApiRoutes(app, config)
  await registerStaticSite(app, config.distDir)
  return app
}
