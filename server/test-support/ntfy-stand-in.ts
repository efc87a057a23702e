/**
 * A real HTTP server on 127.0.0.1 standing in for an ntfy server: it records every message
 * published to it (path, headers, body) and answers as told: `ok` 200, `fail` 500, `reject` 400.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export interface NtfyMessage {
  /** The topic's path, e.g. `/alertes-courtier`. */
  path: string
  method: string
  /** Names lower-cased. */
  headers: Record<string, string>
  body: string
  answered: NtfyMode
}

export type NtfyMode = 'ok' | 'fail' | 'reject'

export interface NtfyStandIn {
  /** The topic's URL. */
  url: string
  mode: NtfyMode
  received: NtfyMessage[]
  close(): Promise<void>
}

/** RFC 2047's `=?UTF-8?B?…?=`, as the ntfy server reads a header back into text. */
export function decodedHeader(value: string | undefined): string | undefined {
  const encoded = /^=\?UTF-8\?B\?([A-Za-z0-9+/=]*)\?=$/i.exec(value ?? '')
  return encoded?.[1] !== undefined ? Buffer.from(encoded[1], 'base64').toString('utf8') : value
}

export async function startNtfyStandIn(topic = '/alertes-courtier-test'): Promise<NtfyStandIn> {
  const standIn: NtfyStandIn = {
    url: '',
    mode: 'ok',
    received: [],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const answered = standIn.mode
      standIn.received.push({
        path: request.url ?? '',
        method: request.method ?? '',
        headers: Object.fromEntries(
          Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
        ),
        body: Buffer.concat(chunks).toString('utf8'),
        answered,
      })
      const status = answered === 'ok' ? 200 : answered === 'fail' ? 500 : 400
      response.writeHead(status, { 'content-type': 'application/json' }).end('{}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  standIn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${topic}`
  return standIn
}
