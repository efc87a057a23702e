import Fastify, { type FastifyInstance } from 'fastify'
import { registerApi } from './api/register-api'
import type { RelayServices } from './api/relay-services'
import type { ServerConfig } from './config'
import { guardConnections } from './connection-guard'
import { loggerOptions } from './log-options'
import { registerSecurityHeaders } from './security-headers'
import { assertBuilt, registerStaticSite } from './static-site'

export async function buildApp(
  config: ServerConfig,
  services: RelayServices,
  options: { logLevel?: string; logStream?: { write(line: string): void } } = {},
): Promise<FastifyInstance> {
  await assertBuilt(config.distDir)
  const app = Fastify({
    logger: loggerOptions(options.logLevel ?? 'info', options.logStream),
    trustProxy: config.trustProxy,
  })
  const connections = guardConnections(app.server)
  // Before Fastify closes the server: a shutdown must not wait for connections doing nothing.
  app.addHook('preClose', async () => connections.drain())
  await registerSecurityHeaders(app, config.distDir)
  await registerApi(app, services)
  await registerStaticSite(app, config.distDir)
  return app
}
