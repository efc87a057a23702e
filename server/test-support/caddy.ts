/**
 * Caddy for the test of deploy/Caddyfile: found where Debian's package puts it (or CADDY_PATH),
 * and run on loopback ports with its own storage, the production file taken whole with a few
 * global options added for the test (ports, no admin endpoint, no change to the system's trusted
 * certificates).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { freePort } from './free-port'
import { waitFor } from './lead-fixtures'

export function findCaddy(): string | undefined {
  const fromEnv = process.env.CADDY_PATH?.trim()
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : undefined
  return ['/usr/bin/caddy', '/usr/local/bin/caddy'].find((candidate) => existsSync(candidate))
}

export interface RunningCaddy {
  /** `https://127.0.0.1:<port>`, served with a certificate of Caddy's internal CA. */
  origin: string
  /** That CA's root certificate, PEM, for a client to trust. */
  rootCertificate: () => Promise<string>
  /** What Caddy has logged so far (its own lines and the access log, both on stderr). */
  output: () => string
  stop(): Promise<void>
}

/**
 * Runs `caddyfile` (its text: a global options block, then the site) with SITE_DOMAIN
 * `127.0.0.1:<a free port>` (an IP address: Caddy's internal CA signs it, no ACME) and
 * RELAY_ADDRESS `relay`, in `dir`.
 */
export async function startCaddy(
  caddy: string,
  caddyfile: string,
  {
    dir,
    relay,
    globalOptions = [],
  }: {
    dir: string
    /** RELAY_ADDRESS: one `host:port`, or several separated by spaces. */
    relay: string
    /** More global options, one line each (a benchmark's trusted client addresses). */
    globalOptions?: string[]
  },
): Promise<RunningCaddy> {
  const [httpsPort, httpPort] = [await freePort(), await freePort()]
  const testOptions = [
    'admin off',
    `http_port ${httpPort}`,
    `https_port ${httpsPort}`,
    'skip_install_trust',
    `storage file_system ${path.join(dir, 'storage')}`,
    ...globalOptions,
  ]
  // The global options block: the first line that is a lone `{`.
  const globalBlock = /^\{\n/m
  if (!globalBlock.test(caddyfile)) throw new Error('The Caddyfile has no global options block')
  const file = path.join(dir, 'Caddyfile')
  await writeFile(file, caddyfile.replace(globalBlock, `{\n\t${testOptions.join('\n\t')}\n`))
  const child: ChildProcess = spawn(caddy, ['run', '--config', file, '--adapter', 'caddyfile'], {
    cwd: dir,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: dir,
      XDG_DATA_HOME: path.join(dir, 'data'),
      XDG_CONFIG_HOME: path.join(dir, 'config'),
      SITE_DOMAIN: `127.0.0.1:${httpsPort}`,
      RELAY_ADDRESS: relay,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  let exited = false
  const ended = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true
      resolve()
    }),
  )
  const rootFile = path.join(dir, 'storage', 'pki', 'authorities', 'local', 'root.crt')
  await waitFor(
    () => {
      if (exited) throw new Error(`Caddy exited during start:\n${output}`)
      return existsSync(rootFile) && output.includes('serving initial configuration')
    },
    { timeoutMs: 30_000, what: 'Caddy to start' },
  )
  return {
    origin: `https://127.0.0.1:${httpsPort}`,
    rootCertificate: () => readFile(rootFile, 'utf8'),
    output: () => output,
    async stop() {
      if (!exited) child.kill('SIGTERM')
      await ended
    },
  }
}
