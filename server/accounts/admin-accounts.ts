/**
 * The back-office's accounts: created, reset and removed from the command line only (there is no
 * sign-up page), found by email at login.
 */
import { randomUUID } from 'node:crypto'
import type { Database, Sql } from '../storage/database'

export interface AdminAccount {
  id: string
  email: string
  passwordHash: string
}

/** Who did something in the audit when no account did: the operator at the server's shell. */
export const commandLineActor = 'ligne de commande'

const emailPattern = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/

/** Emails are compared lower-case and without surrounding spaces, as people type them. */
export function normalizeEmail(email: string): string {
  return email.normalize('NFC').trim().toLowerCase()
}

export function isEmailAddress(email: string): boolean {
  return email.length <= 254 && emailPattern.test(email)
}

export async function findAccount(db: Sql, email: string): Promise<AdminAccount | undefined> {
  const [row] = await db.query<{ id: string; email: string; password_hash: string }>(
    'SELECT id, email, password_hash FROM admin_users WHERE email = $1',
    [normalizeEmail(email)],
  )
  return row && { id: row.id, email: row.email, passwordHash: row.password_hash }
}

/**
 * Creates the account, or gives an existing one a new password and closes its sessions: a reset
 * is what someone does who fears the old password is known.
 */
export async function saveAccount(
  db: Database,
  email: string,
  passwordHash: string,
): Promise<'created' | 'reset'> {
  const address = normalizeEmail(email)
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ id: string; created: boolean }>(
      `INSERT INTO admin_users (id, email, password_hash) VALUES ($1, $2, $3)
       ON CONFLICT (email) DO UPDATE
         SET password_hash = excluded.password_hash, password_changed_at = now()
       RETURNING id, (xmax = 0) AS created`,
      [randomUUID(), address, passwordHash],
    )
    if (!row) throw new Error('The account was not saved.')
    if (!row.created) await tx.query('DELETE FROM admin_sessions WHERE user_id = $1', [row.id])
    await tx.query(`INSERT INTO admin_audit (user_email, action, details) VALUES ($1, $2, $3)`, [
      commandLineActor,
      row.created ? 'account_created' : 'password_reset',
      JSON.stringify({ email: address }),
    ])
    return row.created ? 'created' : 'reset'
  })
}

/** Removes the account and its sessions; false when there was none. */
export async function removeAccount(db: Database, email: string): Promise<boolean> {
  const address = normalizeEmail(email)
  return db.transaction(async (tx) => {
    const removed = await tx.query('DELETE FROM admin_users WHERE email = $1 RETURNING id', [
      address,
    ])
    if (removed.length === 0) return false
    await tx.query(
      `INSERT INTO admin_audit (user_email, action, details) VALUES ($1, 'account_removed', $2)`,
      [commandLineActor, JSON.stringify({ email: address })],
    )
    return true
  })
}
