/**
 * Runs the real server (`server/main.ts`, or its build) as a child process, as `npm start` does,
 * so that tests can kill it with SIGKILL or SIGTERM and start it again on the same data.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import path from 'node:path'
import webPush from 'web-push'
import { freePort } from './free-port'
import { waitFor } from './lead-fixtures'

const root = path.resolve(import.meta.dirname, '../..')

export interface RelayProcess {
  url: string
  child: ChildProcess
  output: () => string
  /** Resolves with the exit code (or signal name) once the process has ended. */
  exited: Promise<number | string>
}

/** What a server process needs of the test's environment, and nothing else: no stray setting. */
export function processBasics(port: number): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    HOST: '127.0.0.1',
    PORT: String(port),
  }
}

export async function startRelayProcess(
  env: Record<string, string>,
  {
    launcher = [],
    built = false,
    port: chosenPort,
  }: {
    /** A command the server runs under, such as `['prlimit', '--nofile=1024', '--']`. */
    launcher?: string[]
    /** Runs the build `npm start` runs (`dist-server/main.js`, built beforehand) over the source. */
    built?: boolean
    /** A port of its own by default; a given one to start again where a proxy points. */
    port?: number
  } = {},
): Promise<RelayProcess> {
  const port = chosenPort ?? (await freePort())
  const entry = built
    ? ['--enable-source-maps', 'dist-server/main.js']
    : ['--import', 'tsx', 'server/main.ts']
  const [program = process.execPath, ...args] = [...launcher, process.execPath, ...entry]
  const child = spawn(program, args, {
    cwd: root,
    env: { ...processBasics(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  )
  let ended: number | string | undefined
  void exited.then((how) => (ended = how))
  const url = `http://127.0.0.1:${port}`
  await waitFor(
    async () => {
      if (ended !== undefined) {
        throw new Error(`The server exited during start (${ended}):\n${output}`)
      }
      return fetch(`${url}/healthz`).then(
        (response) => response.ok,
        () => false,
      )
    },
    { timeoutMs: 60_000, what: 'the server to start' },
  )
  return { url, child, output: () => output, exited }
}

const sharedKeys = webPush.generateVAPIDKeys()

/**
 * What every instance on one PostgreSQL must share (config.ts refuses to start without them when
 * DATABASE_URL is set): an APP_SECRET and one VAPID key pair, the same for every server process
 * a test starts.
 */
export const sharedInstanceEnv = {
  APP_SECRET: `secret-partage-des-instances-de-test-${randomUUID()}`,
  VAPID_PUBLIC_KEY: sharedKeys.publicKey,
  VAPID_PRIVATE_KEY: sharedKeys.privateKey,
} as const

/** Posts a lead as if from `clientIp` (the relay trusts X-Forwarded-For from loopback). */
export async function postLeadTo(url: string, lead: unknown, clientIp = '192.0.2.1') {
  return fetch(`${url}/api/leads`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': clientIp },
    body: JSON.stringify(lead),
  })
}
