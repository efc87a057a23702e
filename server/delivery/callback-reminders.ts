/**
 * The agreed callbacks' reminders: a few minutes before the moment agreed with the person
 * (`rappeler`, rappel_le), a Web Push to the devices of the advisor who agreed it. Durable: a
 * check every half minute claims the due reminders in the database (`reminded_at`), so a restart
 * loses none and instances sharing one PostgreSQL send each once; a reminder that could not
 * reach a device for a passing reason is released for the next check. A callback undone,
 * followed by another call to the person (same email or phone, on whichever request), on a
 * request whose consent was withdrawn, or to a person the rules no longer let be called (a
 * refusal, "ne plus appeler": leads-to-call.ts), is not reminded. The lock screen shows the first name and the
 * surname's initial only (lead-notification.ts).
 */
import type { FastifyBaseLogger } from 'fastify'
import { leadCardPath } from '../../common/back-office/back-office-routes'
import type { Database } from '../storage/database'
import { planOf } from '../storage/leads-to-call'
import { subscriptionsOfEmail } from '../storage/push-subscriptions'
import { lockScreenName, type LeadNotification } from './lead-notification'
import type { DeviceOutcome, pushSender } from './push-destination'

/** How long before the agreed moment the advisor is reminded. */
export const reminderLeadMinutes = 5
/** A reminder later than this after the agreed moment is no use: the list shows the call. */
const lateMinutes = 30

const parisClock = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Europe/Paris',
  hour: '2-digit',
  minute: '2-digit',
})

export function callbackReminder(
  person: { prenom: string; nom: string },
  { at, cardUrl, leadId }: { at: Date; cardUrl: string; leadId: string },
): LeadNotification {
  const time = parisClock.format(at).replace(':', '\u00a0h\u00a0')
  return {
    title: `Rappel convenu à ${time}`,
    body: `${lockScreenName(person)} attend votre appel.`,
    url: cardUrl,
    tag: `rappel-${leadId}`,
  }
}

interface DueReminder {
  id: string
  lead_id: string
  rappel_le: Date
  admin_email: string
  prenom: string
  nom: string
}

/** Sends the reminders due at `now`; resolves with how many were sent to at least one device. */
export async function remindCallbacks(
  db: Database,
  options: { now: Date; siteUrl: string; send: ReturnType<typeof pushSender> },
): Promise<number> {
  const { now } = options
  const due = await db.query<DueReminder>(
    `UPDATE lead_calls AS c SET reminded_at = $1 FROM leads AS l
     WHERE l.id = c.lead_id AND c.outcome = 'rappeler' AND c.undone_at IS NULL
       AND c.reminded_at IS NULL
       AND c.rappel_le <= $1::timestamptz + $2 * interval '1 minute'
       AND c.rappel_le > $1::timestamptz - $3 * interval '1 minute'
       AND l.consent_withdrawn_at IS NULL
       AND NOT EXISTS (SELECT 1 FROM lead_calls AS later JOIN leads AS o ON o.id = later.lead_id
                       WHERE (o.email = l.email OR o.telephone = l.telephone)
                         AND later.undone_at IS NULL AND later.at > c.at)
     RETURNING c.id::text AS id, c.lead_id, c.rappel_le, c.admin_email,
       l.payload ->> 'prenom' AS prenom, l.payload ->> 'nom' AS nom`,
    [now, reminderLeadMinutes, lateMinutes],
  )
  let sent = 0
  for (const reminder of due) {
    // Claimed all the same: a person closed is not reminded later either.
    if ((await planOf(db, reminder.lead_id, now))?.standing.reason) continue
    const payload = JSON.stringify(
      callbackReminder(reminder, {
        at: reminder.rappel_le,
        leadId: reminder.lead_id,
        cardUrl: `${options.siteUrl}${leadCardPath(reminder.lead_id)}`,
      }),
    )
    const devices = await subscriptionsOfEmail(db, reminder.admin_email)
    const outcomes: DeviceOutcome[] = await Promise.all(
      devices.map((device) => options.send(device, payload, `rappel${reminder.id}`)),
    )
    if (outcomes.includes('sent')) sent += 1
    if (outcomes.some((outcome) => typeof outcome === 'object' && !outcome.permanent)) {
      await db.query('UPDATE lead_calls SET reminded_at = NULL WHERE id = $1::bigint', [
        reminder.id,
      ])
    }
  }
  return sent
}

/** Checks for due reminders every `everyMs`, one check at a time. */
export function startCallbackReminders(options: {
  db: Database
  log: FastifyBaseLogger
  everyMs: number
  now: () => Date
  siteUrl: string
  send: ReturnType<typeof pushSender>
}): { stop(): Promise<void> } {
  let running: Promise<unknown> | undefined
  const timer = setInterval(() => {
    running ??= remindCallbacks(options.db, { ...options, now: options.now() })
      .then(
        (sent) => sent > 0 && options.log.info({ sent }, 'agreed callbacks reminded'),
        (error: unknown) => options.log.error({ err: error }, 'callback reminder check failed'),
      )
      .finally(() => (running = undefined))
  }, options.everyMs).unref()
  return {
    async stop() {
      clearInterval(timer)
      await running
    },
  }
}
