/**
 * Compiles the server for production: `server/main.ts` (what `npm start` runs), the lead
 * commands (`server/commands/leads-cli.ts`), the account commands (`admin-cli.ts`), the going-live
 * check (`check-cli.ts`), the backup, restore and move commands (`server/backup/backup-cli.ts`)
 * and the
 * embedded database's thread (`server/storage/pglite-worker.ts`) into plain
 * JavaScript under `dist-server/`, so that an install with `npm ci --omit=dev` runs them without
 * TypeScript tooling. Packages stay imports of
 * `node_modules`; our own code (the server and the `src/` modules it shares with the browser) is
 * bundled, one file per entry plus shared chunks.
 */
import { builtinModules } from 'node:module'
import path from 'node:path'
import { build } from 'vite'
import { siteConfigPlugin } from './site-config/site-config-plugin'
import { computeStamp, writeStamp } from './build-stamp.mjs'

const root = path.resolve(import.meta.dirname, '..')
export const serverOutDir = path.join(root, 'dist-server')

export const serverEntries = {
  main: 'server/main.ts',
  'leads-cli': 'server/commands/leads-cli.ts',
  'admin-cli': 'server/commands/admin-cli.ts',
  // npm run check, the going-live check.
  'check-cli': 'server/commands/check-cli.ts',
  'backup-cli': 'server/backup/backup-cli.ts',
  // The embedded database's thread, started by server/storage/pglite-thread.ts.
  'pglite-worker': 'server/storage/pglite-worker.ts',
} as const

/** A bare package name (or a node: built-in) rather than one of our files. */
function isPackage(id: string): boolean {
  return (
    id.startsWith('node:') ||
    builtinModules.includes(id) ||
    (!id.startsWith('.') && !id.startsWith('/') && !id.startsWith('@/') && !id.startsWith('\0'))
  )
}

export async function buildServer(): Promise<void> {
  // Taken before compiling: a file edited meanwhile then differs from the stamp and is built next time.
  const stamp = computeStamp(root, 'server')
  await build({
    root,
    configFile: false,
    publicDir: false,
    plugins: [siteConfigPlugin()],
    logLevel: 'warn',
    mode: 'production',
    resolve: { alias: { '@': path.join(root, 'src') } },
    build: {
      ssr: true,
      outDir: serverOutDir,
      emptyOutDir: true,
      target: 'node20',
      minify: false,
      sourcemap: true,
      rolldownOptions: {
        input: serverEntries,
        external: isPackage,
        output: {
          format: 'esm',
          entryFileNames: '[name].js',
          chunkFileNames: 'chunks/[name]-[hash].js',
        },
      },
    },
  })
  writeStamp(serverOutDir, stamp)
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildServer()
  console.log(`Server compiled into ${path.relative(root, serverOutDir)}/.`)
}
