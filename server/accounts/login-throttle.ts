/**
 * Slows down, then locks, logins that keep failing: per account and per client address, counted
 * in the database so that every instance sees the same figures and a restart forgets nothing.
 * An attempt counts as a failure from the moment it starts, and is taken back if the password was
 * right: attempts sent in parallel cannot slip past the limit while their passwords are checked.
 * Emails that have no account are counted as well, so that a lock tells nothing of which exist.
 * A device that logged in to the account before (device-cookies.ts) is counted on its own, and
 * neither the account's lock nor the address's holds it back: they are there for guessers, and
 * would otherwise let anyone lock the account's owner out.
 */
import { createHmac } from 'node:crypto'
import type { Sql } from '../storage/database'

export interface ThrottlePolicy {
  /** Failures within `windowMinutes` that lock the key. */
  limit: number
  windowMinutes: number
  lockMinutes: number
  /** From this failure on, each failed answer waits, twice longer each time, up to 4 s. */
  slowFrom: number
}

/**
 * Five guesses per quarter hour allow a broker two typos and a forgotten caps lock, and an
 * attacker at most 480 guesses a day on one account. An office shares one address among a few
 * people: twenty. A known device gets the account's allowance for itself alone.
 */
export const loginThrottlePolicies = {
  account: { limit: 5, windowMinutes: 15, lockMinutes: 15, slowFrom: 3 },
  address: { limit: 20, windowMinutes: 15, lockMinutes: 15, slowFrom: 10 },
  device: { limit: 5, windowMinutes: 15, lockMinutes: 15, slowFrom: 3 },
} as const satisfies Record<string, ThrottlePolicy>

export type ThrottleVerdict =
  | { locked: true; retryAfterSeconds: number }
  | { locked: false; fail(): Promise<FailureVerdict>; succeed(): Promise<void> }

export type FailureVerdict =
  { locked: true; retryAfterSeconds: number } | { locked: false; delayMs: number }

export function slowDownMs(failures: number, policy: ThrottlePolicy): number {
  if (failures < policy.slowFrom) return 0
  return Math.min(4_000, 1_000 * 2 ** (failures - policy.slowFrom))
}

interface Key {
  key: string
  policy: ThrottlePolicy
  /** On success: forget its failures (the account's, the device's), or take the attempt back. */
  onSuccess: 'forget' | 'takeBack'
}

export interface LoginThrottle {
  /**
   * Counts an attempt for the account and the address, or for `device` alone when it is one
   * that logged in to the account before; refuses it when one of them is locked.
   */
  begin(account: string, address: string, device?: string): Promise<ThrottleVerdict>
}

export function createLoginThrottle(
  db: Sql,
  secret: string,
  policies: Record<keyof typeof loginThrottlePolicies, ThrottlePolicy> = loginThrottlePolicies,
): LoginThrottle {
  // A keyed hash: the table holds no email and no address, and guessing one back needs the secret.
  const keyOf = (kind: string, value: string) =>
    createHmac('sha256', secret).update(`admin-login:${kind}:${value}`).digest('hex')

  async function lockedFor(keys: Key[]): Promise<number> {
    const [row] = await db.query<{ seconds: number | null }>(
      `SELECT ceil(extract(epoch FROM max(locked_until) - now()))::integer AS seconds
       FROM admin_login_throttle WHERE key = ANY($1::text[]) AND locked_until > now()`,
      [keys.map((entry) => entry.key)],
    )
    return Math.max(1, row?.seconds ?? 1)
  }

  return {
    async begin(account, address, device) {
      const keys: Key[] =
        device === undefined
          ? [
              { key: keyOf('account', account), policy: policies.account, onSuccess: 'forget' },
              { key: keyOf('address', address), policy: policies.address, onSuccess: 'takeBack' },
            ]
          : [{ key: keyOf('device', device), policy: policies.device, onSuccess: 'forget' }]
      await db.query(
        `DELETE FROM admin_login_throttle
         WHERE window_started_at < now() - make_interval(mins => $1)
           AND (locked_until IS NULL OR locked_until < now())`,
        [Math.max(...keys.map((entry) => entry.policy.windowMinutes))],
      )
      const counted: (number | undefined)[] = []
      for (const { key, policy } of keys) {
        // A locked key is left as it is (the WHERE), and so comes back in no row.
        const [row] = await db.query<{ failures: number }>(
          `INSERT INTO admin_login_throttle AS t (key, failures, window_started_at)
           VALUES ($1, 1, now())
           ON CONFLICT (key) DO UPDATE SET
             failures = CASE WHEN t.window_started_at > now() - make_interval(mins => $2)
                             THEN t.failures + 1 ELSE 1 END,
             window_started_at = CASE WHEN t.window_started_at > now() - make_interval(mins => $2)
                                      THEN t.window_started_at ELSE now() END,
             locked_until = NULL
           WHERE t.locked_until IS NULL OR t.locked_until <= now()
           RETURNING t.failures`,
          [key, policy.windowMinutes],
        )
        counted.push(row?.failures)
      }
      const failures = counted.map((count) => count ?? Infinity)
      // Locked, or beyond the limit with the attempt that reaches it still being checked.
      if (keys.some((entry, index) => (failures[index] ?? 0) > entry.policy.limit)) {
        return { locked: true, retryAfterSeconds: await lockedFor(keys) }
      }
      return {
        locked: false,
        async fail() {
          const reached = keys.filter(
            (entry, index) => (failures[index] ?? 0) >= entry.policy.limit,
          )
          if (reached.length > 0) {
            for (const entry of reached) {
              await db.query(
                `UPDATE admin_login_throttle
                 SET locked_until = now() + make_interval(mins => $2), failures = 0,
                     window_started_at = now()
                 WHERE key = $1`,
                [entry.key, entry.policy.lockMinutes],
              )
            }
            return { locked: true, retryAfterSeconds: await lockedFor(keys) }
          }
          const delays = keys.map((entry, index) => slowDownMs(failures[index] ?? 0, entry.policy))
          return { locked: false, delayMs: Math.max(...delays) }
        },
        async succeed() {
          for (const { key, onSuccess } of keys) {
            await db.query(
              onSuccess === 'forget'
                ? 'DELETE FROM admin_login_throttle WHERE key = $1'
                : 'UPDATE admin_login_throttle SET failures = greatest(failures - 1, 0) WHERE key = $1',
              [key],
            )
          }
        },
      }
    },
  }
}
