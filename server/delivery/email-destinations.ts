/**
 * The two email destinations: the broker's alert (`LEAD_ALERT_TO`) for each new lead and each
 * withdrawal of consent, and the visitor's confirmation, which carries the withdrawal link.
 */
import { brokerAlert, brokerWithdrawal, visitorConfirmation } from '../emails/lead-emails'
import type { Destination } from './destination'
import type { Mailer } from './mailer'

export function brokerAlertDestination(mailer: Mailer, to: string[]): Destination {
  return {
    name: 'email_courtier',
    events: ['lead', 'withdrawal'],
    send(job) {
      const context = { leadId: job.leadId, payload: job.payload, receivedAt: job.receivedAt }
      const content =
        job.event === 'lead'
          ? brokerAlert(context)
          : brokerWithdrawal({ ...context, withdrawnAt: job.consentWithdrawnAt ?? new Date() })
      return mailer.send({ ...content, to, replyTo: { name: '', address: job.payload.email } })
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
