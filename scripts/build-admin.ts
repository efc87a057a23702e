/**
 * Builds the broker's back-office (admin/) on its own: its own Vite build into `dist-admin/` (or
 * ADMIN_DIST_DIR), served by the relay at /admin only. Nothing of it goes into `dist/`, the site
 * a CDN may serve, and the public pages never load a byte of it.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { build } from 'vite'
import { webAppManifest } from '../admin/web-app-manifest'
import { notificationBadge, webAppIcons } from '../common/back-office/web-app'
import { appIcon, notificationBadgeIcon } from './admin-icons'
import { computeStamp, writeStamp } from './build-stamp.mjs'
import { precompress } from './precompress'

const root = path.resolve(import.meta.dirname, '..')
export const adminOutDir = path.resolve(root, process.env.ADMIN_DIST_DIR?.trim() || 'dist-admin')

export async function buildAdmin(outDir: string = adminOutDir): Promise<void> {
  // Taken before building: a file edited meanwhile then differs from the stamp and is built next time.
  const stamp = computeStamp(root, 'admin')
  await build({
    root: path.join(root, 'admin'),
    base: '/admin/',
    configFile: false,
    envDir: false,
    publicDir: false,
    logLevel: 'warn',
    mode: 'production',
    plugins: [react(), tailwindcss()],
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      // No inline script or style: the back-office's policy allows none.
      assetsInlineLimit: 0,
      modulePreload: { polyfill: false },
    },
  })
  await buildWebApp(outDir)
  await precompress(outDir)
  // Last, so that only a finished build has one (scripts/ensure-build.mjs).
  writeStamp(outDir, stamp)
}

/**
 * What makes the back-office installable: the service worker, one classic script of its own with
 * nothing shared with the app (older Safaris run no module service worker),
 * the manifest and the icons, at the fixed names of common/back-office/web-app.ts.
 */
async function buildWebApp(outDir: string): Promise<void> {
  await build({
    root: path.join(root, 'admin'),
    configFile: false,
    envDir: false,
    publicDir: false,
    logLevel: 'warn',
    mode: 'production',
    build: {
      outDir,
      emptyOutDir: false,
      target: 'es2022',
      copyPublicDir: false,
      rolldownOptions: {
        input: { sw: path.join(root, 'admin', 'service-worker', 'service-worker.ts') },
        output: { format: 'iife', entryFileNames: 'sw.js' },
      },
    },
  })
  await writeFile(
    path.join(outDir, 'manifest.webmanifest'),
    `${JSON.stringify(webAppManifest(), null, 2)}\n`,
  )
  const icons = path.join(outDir, 'icons')
  await mkdir(icons, { recursive: true })
  for (const icon of webAppIcons) {
    await writeFile(path.join(icons, icon.file), appIcon(icon.size, icon.purpose))
  }
  await writeFile(
    path.join(icons, notificationBadge.file),
    notificationBadgeIcon(notificationBadge.size),
  )
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildAdmin()
  console.log(`Back-office built into ${path.relative(root, adminOutDir) || '.'}/.`)
}
