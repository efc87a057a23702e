/**
 * A real HTTP server on 127.0.0.1 standing in for Meta's Graph API (`META_GRAPH_URL`): records
 * each request as received and answers as Meta does, in the mode a test sets.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { text } from 'node:stream/consumers'

/**
 * `ok` 200 `events_received: 1`; `none` 200 with `events_received: 0`; `invalid` 400 with a
 * permanent Graph error (bad click id); `transient` 400 flagged `is_transient`; `throttled` 400
 * with a rate-limit code; `down` 503 without a Graph body; `echo-token` 400 whose message repeats
 * the access token it was sent.
 */
export type GraphMode =
  'ok' | 'none' | 'invalid' | 'transient' | 'throttled' | 'down' | 'echo-token'

export interface GraphRequest {
  method: string
  /** Path and query, as requested. */
  url: string
  headers: http.IncomingHttpHeaders
  body: Record<string, unknown>
  answered: GraphMode
}

export interface MetaGraphStandIn {
  /** What `META_GRAPH_URL` is set to. */
  url: string
  mode: GraphMode
  requests: GraphRequest[]
  close(): Promise<void>
}

const invalidClickId = {
  error: {
    message: 'Invalid parameter',
    type: 'OAuthException',
    code: 100,
    error_subcode: 2804001,
    is_transient: false,
    error_user_title: 'Click ID Incorrectly Formatted',
    error_user_msg: 'The fbc parameter is not formatted correctly.',
    fbtrace_id: 'AbCdEfStandIn',
  },
}

function answer(mode: GraphMode, body: Record<string, unknown>): [number, unknown] {
  switch (mode) {
    case 'ok':
      return [200, { events_received: 1, messages: [], fbtrace_id: 'AbCdEfStandIn' }]
    case 'none':
      return [200, { events_received: 0, messages: [], fbtrace_id: 'AbCdEfStandIn' }]
    case 'invalid':
      return [400, invalidClickId]
    case 'transient':
      return [
        400,
        { error: { message: 'An unexpected error has occurred.', code: 2, is_transient: true } },
      ]
    case 'throttled':
      return [400, { error: { message: 'User request limit reached', code: 17 } }]
    case 'down':
      return [503, 'Service Unavailable']
    case 'echo-token':
      return [
        400,
        {
          error: {
            message: `Malformed access token ${String(body.access_token)}`,
            type: 'OAuthException',
            code: 190,
          },
        },
      ]
  }
}

export async function startMetaGraphStandIn(): Promise<MetaGraphStandIn> {
  const standIn: MetaGraphStandIn = {
    url: '',
    mode: 'ok',
    requests: [],
    async close() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
  const server = http.createServer(async (request, response) => {
    const raw = await text(request)
    let body: Record<string, unknown> = {}
    try {
      body = JSON.parse(raw) as Record<string, unknown>
    } catch {
      // Recorded as empty: the test sees the sender sent no JSON.
    }
    const mode = standIn.mode
    standIn.requests.push({
      method: request.method ?? '',
      url: request.url ?? '',
      headers: request.headers,
      body,
      answered: mode,
    })
    const [status, reply] = answer(mode, body)
    const json = typeof reply !== 'string'
    response
      .writeHead(status, { 'Content-Type': json ? 'application/json' : 'text/plain' })
      .end(json ? JSON.stringify(reply) : reply)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  standIn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graph`
  return standIn
}
