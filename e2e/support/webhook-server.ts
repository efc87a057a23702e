/**
 * A real HTTP server standing in for the automation webhooks. It answers CORS preflights as such
 * services do, records every request, and behaves according to the lead's `nom`, so that tests
 * running in parallel each get the behaviour they ask for (for page views, the `uid` decides):
 *   "Erreur"   -> HTTP 500          "Lent"    -> HTTP 200 after 1.5 s
 *   "Silence"  -> never answers     "Coupure" -> connection dropped
 *   "Refus"    -> HTTP 422 the first time for its email, HTTP 200 after (a replay then succeeds)
 *   anything else -> HTTP 200
 * Under /graph/ it answers as Meta's Conversions API accepting one event.
 * GET /__requests lists what was received.
 */
import { createServer, type IncomingMessage } from 'node:http'
import { graphPath, webhookPort } from './ports'

export interface RecordedRequest {
  method: string
  path: string
  headers: IncomingMessage['headers']
  body: string
  json: unknown
  receivedAt: string
}

const recorded: RecordedRequest[] = []
/** The emails already refused once by "Refus". */
const refusedOnce = new Set<string>()

function corsHeaders(origin: string | undefined): Record<string, string> {
  return {
    'Access-Control-Allow-Origin': origin ?? '*',
    'Access-Control-Allow-Methods': 'POST, OPTIONS',
    'Access-Control-Allow-Headers': 'Content-Type',
    'Access-Control-Max-Age': '600',
    Vary: 'Origin',
  }
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    request.on('error', reject)
  })
}

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body)
  } catch {
    return undefined
  }
}

const server = createServer(async (request, response) => {
  const path = request.url ?? '/'
  const cors = corsHeaders(request.headers.origin)
  if (request.method === 'GET' && path === '/__requests') {
    response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(recorded))
    return
  }
  if (request.method === 'OPTIONS') {
    response.writeHead(204, cors).end()
    return
  }
  const body = await readBody(request)
  const json = parseJson(body)
  recorded.push({
    method: request.method ?? '',
    path,
    headers: request.headers,
    body,
    json,
    receivedAt: new Date().toISOString(),
  })

  if (path.startsWith(`${graphPath}/`)) {
    // As Meta's Conversions API answers one accepted event.
    response
      .writeHead(200, { 'Content-Type': 'application/json' })
      .end('{"events_received":1,"messages":[],"fbtrace_id":"StandIn"}')
    return
  }
  const record = typeof json === 'object' && json !== null ? (json as Record<string, unknown>) : {}
  switch (String(record.nom ?? record.uid ?? '')) {
    case 'Erreur':
      response.writeHead(500, cors).end('{"error":"stand-in failure"}')
      return
    case 'Silence':
      return // never answers
    case 'Coupure':
      request.socket.destroy()
      return
    case 'Refus': {
      const email = String(record.email ?? '')
      if (!refusedOnce.has(email)) {
        refusedOnce.add(email)
        response.writeHead(422, cors).end('{"error":"stand-in refusal"}')
        return
      }
      break
    }
    case 'Lent':
      await new Promise((resolve) => setTimeout(resolve, 1_500))
      break
  }
  response.writeHead(200, { ...cors, 'Content-Type': 'application/json' }).end('{"accepted":true}')
})

server.listen(webhookPort, '127.0.0.1', () => {
  console.log(`Webhook stand-in listening on http://127.0.0.1:${webhookPort}`)
})
