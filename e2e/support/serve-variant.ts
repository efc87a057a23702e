/**
 * Builds one variant of the site with its webhook configuration (and the back-office for the
 * variant that has one), then serves it with the project's own server, as `npm start` does. Usage: tsx e2e/support/serve-variant.ts <variant>
 */
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { variantDirs, variants, type VariantName } from './ports'
import { seedAdminData } from './seed-admin-data'
import { writeVariantSiteConfig } from './variant-site-config'

const name = process.argv[2] as VariantName
const variant = variants[name]
if (!variant) {
  console.error(`Unknown variant "${name}"; expected one of: ${Object.keys(variants).join(', ')}`)
  process.exit(2)
}

const root = path.resolve(import.meta.dirname, '../..')
const dirs = variantDirs(name)
const outDir = dirs.dist
const serverEnv = 'serverEnv' in variant ? variant.serverEnv : {}
const siteConfig = path.join(root, dirs.siteConfig)
writeVariantSiteConfig(
  siteConfig,
  { ...variant.env, ...serverEnv },
  'siteConfig' in variant ? variant.siteConfig : {},
)
// Only the variant's own webhook settings count: drop any the developer's shell exports.
const inherited = Object.fromEntries(
  Object.entries(process.env).filter(([key]) => !key.startsWith('VITE_')),
)
const buildEnv: NodeJS.ProcessEnv = {
  ...inherited,
  ...variant.env,
  OUT_DIR: outDir,
  SITE_CONFIG: siteConfig,
}
// The build's warnings (sample identity, relay in use) are expected here; show them only on failure.
const build = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], {
  cwd: root,
  encoding: 'utf8',
  env: buildEnv,
})
if (build.status !== 0) {
  process.stderr.write(`${build.stdout}${build.stderr}`)
  process.exit(build.status ?? 1)
}
const withAdmin = 'withAdmin' in variant && variant.withAdmin
if (withAdmin) {
  const adminBuild = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build-admin.ts'], {
    cwd: root,
    encoding: 'utf8',
    env: { ...inherited, ADMIN_DIST_DIR: dirs.adminDist },
  })
  if (adminBuild.status !== 0) {
    process.stderr.write(`${adminBuild.stdout}${adminBuild.stderr}`)
    process.exit(adminBuild.status ?? 1)
  }
  await seedAdminData(dirs.data)
}

const server = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    // One environment for the build and the server, as one .env file gives both.
    ...variant.env,
    ...serverEnv,
    SITE_CONFIG: siteConfig,
    PORT: String(variant.port),
    HOST: '127.0.0.1',
    DIST_DIR: outDir,
    DATA_DIR: dirs.data,
    // The erasure log of the back-office's erasures beside the data, never in the working tree.
    BACKUP_DIR: `${dirs.data}-backups`,
    // Variants without the back-office point at a folder with no build: /admin answers 503.
    ADMIN_DIST_DIR: withAdmin ? dirs.adminDist : path.join(outDir, 'no-admin'),
  },
})
process.exit(server.status ?? 1)
