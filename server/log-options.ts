/**
 * What the JSON logs may say about a request: no personal data in clear. The client address is
 * replaced by a keyed hash (the key is random per process, so it cannot be reversed by trying
 * every address, yet one client's requests still look alike), and query strings, which may carry
 * an ad-click id, are left out. Routes log lead ids, never contact details.
 */
import { createHmac, randomBytes } from 'node:crypto'
import type { FastifyBaseLogger, FastifyRequest } from 'fastify'
import { pino } from 'pino'

const key = randomBytes(32)

export function pseudonymize(value: string): string {
  return createHmac('sha256', key).update(value).digest('hex').slice(0, 12)
}

function serializeError(error: Error & { code?: unknown; statusCode?: unknown }) {
  // Spelled out rather than spread: PostgreSQL errors carry a `detail` that can quote row values.
  return {
    type: error.name,
    message: error.message,
    code: error.code,
    statusCode: error.statusCode,
    stack: error.stack ?? '',
  }
}

/**
 * The relay's one logger, made before anything else so that the database, the workers and the app
 * are all handed it (JSON lines on standard output, or on `stream` in tests).
 */
export function createLogger(
  level: string,
  stream?: { write(line: string): void },
): FastifyBaseLogger {
  const options = {
    level,
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: request.url.split('?')[0],
        client: pseudonymize(request.ip),
      }),
      res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
      err: serializeError,
    },
  }
  return stream ? pino(options, stream) : pino(options)
}
