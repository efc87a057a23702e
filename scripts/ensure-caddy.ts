/**
 * Makes sure Caddy is there for the test of deploy/Caddyfile: as root, installs Debian's package
 * when none is found; otherwise says what to do. Without Caddy that test is skipped, loudly (as
 * the PostgreSQL variants are without PostgreSQL), and the rest of `npm test` still runs.
 */
import { spawnSync } from 'node:child_process'
import { findCaddy } from '../server/test-support/caddy'

const found = findCaddy()
if (found) {
  console.log(`The Caddyfile test uses ${found}`)
} else if (
  process.platform === 'linux' &&
  process.getuid?.() === 0 &&
  spawnSync('which', ['apt-get']).status === 0
) {
  console.log('No Caddy found: installing Debian\'s "caddy" package (running as root).')
  const quiet = {
    stdio: ['ignore', 'ignore', 'inherit'] as ('ignore' | 'inherit')[],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  }
  spawnSync('apt-get', ['update', '-qq'], quiet)
  spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'caddy'], quiet)
  const installed = findCaddy()
  if (!installed)
    throw new Error('The "caddy" package was installed but /usr/bin/caddy is missing.')
  // The package starts its own service where systemd runs; the test runs its own Caddy instead.
  spawnSync('systemctl', ['disable', '--now', 'caddy'], { stdio: 'ignore' })
  console.log(`The Caddyfile test uses ${installed}`)
} else {
  console.warn(
    [
      'No Caddy found: the test of deploy/Caddyfile will be skipped.',
      '  - On Debian or Ubuntu: sudo apt-get install caddy',
      '  - Elsewhere: install Caddy 2 (caddyserver.com/docs/install) and set CADDY_PATH to it.',
    ].join('\n'),
  )
}
