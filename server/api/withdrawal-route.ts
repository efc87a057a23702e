/**
 * The withdrawal link of the confirmation email. `GET` only shows a page asking for one click (a
 * GET never changes anything, so mail scanners that open links cannot withdraw by accident);
 * `POST` withdraws. A bad, expired or unknown link gets a clear page, never an error.
 */
import type { FastifyInstance, onRequestHookHandler } from 'fastify'
import {
  confirmWithdrawalPage,
  invalidLinkPage,
  withdrawalPath,
  withdrawnPage,
} from '../privacy/withdrawal-page'
import { verifyWithdrawalToken } from '../privacy/withdrawal-token'
import { withdrawConsent } from '../privacy/withdraw-consent'
import type { RelayServices } from './relay-services'

export function registerWithdrawalRoute(
  app: FastifyInstance,
  services: RelayServices,
  onRequest: onRequestHookHandler,
): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 2_048 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  )
  const html = { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' }

  app.get(withdrawalPath, { onRequest }, async (request, reply) => {
    const token = (request.query as Record<string, unknown>).jeton
    const check = verifyWithdrawalToken(services.appSecret, token)
    if (!check.ok) return reply.code(400).headers(html).send(invalidLinkPage(check.reason))
    return reply.headers(html).send(confirmWithdrawalPage(token as string))
  })

  app.post(withdrawalPath, { onRequest }, async (request, reply) => {
    const token = (request.body as Record<string, unknown> | undefined)?.jeton
    const check = verifyWithdrawalToken(services.appSecret, token)
    if (!check.ok) return reply.code(400).headers(html).send(invalidLinkPage(check.reason))
    const result = await withdrawConsent(services.db, check.leadId, services.deliveries.withdrawal)
    request.log.info(
      { outcome: `withdrawal_${result}`, leadId: check.leadId },
      'consent withdrawal',
    )
    if (result === 'unknown') return reply.code(404).headers(html).send(invalidLinkPage('unknown'))
    if (result === 'withdrawn') services.onLeadStored()
    return reply.headers(html).send(withdrawnPage())
  })
}
