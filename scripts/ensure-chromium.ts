/**
 * Makes sure a Chromium is there for the browser tests: as root, installs Debian's package when
 * none is found; otherwise says what to do and stops.
 */
import { spawnSync } from 'node:child_process'
import { findChromium } from '../e2e/support/chromium'

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  })
  if (result.status !== 0)
    throw new Error(`"${command} ${args.join(' ')}" failed with exit code ${result.status}`)
}

const found = findChromium()
if (found) {
  console.log(`Browser tests use ${found}`)
} else if (
  process.platform === 'linux' &&
  process.getuid?.() === 0 &&
  spawnSync('which', ['apt-get']).status === 0
) {
  console.log('No Chromium found: installing Debian\'s "chromium" package (running as root).')
  run('apt-get', ['update', '-qq'])
  run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium'])
  const installed = findChromium()
  if (!installed) throw new Error('Chromium was installed but not found at /usr/bin/chromium.')
  console.log(`Browser tests use ${installed}`)
} else {
  console.error(
    [
      'No Chromium found for the browser tests.',
      '  - On Debian or Ubuntu: sudo apt-get install chromium',
      '  - Elsewhere: install Chromium or Chrome and set CHROMIUM_PATH to its executable.',
    ].join('\n'),
  )
  process.exit(1)
}
