/**
 * For the benchmarks that run the server as `npm start` does: builds the server and back-office
 * when missing or out of date, as `npm start` would (scripts/ensure-build.mjs), saying why.
 */
import { spawnSync } from 'node:child_process'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '../..')

export function ensureServerBuild(): void {
  const result = spawnSync(process.execPath, ['scripts/ensure-build.mjs', 'admin', 'server'], {
    cwd: root,
    stdio: 'inherit',
  })
  if (result.status !== 0) throw new Error('The build failed: see above.')
}
