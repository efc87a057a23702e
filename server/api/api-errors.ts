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
 * JSON bodies, parsed by Fastify's own parser (which refuses prototype poisoning), but with any
 * failure (a nesting deep enough to exhaust the stack, say) answered as a 400, never a 500.
 * With `plainText`, `text/plain` bodies too: the browser sends the page view in `no-cors` mode,
 * which only allows that content type.
 */
export function parseJsonBodies(
  app: FastifyInstance,
  bodyLimit: number,
  { plainText = false } = {},
): void {
  const parse = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser(['application/json', 'text/plain'])
  const types = plainText ? ['application/json', 'text/plain'] : ['application/json']
  app.addContentTypeParser(types, { parseAs: 'string', bodyLimit }, (request, body, done) => {
    try {
      parse(request, body as string, (error, value) => {
        if (error) Object.assign(error, { statusCode: 400 })
        done(error, value)
      })
    } catch (error) {
      done(
        Object.assign(new Error('Body is not valid JSON', { cause: error }), { statusCode: 400 }),
      )
    }
  })
}
