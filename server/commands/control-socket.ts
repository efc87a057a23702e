/**
 * PGlite lives inside the server process, so while the server runs a command cannot open the
 * embedded database itself. It asks the server instead, over a Unix socket in DATA_DIR that only
 * the owner of DATA_DIR can reach: a local channel with the same protection as the database files.
 */
import { chmod, rm } from 'node:fs/promises'
import { once } from 'node:events'
import net from 'node:net'
import path from 'node:path'
import readline from 'node:readline'
import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../storage/database'
import { commandName, commandOutput, type CommandContext } from './commands'

const maxRequestBytes = 4_096

export function controlSocketPath(dataDir: string): string {
  return path.join(dataDir, 'control.sock')
}

/**
 * The server answers with JSON lines: `{"chunk":…}` for each piece of the output as it is made
 * (an export of any size streams), then `{"ok":true}`, or `{"ok":false,"error":…}` at any point.
 */
type AnswerLine = { chunk: string } | { ok: true } | { ok: false; error: string }

/** The client sends its command-line arguments; they are parsed here, never trusted as objects. */
async function runRequestLine(
  line: string,
  db: Database,
  context: CommandContext,
  log: FastifyBaseLogger,
  send: (answer: AnswerLine) => Promise<void>,
): Promise<void> {
  try {
    const { args } = JSON.parse(line) as { args: unknown }
    if (!Array.isArray(args) || !args.every((arg) => typeof arg === 'string')) {
      throw new Error('Expected the command-line arguments.')
    }
    for await (const chunk of commandOutput(db, args, context)) await send({ chunk })
    log.info({ command: commandName(args) }, 'command run')
    await send({ ok: true })
  } catch (error) {
    log.warn({ err: error }, 'command failed')
    await send({ ok: false, error: error instanceof Error ? error.message : String(error) })
  }
}

/** Writes one answer line, waiting while the client is slower than the database. */
function sender(socket: net.Socket): (answer: AnswerLine) => Promise<void> {
  return (answer) =>
    new Promise((resolve, reject) => {
      if (socket.destroyed) {
        reject(new Error('The command client went away.'))
        return
      }
      if (socket.write(`${JSON.stringify(answer)}\n`)) resolve()
      else socket.once('drain', resolve)
    })
}

export async function serveControlSocket(
  socketPath: string,
  db: Database,
  context: CommandContext,
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
      void runRequestLine(received.slice(0, newline), db, context, log, sender(socket))
        .catch(() => {
          // The client left mid-answer: nothing more to tell it.
        })
        .finally(() => socket.end())
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

/** Runs the command in the running server, handing each piece of its output to `write`. */
export async function askRunningServer(
  socketPath: string,
  args: readonly string[],
  write: (chunk: string) => Promise<void>,
): Promise<void> {
  const socket = net.createConnection(socketPath)
  socket.setEncoding('utf8')
  const failed = new Promise<never>((_, reject) =>
    socket.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new Error(
          `The running server holds the embedded database but its command socket ${socketPath} ` +
            `does not answer (${error.code ?? error.message}): ` +
            'stop the server, then run the command again.',
        ),
      ),
    ),
  )
  const answered = (async () => {
    await once(socket, 'connect')
    socket.write(`${JSON.stringify({ args })}\n`)
    for await (const line of readline.createInterface({ input: socket, crlfDelay: Infinity })) {
      const answer = JSON.parse(line) as AnswerLine
      if ('chunk' in answer) await write(answer.chunk)
      else if (answer.ok) return
      else throw new Error(answer.error)
    }
    throw new Error('The running server stopped before finishing the command.')
  })()
  try {
    await Promise.race([answered, failed])
  } finally {
    socket.destroy()
  }
}
