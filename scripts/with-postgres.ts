/**
 * Runs a command with a throwaway PostgreSQL server: `tsx scripts/with-postgres.ts <command...>`.
 * Installs Debian's `postgresql` when it is missing and we are root, starts a cluster in a
 * temporary directory on a free loopback port, passes its URL as TEST_DATABASE_URL, and removes
 * it all afterwards. Without PostgreSQL the command still runs, and its PostgreSQL tests skip.
 * Options: `--durable` keeps fsync on (for benchmarks); by default it is off, for speed.
 */
import { spawnSync, type SpawnSyncOptions } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir, userInfo } from 'node:os'
import path from 'node:path'
import { freePort } from '../server/test-support/free-port'

const isRoot = process.getuid?.() === 0

function findBinDir(): string | undefined {
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return undefined
  const versions = readdirSync(root)
    .filter((version) => existsSync(path.join(root, version, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a))
  return versions[0] ? path.join(root, versions[0], 'bin') : undefined
}

function install(): void {
  if (!isRoot) return
  console.log('PostgreSQL not found: installing Debian\'s "postgresql" package.')
  const quiet: SpawnSyncOptions = { stdio: ['ignore', 'ignore', 'inherit'] }
  spawnSync('apt-get', ['update'], quiet)
  spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'postgresql'], {
    ...quiet,
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  })
}

/** PostgreSQL refuses to run as root: as root, its tools run as the `postgres` user. */
function runPostgresTool(binDir: string, tool: string, args: string[]): void {
  const command = path.join(binDir, tool)
  const result = isRoot
    ? spawnSync('runuser', ['-u', 'postgres', '--', command, ...args], { stdio: 'pipe' })
    : spawnSync(command, args, { stdio: 'pipe' })
  if (result.status !== 0) {
    throw new Error(`${tool} failed:\n${String(result.stdout)}${String(result.stderr)}`)
  }
}

function postgresUid(): { uid: number; gid: number } {
  const id = (flag: string) =>
    Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim())
  return { uid: id('-u'), gid: id('-g') }
}

async function main(): Promise<number> {
  const args = process.argv.slice(2)
  const durable = args[0] === '--durable'
  const [program, ...programArgs] = durable ? args.slice(1) : args
  if (program === undefined)
    throw new Error('Usage: tsx scripts/with-postgres.ts [--durable] <command...>')
  let binDir = findBinDir()
  if (!binDir) {
    install()
    binDir = findBinDir()
  }
  if (!binDir) {
    console.warn(
      '\n!!! PostgreSQL is not installed and cannot be installed here (not root):' +
        '\n!!! the PostgreSQL tests will be SKIPPED. Install Debian\'s "postgresql" to run them.\n',
    )
    return spawnSync(program, programArgs, { stdio: 'inherit' }).status ?? 1
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'relay-pg-'))
  const dataDir = path.join(dir, 'data')
  if (isRoot) {
    const { uid, gid } = postgresUid()
    chownSync(dir, uid, gid)
  }
  const port = await freePort()
  const user = isRoot ? 'postgres' : userInfo().username
  let started = false
  const stop = () => {
    if (started) runPostgresTool(binDir, 'pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop'])
    started = false
    rmSync(dir, { recursive: true, force: true })
  }
  process.once('SIGINT', () => {
    stop()
    process.exit(130)
  })
  try {
    runPostgresTool(binDir, 'initdb', ['-D', dataDir, '-U', user, '-A', 'trust', '--no-sync'])
    const options = [
      `-p ${port}`,
      `-k ${dir}`,
      '-c listen_addresses=127.0.0.1',
      '-c max_connections=200',
      durable ? '' : '-c fsync=off -c synchronous_commit=off',
    ].join(' ')
    runPostgresTool(binDir, 'pg_ctl', [
      '-D',
      dataDir,
      '-o',
      options,
      '-l',
      path.join(dir, 'log'),
      '-w',
      'start',
    ])
    started = true
    const url = `postgres://${user}@127.0.0.1:${port}/postgres`
    console.log(
      `PostgreSQL (${path.basename(path.dirname(binDir))}) running on 127.0.0.1:${port} (temporary).`,
    )
    const result = spawnSync(program, programArgs, {
      stdio: 'inherit',
      env: { ...process.env, TEST_DATABASE_URL: url },
    })
    return result.status ?? 1
  } finally {
    stop()
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  },
)
