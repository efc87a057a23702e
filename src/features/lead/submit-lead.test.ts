import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { buildLeadPayload, type LeadPayload } from '../../../common/lead/lead-contract'
import { leadSubmitTimeoutMs, LeadSubmitError, submitLead } from '@/features/lead/submit-lead'

const consentText = 'J’accepte d’être rappelé(e) par téléphone.'

interface ReceivedRequest {
  method: string | undefined
  url: string | undefined
  contentType: string | undefined
  body: string
}

type Behaviour = (request: IncomingMessage, response: ServerResponse) => void

describe('submitLead against a real HTTP server', () => {
  let server: Server
  let origin: string
  let received: ReceivedRequest[] = []
  let behaviour: Behaviour = (_request, response) => response.writeHead(200).end()

  const payload: LeadPayload = buildLeadPayload(
    { nom: 'Martin', prenom: 'Claire', email: 'claire@example.fr', telephone: '0612345678' },
    { pageUrl: 'https://www.example.fr/?uid=1', timestamp: new Date().toISOString(), consentText },
  )

  beforeAll(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = []
      request.on('data', (chunk: Buffer) => chunks.push(chunk))
      request.on('end', () => {
        received.push({
          method: request.method,
          url: request.url,
          contentType: request.headers['content-type'],
          body: Buffer.concat(chunks).toString('utf8'),
        })
        behaviour(request, response)
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })

  afterEach(() => {
    received = []
    behaviour = (_request, response) => response.writeHead(200).end()
    server.closeAllConnections()
  })

  afterAll(async () => {
    server.closeAllConnections()
    await new Promise<void>((resolve, reject) =>
      server.close((error) => (error ? reject(error) : resolve())),
    )
  })

  it('sends one POST with a JSON content type and the payload as JSON body', async () => {
    await submitLead(payload, `${origin}/webhook/lead?key=1`)
    expect(received).toHaveLength(1)
    const [request] = received
    expect(request?.method).toBe('POST')
    expect(request?.url).toBe('/webhook/lead?key=1')
    expect(request?.contentType).toMatch(/^application\/json\b/)
    expect(JSON.parse(request?.body ?? '')).toStrictEqual(payload)
  })

  it.each([200, 201, 204])('resolves when the endpoint answers HTTP %i', async (status) => {
    behaviour = (_request, response) => response.writeHead(status).end()
    await expect(submitLead(payload, origin)).resolves.toBeUndefined()
  })

  it('does not read the body: an invalid JSON body with HTTP 200 still resolves', async () => {
    behaviour = (_request, response) =>
      response.writeHead(200, { 'Content-Type': 'application/json' }).end('{not json')
    await expect(submitLead(payload, origin)).resolves.toBeUndefined()
  })

  it.each([500, 404, 400, 503])('rejects with LeadSubmitError on HTTP %i', async (status) => {
    behaviour = (_request, response) => response.writeHead(status).end('{"ok":true}')
    const result = submitLead(payload, origin)
    await expect(result).rejects.toBeInstanceOf(LeadSubmitError)
    await expect(result).rejects.toThrow(String(status))
    expect(received).toHaveLength(1)
  })

  it('reads the fields a 400 refuses, and nothing from a 400 without them', async () => {
    const fields = { nom: 'Trop long (200 caractères au plus)' }
    behaviour = (_request, response) =>
      response.writeHead(400).end(JSON.stringify({ error: 'Invalid lead', fields }))
    await expect(submitLead(payload, origin)).rejects.toMatchObject({ fields })
    for (const body of ['Bad Request', 'null', '{"fields":null}', '']) {
      behaviour = (_request, response) => response.writeHead(400).end(body)
      await expect(submitLead(payload, origin)).rejects.toMatchObject({ fields: {} })
    }
  })

  it('rejects with LeadSubmitError when the server drops the connection', async () => {
    behaviour = (request) => request.socket.destroy()
    await expect(submitLead(payload, origin)).rejects.toBeInstanceOf(LeadSubmitError)
  })

  it('rejects with LeadSubmitError when the connection is refused', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    await expect(submitLead(payload, `http://127.0.0.1:${port}/`)).rejects.toBeInstanceOf(
      LeadSubmitError,
    )
  })

  it('rejects with LeadSubmitError when no answer comes within the timeout', async () => {
    behaviour = () => {
      // Never answers.
    }
    const started = performance.now()
    const result = submitLead(payload, origin, 200)
    await expect(result).rejects.toBeInstanceOf(LeadSubmitError)
    await expect(result).rejects.toThrow('200 ms')
    const elapsed = performance.now() - started
    expect(elapsed).toBeGreaterThanOrEqual(150)
    expect(elapsed).toBeLessThan(5_000)
  })

  it('gives up after 15 seconds by default', () => {
    expect(leadSubmitTimeoutMs).toBe(15_000)
  })
})
