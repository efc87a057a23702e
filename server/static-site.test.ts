import { rm, writeFile } from 'node:fs/promises'
import net from 'node:net'
import path from 'node:path'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createFakeSite } from './test-support/fake-site'
import { registerStaticSite } from './static-site'

/** Sends `target` byte for byte, as a client that does not clean up its paths would. */
function rawGet(port: number, target: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(`GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`)
    })
    let answer = ''
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => (answer += chunk))
    socket.on('end', () => resolve(answer))
    socket.on('error', reject)
  })
}

describe('static site paths', () => {
  let app: FastifyInstance
  let distDir: string
  let port: number

  beforeAll(async () => {
    distDir = await createFakeSite()
    app = Fastify()
    await registerStaticSite(app, distDir)
    await app.listen({ port: 0, host: '127.0.0.1' })
    port = (app.server.address() as net.AddressInfo).port
  })
  afterAll(async () => {
    await app.close()
    await rm(distDir, { recursive: true, force: true })
  })

  const hiddenPaths = [
    '/_headers',
    '//_headers',
    '///_headers',
    '/./_headers',
    '/%2e/_headers',
    '/assets/../_headers',
    '/assets/%2e%2e/_headers',
    '/assets/%2E%2E/_headers',
    '/assets/..%2f_headers',
    '/assets%2f..%2f_headers',
    '/%2f_headers',
    '/%2F_headers',
    '/.%2f_headers',
    '/%5fheaders',
    '/_headers?x=1',
  ]

  it.each(hiddenPaths)(
    'answers %s with the not-found page, over a raw connection',
    async (target) => {
      const answer = await rawGet(port, target)
      expect(answer).toMatch(/^HTTP\/1\.1 404 /)
      expect(answer).not.toContain('Content-Security-Policy')
    },
  )

  it.each(hiddenPaths)('answers %s with 404 through inject too', async (url) => {
    const response = await app.inject({ method: 'GET', url })
    expect(response.statusCode).toBe(404)
    expect(response.body).not.toContain('Content-Security-Policy')
  })

  it('still serves the pages and files next to it', async () => {
    for (const target of ['/', '/index.html', '//index.html', '/assets/../index.html']) {
      expect(await rawGet(port, target), target).toMatch(/^HTTP\/1\.1 200 [^]*Accueil/)
    }
  })
})

describe('the caller’s contact card', () => {
  let app: FastifyInstance
  let distDir: string

  beforeAll(async () => {
    distDir = await createFakeSite()
    await writeFile(path.join(distDir, 'contact.vcf'), 'BEGIN:VCARD\r\nEND:VCARD\r\n')
    app = Fastify()
    await registerStaticSite(app, distDir)
  })
  afterAll(async () => {
    await app.close()
    await rm(distDir, { recursive: true, force: true })
  })

  it('is served as a contact that a phone offers to save, whatever the encodings accepted', async () => {
    for (const encoding of ['gzip, br', 'identity']) {
      const response = await app.inject({
        method: 'GET',
        url: '/contact.vcf',
        headers: { 'accept-encoding': encoding },
      })
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-type']).toBe('text/vcard; charset=utf-8')
      expect(response.headers['content-disposition']).toBe('inline; filename="contact.vcf"')
      expect(response.body).toBe('BEGIN:VCARD\r\nEND:VCARD\r\n')
    }
  })
})
