/**
 * The API's error answers: always JSON, 4xx with the reason, field errors where there are some,
 * and a bare 500 whose details stay in the log.
 */
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify'

export function sendFieldErrors(
  reply: FastifyReply,
  error: string,
  fields: Record<string, string | undefined>,
) {
  return reply.code(400).send({ error, fields })
}

const clientErrorMessages: Record<string, string> = {
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Body is empty',
  FST_ERR_CTP_INVALID_JSON_BODY: 'Body is not valid JSON',
}

export function registerApiErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed')
      return reply.code(500).send({ error: 'Internal error' })
    }
    if (status === 400) {
      const message = clientErrorMessages[error.code] ?? 'Body is not valid JSON'
      return sendFieldErrors(reply, 'Invalid body', { body: message })
    }
    if (status === 413) return reply.code(413).send({ error: 'Body too large' })
    if (status === 415) return reply.code(415).send({ error: 'Expected a JSON body' })
    return reply.code(status).send({ error: error.message })
  })
}

/**
 * Parses `text/plain` bodies as JSON: the browser sends the page view in `no-cors` mode, which
 * only allows that content type.
 */
export function acceptPlainTextJson(app: FastifyInstance, bodyLimit: number): void {
  app.addContentTypeParser(
    'text/plain',
    { parseAs: 'string', bodyLimit },
    (request, body, done) => {
      const parser = app.getDefaultJsonParser('error', 'error')
      parser(request, body as string, done)
    },
  )
}

/** JSON text cannot carry U+0000 into PostgreSQL, so such a body is refused as invalid up front. */
export function containsNul(value: unknown): boolean {
  return JSON.stringify(value)?.includes('\\u0000') ?? false
}
