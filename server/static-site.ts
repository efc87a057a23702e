/**
 * Serves the pre-rendered build the way a good static host does: each route's HTML with or
 * without a trailing slash, Brotli or gzip files written at build time, long immutable caching for
 * hashed assets, and the not-found page with HTTP 404 for anything else.
 */
import { access } from 'node:fs/promises'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import { allRoutes, routes } from '../common/routes/routes'
import { callerVcardHeaders, callerVcardPath } from '../common/site-config/caller-vcard'

const immutable = 'public, max-age=31536000, immutable'
const revalidate = 'public, max-age=0, must-revalidate'
const shortLived = 'public, max-age=3600'

export async function assertBuilt(distDir: string): Promise<void> {
  try {
    await access(path.join(distDir, routes.home.file))
  } catch {
    throw new Error(`No built site in ${distDir}: run "npm run build" first.`)
  }
}

/**
 * Whether a file may be served. `_headers` (and any other root name starting with `_`) is host
 * configuration read by the server and static hosts, and dotfiles are never part of the site. The
 * path is checked as the file system will see it, fully decoded and normalised: `//_headers`,
 * `/./_headers` and `/assets/%2e%2e/_headers` all name `_headers`.
 */
export function isPublicPath(pathName: string): boolean {
  let decoded: string
  try {
    decoded = decodeURIComponent(pathName)
  } catch {
    return false
  }
  const normalised = path.posix.normalize(`/${decoded}`)
  return !/^\/_|\/\./.test(normalised) && !decoded.includes('\0')
}

/** How the site and the back-office serve their files; each sets its own caching. */
export const staticFileOptions = {
  index: false,
  redirect: false,
  wildcard: true,
  preCompressed: true,
  cacheControl: false,
  allowedPath: isPublicPath,
} as const

export async function registerStaticSite(app: FastifyInstance, distDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: distDir,
    ...staticFileOptions,
    setHeaders: (res, filePath) => {
      const original = filePath.replace(/\.(br|gz)$/, '')
      const hashed = path.relative(distDir, original).startsWith(`assets${path.sep}`)
      res.setHeader(
        'Cache-Control',
        hashed ? immutable : original.endsWith('.html') ? revalidate : shortLived,
      )
      res.setHeader('Vary', 'Accept-Encoding')
    },
  })

  for (const route of allRoutes) {
    if (route.path === null) continue
    const urls = route.path === '/' ? ['/', '/index.html'] : [route.path, `${route.path}/`]
    for (const url of urls) {
      app.get(url, (_request, reply) => reply.sendFile(route.file))
    }
  }

  // The file type's own name would say text/x-vcard, which phones do not all take for a contact.
  app.get(callerVcardPath, (_request, reply) =>
    reply.headers(callerVcardHeaders).sendFile(callerVcardPath.slice(1), { contentType: false }),
  )

  app.setNotFoundHandler((request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.code(404).send({ error: 'Not Found' })
    }
    return reply.code(404).sendFile(routes.notFound.file)
  })
}
