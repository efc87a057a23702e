/**
 * A real HTTP server on 127.0.0.1 standing in for the automation webhook. Its behaviour can be
 * switched while a test runs: answer OK, fail with 500, or hang without answering.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { performance } from 'node:perf_hooks'

/**
 * `ok` 200, `fail` 500, `hang` no answer, `reject` 400 (permanent), `busy` 429 (rate limited, try
 * again), `redirect` takes the POST then
 * answers 303 to a page that answers 200 to the GET, as a Google Apps Script web app does.
 */
export type TargetMode = 'ok' | 'fail' | 'hang' | 'reject' | 'redirect' | 'busy'

export interface ReceivedDelivery {
  idempotencyKey: string
  body: Record<string, unknown>
  answered: TargetMode
  /** The request's headers, names lower-cased. */
  headers: Record<string, string>
  /** The exact bytes received, as the signature covers them. */
  raw: string
  /** When the request had arrived whole, on this process's `performance.now()` clock. */
  receivedAt: number
}

export interface ForwardTarget {
  url: string
  mode: TargetMode
  received: ReceivedDelivery[]
  /** GET requests that followed a `redirect` answer. */
  redirectedGets: number
  /** Idempotency keys seen while a request with the same key was still open. */
  overlapping: string[]
  /** Keys answered OK, with how many times each. */
  deliveredCounts(): Map<string, number>
  close(): Promise<void>
}

export async function startForwardTarget(
  options: { delayMs?: number } = {},
): Promise<ForwardTarget> {
  const open = new Map<string, number>()
  const hanging = new Set<http.ServerResponse>()
  const target: ForwardTarget = {
    url: '',
    mode: 'ok',
    received: [],
    redirectedGets: 0,
    overlapping: [],
    deliveredCounts() {
      const counts = new Map<string, number>()
      for (const delivery of target.received) {
        if (delivery.answered === 'ok' || delivery.answered === 'redirect') {
          counts.set(delivery.idempotencyKey, (counts.get(delivery.idempotencyKey) ?? 0) + 1)
        }
      }
      return counts
    },
    async close() {
      for (const response of hanging) response.destroy()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
  const server = http.createServer((request, response) => {
    let text = ''
    request.setEncoding('utf8')
    request.on('data', (chunk: string) => {
      text += chunk
    })
    request.on('end', () => {
      if (request.method === 'GET') {
        target.redirectedGets += 1
        response.writeHead(200).end('done')
        return
      }
      const key = String(request.headers['idempotency-key'] ?? '')
      const mode = target.mode
      target.received.push({
        idempotencyKey: key,
        body: JSON.parse(text || '{}') as Record<string, unknown>,
        answered: mode,
        headers: Object.fromEntries(
          Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
        ),
        raw: text,
        receivedAt: performance.now(),
      })
      if ((open.get(key) ?? 0) > 0) target.overlapping.push(key)
      open.set(key, (open.get(key) ?? 0) + 1)
      const finish = () => open.set(key, (open.get(key) ?? 1) - 1)
      if (mode === 'hang') {
        hanging.add(response)
        response.on('close', finish)
        return
      }
      setTimeout(() => {
        finish()
        if (mode === 'redirect') {
          response.writeHead(303, { Location: '/lead/done' }).end()
          return
        }
        response.writeHead({ ok: 200, fail: 500, reject: 400, busy: 429 }[mode]).end(mode)
      }, options.delayMs ?? 0)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  target.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/lead`
  return target
}
