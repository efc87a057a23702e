/**
 * The back-office's pages: one app shell (admin/index.html, built by scripts/build-admin.ts) at
 * every screen's path and every lead's card, behind the login; its hashed assets, cached for
 * good; and what makes it an installable web app (manifest, service worker, icons), open to all.
 */
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply } from 'fastify'
import {
  adminLoginPath,
  adminScreens,
  leadIdAt,
  screenAt,
} from '../../common/back-office/back-office-routes'
import { returnParameter, safeReturnPath } from '../../common/back-office/return-path'
import {
  iconPath,
  notificationBadge,
  serviceWorkerPath,
  webAppIcons,
  webAppManifestPath,
  webAppScope,
} from '../../common/back-office/web-app'
import { staticFileOptions } from '../static-site'
import { requireAdminPage } from '../accounts/admin-auth'
import type { AdminSessions } from '../accounts/admin-sessions'

export const adminAssetsPrefix = '/admin/assets/'

export async function registerAdminPages(
  admin: FastifyInstance,
  { distDir, sessions }: { distDir: string; sessions: AdminSessions },
): Promise<void> {
  const shell = await readFile(path.join(distDir, 'index.html'), 'utf8').catch(() => undefined)
  if (shell === undefined) {
    admin.log.warn(
      { adminDistDir: distDir },
      'the back-office is not built: /admin answers 503 until `npm run build` builds it',
    )
  }
  if (existsSync(path.join(distDir, 'assets'))) {
    await admin.register(fastifyStatic, {
      root: path.join(distDir, 'assets'),
      prefix: adminAssetsPrefix,
      decorateReply: false,
      ...staticFileOptions,
      setHeaders: (res) => {
        res.setHeader('Cache-Control', 'public, max-age=31536000, immutable')
        res.setHeader('Vary', 'Accept-Encoding')
      },
    })
  }

  const sendShell = (reply: FastifyReply, status: number) =>
    shell === undefined
      ? reply
          .code(503)
          .type('text/plain; charset=utf-8')
          .send('The back-office is not built: run "npm run build".')
      : reply.code(status).type('text/html; charset=utf-8').send(shell)

  await registerWebAppFiles(admin, distDir)

  admin.get(adminLoginPath, async (request, reply) => {
    if (!(await sessions.userOf(request))) return sendShell(reply, 200)
    const back = new URL(request.url, 'http://x').searchParams.get(returnParameter)
    return reply.redirect(safeReturnPath(back) ?? adminScreens[0].path, 303)
  })
  const preHandler = requireAdminPage(sessions)
  for (const url of ['/admin', '/admin/*']) {
    admin.get(url, { preHandler }, async (request, reply) => {
      const pathname = new URL(request.url, 'http://x').pathname
      return sendShell(reply, screenAt(pathname) || leadIdAt(pathname) ? 200 : 404)
    })
  }
}

/**
 * The manifest, the service worker and the icons, read once. A browser asks for a manifest
 * without cookies, and none of these holds anything personal: no login in front of them.
 */
async function registerWebAppFiles(admin: FastifyInstance, distDir: string): Promise<void> {
  const files = [
    { url: webAppManifestPath, type: 'application/manifest+json; charset=utf-8' },
    { url: serviceWorkerPath, type: 'text/javascript; charset=utf-8' },
    ...[...webAppIcons, notificationBadge].map((icon) => ({
      url: iconPath(icon.file),
      type: 'image/png',
    })),
  ]
  for (const { url, type } of files) {
    const content = await readFile(path.join(distDir, url.slice('/admin/'.length))).catch(
      () => undefined,
    )
    if (content === undefined) continue
    admin.get(url, async (_request, reply) => {
      // The worker's scope is /admin, wider than its folder /admin/: this header allows it.
      if (url === serviceWorkerPath) reply.header('Service-Worker-Allowed', webAppScope)
      return reply.type(type).send(content)
    })
  }
}
