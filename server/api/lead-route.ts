import type { FastifyInstance } from 'fastify'
import { parseLeadPayload } from './parse-lead'
import { destinationsFor } from '../delivery/destinations'
import { metaCookiesOf } from '../delivery/meta-event'
import { storeLead, type IncomingLead, type StoreResult } from '../storage/lead-store'
import { storeTestLead } from '../storage/test-lead'
import { sendFieldErrors } from './api-errors'
import { clientAddress } from './client-address'
import type { ApiRouteOptions, RelayServices } from './relay-services'
import { testLeadTokenHeader, verifyTestLeadToken } from './test-lead-token'

const accepted = { status: 'accepted' } as const

/**
 * `POST /api/leads`: the same JSON as the lead webhook, checked with the form's own schema. The
 * 202 goes out only once the lead is committed. A filled trap field and a repeat of the same
 * contact within minutes get the same 202, so that neither robots nor double clicks learn anything.
 * The going-live check's lead (`est_test`) needs its token, and is answered with its id.
 */
export function registerLeadRoute(
  app: FastifyInstance,
  services: RelayServices,
  routeOptions: ApiRouteOptions,
): void {
  app.post('/api/leads', routeOptions, async (request, reply) => {
    const parsed = parseLeadPayload(request.body)
    if (!parsed.ok) return sendFieldErrors(reply, 'Invalid lead', parsed.errors)
    if (parsed.honeypotFilled) {
      request.log.info({ outcome: 'honeypot' }, 'lead dropped')
      return reply.code(202).send(accepted)
    }
    const lead: IncomingLead = {
      payload: parsed.payload,
      clientIp: clientAddress(request),
      userAgent: request.headers['user-agent'] ?? '',
      metaCookies: metaCookiesOf(request.headers.cookie),
      destinations: destinationsFor(services.deliveries, parsed.payload),
    }
    if (parsed.payload.est_test) {
      const token = request.headers[testLeadTokenHeader]
      if (!verifyTestLeadToken(services.appSecret, typeof token === 'string' ? token : undefined)) {
        return reply.code(403).send({ error: "A test lead needs the going-live check's token" })
      }
      const id = await storeTestLead(services.db, lead)
      request.log.info({ outcome: 'stored', leadId: id, test: true }, 'test lead stored')
      services.onLeadStored()
      return reply.code(202).send({ ...accepted, id })
    }
    let result: StoreResult
    try {
      result = await storeLead(services.db, lead)
    } catch (error) {
      services.writes?.failed(error)
      throw error
    }
    services.writes?.succeeded()
    if (result.status === 'duplicate') {
      request.log.info({ outcome: 'duplicate' }, 'lead already received')
    } else {
      request.log.info({ outcome: 'stored', leadId: result.id }, 'lead stored')
      services.onLeadStored()
    }
    return reply.code(202).send(accepted)
  })
}
