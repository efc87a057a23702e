/**
 * The advisors' devices subscribed to Web Push (migration 15): saved and removed by their owner
 * through the back-office, read by the `push` destination for each lead, dropped when the push
 * service says the device is gone.
 */
import { randomUUID } from 'node:crypto'
import type { PushSubscriptionEntry } from '../../common/back-office/screens-api'
import type { Sql } from './database'

/** What a browser's `PushSubscription.toJSON()` gives, checked. */
export interface BrowserSubscription {
  endpoint: string
  p256dh: string
  auth: string
}

export interface StoredSubscription extends BrowserSubscription {
  id: string
}

interface EntryRow {
  id: string
  endpoint: string
  user_agent: string | null
  created_at: Date
}

const entryOf = (row: EntryRow): PushSubscriptionEntry => ({
  id: row.id,
  endpoint: row.endpoint,
  createdAt: row.created_at.toISOString(),
  userAgent: row.user_agent,
})

/**
 * Saves the device for `userId`; the same endpoint again (the browser subscribed anew, or the
 * device changed hands) updates its keys and owner instead of adding a second row.
 */
export async function saveSubscription(
  db: Sql,
  userId: string,
  subscription: BrowserSubscription,
  userAgent: string | null,
): Promise<{ entry: PushSubscriptionEntry; created: boolean }> {
  const [row] = await db.query<EntryRow & { created: boolean }>(
    `INSERT INTO push_subscriptions (id, user_id, endpoint, p256dh, auth, user_agent)
       VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (endpoint) DO UPDATE SET user_id = EXCLUDED.user_id, p256dh = EXCLUDED.p256dh,
       auth = EXCLUDED.auth, user_agent = EXCLUDED.user_agent
     RETURNING id, endpoint, user_agent, created_at, (xmax = 0) AS created`,
    [
      randomUUID(),
      userId,
      subscription.endpoint,
      subscription.p256dh,
      subscription.auth,
      userAgent,
    ],
  )
  if (!row) throw new Error('push subscription not saved')
  return { entry: entryOf(row), created: row.created }
}

/** Removes one of `userId`'s devices; `undefined` when the account has no such endpoint. */
export async function removeSubscription(
  db: Sql,
  userId: string,
  endpoint: string,
): Promise<string | undefined> {
  const [row] = await db.query<{ id: string }>(
    'DELETE FROM push_subscriptions WHERE user_id = $1 AND endpoint = $2 RETURNING id',
    [userId, endpoint],
  )
  return row?.id
}

export async function subscriptionsOf(db: Sql, userId: string): Promise<PushSubscriptionEntry[]> {
  const rows = await db.query<EntryRow>(
    `SELECT id, endpoint, user_agent, created_at FROM push_subscriptions
     WHERE user_id = $1 ORDER BY created_at, id`,
    [userId],
  )
  return rows.map(entryOf)
}

/** Every subscribed device, whoever owns it: each lead goes to all of them. */
export async function allSubscriptions(db: Sql): Promise<StoredSubscription[]> {
  return db.query<StoredSubscription>(
    'SELECT id, endpoint, p256dh, auth FROM push_subscriptions ORDER BY created_at, id',
  )
}

/** The devices of the account with this email (an advisor who agreed a callback). */
export async function subscriptionsOfEmail(db: Sql, email: string): Promise<StoredSubscription[]> {
  return db.query<StoredSubscription>(
    `SELECT s.id, s.endpoint, s.p256dh, s.auth FROM push_subscriptions AS s
     JOIN admin_users AS u ON u.id = s.user_id WHERE u.email = $1 ORDER BY s.created_at, s.id`,
    [email],
  )
}

/** The push service answered 404 or 410: that device will never receive anything again. */
export async function dropSubscription(db: Sql, id: string): Promise<boolean> {
  const rows = await db.query('DELETE FROM push_subscriptions WHERE id = $1 RETURNING id', [id])
  return rows.length > 0
}
