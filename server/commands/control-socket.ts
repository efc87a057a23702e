/**
 * PGlite lives inside the server process, so while the server runs a command cannot open the
 * embedded database itself. It asks the server instead, over a Unix socket in DATA_DIR that only
 * the owner of DATA_DIR can reach: a local channel with the same protection as the database files.
 */
import { chmod, rm } from 'node:fs/promises'
import net from 'node:net'
import path from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import type { Sql } from '../storage/database'
import { parseCommandLine, runLeadCommand } from './lead-commands'

const maxRequestBytes = 4_096

export function controlSocketPath(dataDir: string): string {
  return path.join(dataDir, 'control.sock')
}

type Answer = { ok: true; output: string } | { ok: false; error: string }

/** The client sends its command-line arguments; they are parsed here, never trusted as objects. */
async function runRequestLine(line: string, db: Sql, log: FastifyBaseLogger): Promise<Answer> {
  try {
    const { args } = JSON.parse(line) as { args: unknown }
    if (!Array.isArray(args) || !args.every((arg) => typeof arg === 'string')) {
      throw new Error('Expected the command-line arguments.')
    }
    const { request } = parseCommandLine(args)
    const output = await runLeadCommand(db, request)
    log.info({ command: request.command }, 'lead command run')
    return { ok: true, output }
  } catch (error) {
    log.warn({ err: error }, 'lead command failed')
    return { ok: false, error: error instanceof Error ? error.message : String(error) }
  }
}

export async function serveControlSocket(
  socketPath: string,
  db: Sql,
  log: FastifyBaseLogger,
): Promise<() => Promise<void>> {
  await rm(socketPath, { force: true })
  const server = net.createServer((socket) => {
    let received = ''
    socket.setEncoding('utf8')
    socket.on('error', () => socket.destroy())
    socket.on('data', (chunk: string) => {
      received += chunk
      if (received.length > maxRequestBytes) {
        socket.destroy()
        return
      }
      const newline = received.indexOf('\n')
      if (newline === -1) return
      socket.removeAllListeners('data')
      void runRequestLine(received.slice(0, newline), db, log).then((reply) =>
        socket.end(`${JSON.stringify(reply)}\n`),
      )
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(socketPath, resolve)
  })
  await chmod(socketPath, 0o600)
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve())
    })
}

export async function askRunningServer(
  socketPath: string,
  args: readonly string[],
): Promise<string> {
  const answer = await new Promise<Answer>((resolve, reject) => {
    const socket = net.createConnection(socketPath)
    let received = ''
    socket.setEncoding('utf8')
    socket.on('connect', () => socket.write(`${JSON.stringify({ args })}\n`))
    socket.on('data', (chunk: string) => {
      received += chunk
    })
    socket.on('end', () => {
      try {
        resolve(JSON.parse(received) as Answer)
      } catch {
        reject(new Error('The running server gave no answer.'))
      }
    })
    socket.on('error', (error) =>
      reject(
        new Error(
          `The running server holds the embedded database but its command socket ${socketPath} ` +
            `does not answer (${(error as NodeJS.ErrnoException).code ?? error.message}): ` +
            'stop the server, then run the command again.',
        ),
      ),
    )
  })
  if (!answer.ok) throw new Error(answer.error)
  return answer.output
}
