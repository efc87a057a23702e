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
  RELAY_UNSTORABLE_TEXT: 'Text must be valid Unicode without U+0000',
}

/**
 * PostgreSQL cannot store U+0000 nor half of a surrogate pair, which JSON can only carry escaped
 * (`\u0000`, `\ud800`): bodies with such escapes are refused before parsing.
 */
const unstorableEscape = /\\u(0000|d[89a-f][0-9a-f]{2})/i

function isStorableText(text: string): boolean {
  return !unstorableEscape.test(text.replace(/\\u(d[89ab][0-9a-f]{2})\\u(d[c-f][0-9a-f]{2})/gi, ''))
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
    if (!isStorableText(body as string)) {
      done(
        Object.assign(new Error('Unstorable text'), {
          statusCode: 400,
          code: 'RELAY_UNSTORABLE_TEXT',
        }),
      )
      return
    }
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
