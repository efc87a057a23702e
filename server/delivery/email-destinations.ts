/**
 * The two email destinations: the broker's alert (`LEAD_ALERT_TO`) for each new lead, each
 * escalation and each withdrawal of consent, and the visitor's confirmation, which carries the
 * withdrawal link.
 */
import {
  brokerAlert,
  brokerEscalation,
  brokerWithdrawal,
  visitorConfirmation,
  type EmailContent,
} from '../emails/lead-emails'
import { escapeHtml } from '../emails/html'
import type { DeliveryJob, Destination } from './destination'
import type { Mailer } from './mailer'

export function brokerAlertDestination(
  mailer: Mailer,
  to: string[],
  links: { cardUrl: (leadId: string) => string },
): Destination {
  const contentOf = (job: DeliveryJob): EmailContent => {
    const context = {
      leadId: job.leadId,
      payload: job.payload,
      receivedAt: job.receivedAt,
      cardUrl: links.cardUrl(job.leadId),
    }
    if (job.event === 'lead') return brokerAlert({ ...context, personRequest: job.personRequest })
    if (job.event === 'escalation') return brokerEscalation(context)
    return brokerWithdrawal({ ...context, withdrawnAt: job.consentWithdrawnAt ?? new Date() })
  }
  return {
    name: 'email_courtier',
    events: ['lead', 'withdrawal', 'escalation'],
    send(job) {
      return mailer.send({
        ...contentOf(job),
        to,
        replyTo: { name: '', address: job.payload.email },
      })
    },
    tellBroker(notice) {
      return mailer.send({
        to,
        subject: notice.title,
        text: `${notice.body}\n\n${notice.url}\n`,
        html: `<p>${escapeHtml(notice.body)}</p><p><a href="${escapeHtml(notice.url)}">${escapeHtml(notice.url)}</a></p>`,
      })
    },
  }
}

export function visitorConfirmationDestination(
  mailer: Mailer,
  links: { siteUrl: string; withdrawUrl: (leadId: string) => string },
): Destination {
  return {
    name: 'email_visiteur',
    events: ['lead'],
    send(job) {
      const content = visitorConfirmation({
        leadId: job.leadId,
        payload: job.payload,
        receivedAt: job.receivedAt,
        siteUrl: links.siteUrl,
        withdrawUrl: links.withdrawUrl(job.leadId),
      })
      // An address object: nodemailer then never splits what a visitor typed into several.
      return mailer.send({ ...content, to: { name: '', address: job.payload.email } })
    },
  }
}
