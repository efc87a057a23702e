import type { FastifyInstance } from 'fastify'
import { parseLeadPayload } from '../src/features/lead/parse-lead-payload'
import type { ServerConfig } from './config'
import { createLeadFileStore } from './lead-file-store'

const bodyLimit = 16 * 1024

/** `POST /api/leads` and `POST /api/page-views`: what the site posts to when built without webhooks. */
export async function registerApiRoutes(app: FastifyInstance, config: ServerConfig): Promise<void> {
  const store = createLeadFileStore(config.dataDir)

  // Page views arrive in no-cors mode, hence as text/plain: parse them as JSON too.
  app.addContentTypeParser(
    'text/plain',
    { parseAs: 'string', bodyLimit },
    (_request, body, done) => {
      try {
        done(null, JSON.parse(body as string))
      } catch {
        const error = new Error('Body is not valid JSON') as Error & { statusCode: number }
        error.statusCode = 400
        done(error, undefined)
      }
    },
  )

  app.post('/api/leads', { bodyLimit }, async (request, reply) => {
    const parsed = parseLeadPayload(request.body)
    if (!parsed.ok) return reply.code(400).send({ error: 'Invalid lead', fields: parsed.errors })
    await store.append({
      receivedAt: new Date().toISOString(),
      clientIp: request.ip,
      userAgent: request.headers['user-agent'] ?? '',
      payload: parsed.payload,
    })
    request.log.info({ event: 'lead_stored' }, 'lead stored')
    if (config.leadForwardUrl) void forward(app, config.leadForwardUrl, parsed.payload, 'lead')
    return reply.code(202).send({ status: 'accepted' })
  })

  app.post('/api/page-views', { bodyLimit }, async (request, reply) => {
    const body = request.body as Record<string, unknown> | null
    if (
      !body ||
      body.event !== 'page_view' ||
      typeof body.uid !== 'string' ||
      body.uid.length > 200
    ) {
      return reply.code(400).send({ error: 'Invalid page view' })
    }
    if (config.pageViewForwardUrl) void forward(app, config.pageViewForwardUrl, body, 'page_view')
    return reply.code(202).send({ status: 'accepted' })
  })
}

async function forward(
  app: FastifyInstance,
  url: string,
  body: unknown,
  kind: string,
): Promise<void> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    })
    if (!response.ok)
      app.log.warn({ kind, status: response.status }, 'forward target answered an error')
  } catch (error) {
    app.log.warn({ kind, err: String(error) }, 'forward failed')
  }
}
