/**
 * The back-office's pages: one app shell (admin/index.html, built by scripts/build-admin.ts) at
 * every screen's path, behind the login, and its hashed assets, cached for good.
 */
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { adminLoginPath, adminScreens, screenAt } from '../../common/back-office/back-office-routes'
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

  admin.get(adminLoginPath, async (request, reply) =>
    (await sessions.userOf(request))
      ? reply.redirect(adminScreens[0].path, 303)
      : sendShell(reply, 200),
  )
  const preHandler = requireAdminPage(sessions)
  for (const url of ['/admin', '/admin/*']) {
    admin.get(url, { preHandler }, async (request, reply) =>
      sendShell(reply, screenAt(new URL(request.url, 'http://x').pathname) ? 200 : 404),
    )
  }
}
