/**
 * Applies the headers the build wrote into `_headers` (block `/*`) to every response, and HSTS
 * when the request came over HTTPS.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'

/** Reads the `/*` block of a Netlify-style `_headers` file into name/value pairs. */
export function parseHeadersFile(text: string): Record<string, string> {
  const headers: Record<string, string> = {}
  let inGlobalBlock = false
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trim().startsWith('#')) continue
    if (!/^\s/.test(line)) {
      inGlobalBlock = line.trim() === '/*'
      continue
    }
    if (!inGlobalBlock) continue
    const separator = line.indexOf(':')
    if (separator > 0) headers[line.slice(0, separator).trim()] = line.slice(separator + 1).trim()
  }
  return headers
}

export async function registerSecurityHeaders(
  app: FastifyInstance,
  distDir: string,
): Promise<void> {
  const file = path.join(distDir, '_headers')
  const headers = parseHeadersFile(await readFile(file, 'utf8').catch(() => ''))
  if (!headers['Content-Security-Policy']) {
    throw new Error(
      `${file} has no Content-Security-Policy: rebuild the site with "npm run build".`,
    )
  }
  app.addHook('onSend', async (request, reply) => {
    reply.headers(headers)
    if (request.protocol === 'https') {
      reply.header('Strict-Transport-Security', 'max-age=63072000; includeSubDomains')
    }
  })
}
