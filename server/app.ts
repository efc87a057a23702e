import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify'
import { registerAdmin } from './back-office/register-back-office'
import { registerApi } from './api/register-api'
import type { RelayServices } from './api/relay-services'
import type { ServerConfig } from './config'
import { guardConnections, trustedProxyCheck } from './connection-guard'
import { registerSecurityHeaders } from './site-headers'
import { assertBuilt, registerStaticSite } from './static-site'

export interface HttpTimeouts {
  headersMs: number
  requestMs: number
  keepAliveMs: number
  idleMs: number
}

/**
 * Each open connection holds a file descriptor and some memory, so none may stay open for nothing
 * for long. The figures suit a phone on a shaky mobile connection: its headers (under 1 KB) come in
 * one or two packets, 10 s allows for a few retransmissions; a lead is under 3 KB and the API takes
 * at most 16 KB, which even 2G (about 2.5 KB/s) sends in about 6 s, so 15 s for a whole request.
 * A browser reuses a connection within seconds or not at all: 10 s keep-alive. Sockets silent for
 * 30 s (a client that stopped reading an answer) are closed.
 */
export const httpTimeouts: HttpTimeouts = {
  headersMs: 10_000,
  requestMs: 15_000,
  keepAliveMs: 10_000,
  idleMs: 30_000,
}

/** One log line per request, once answered, with its method, path, status and time: not two. */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = { req: request, res: reply, responseTime: Math.round(reply.elapsedTime) }
    if (error) reply.log.error({ ...line, err: error }, 'request errored')
    else reply.log.info(line, 'request completed')
  }
}

export async function buildApp(
  config: ServerConfig,
  services: RelayServices,
  options: {
    log: FastifyBaseLogger
    timeouts?: HttpTimeouts
  },
): Promise<FastifyInstance> {
  await assertBuilt(config.distDir)
  const timeouts = options.timeouts ?? httpTimeouts
  const app = Fastify({
    loggerInstance: options.log,
    logController: new OneLinePerRequest(),
    trustProxy: config.trustProxy,
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    connectionTimeout: timeouts.idleMs,
    // Node checks the header and request timeouts on this period (30 s by default).
    http: { headersTimeout: timeouts.headersMs, connectionsCheckingInterval: 1_000 },
  })
  const connections = guardConnections(app.server, {
    isTrustedProxy: trustedProxyCheck(config.trustProxy),
  })
  // Before Fastify closes the server: a shutdown must not wait for connections doing nothing.
  app.addHook('preClose', async () => connections.drain())
  const untrustedProxies = services.untrustedProxies
  if (untrustedProxies)
    app.addHook('onRequest', async (request) => untrustedProxies.notice(request))
  await registerSecurityHeaders(app, config.distDir)
  await registerApi(app, services)
  await registerAdmin(app, config, services)
  await registerStaticSite(app, config.distDir)
  return app
}
