import { randomUUID, scryptSync } from 'node:crypto'
import { saveAccount } from '../accounts/admin-accounts'
import type { Database } from '../storage/database'
import { openDatabase } from '../storage/open-database'
import { saveSubscription, type BrowserSubscription } from '../storage/push-subscriptions'

/**
 * A real scrypt hash made with N = 2^10 instead of 2^15, for tests that store accounts many times
 * and log in through them: the login checks it by the parameters it carries.
 */
export function quickPasswordHash(password: string): string {
  const salt = Buffer.from(randomUUID().replaceAll('-', ''), 'hex')
  const key = scryptSync(password, salt, 32, { N: 1024, r: 8, p: 1 })
  return `scrypt$10$8$1$${salt.toString('base64')}$${key.toString('base64')}`
}

export const adminPassword = 'un mot de passe assez long'

/** An account with an email no other test uses. */
export async function createAdmin(
  db: Database,
  password = adminPassword,
): Promise<{ email: string; password: string }> {
  const email = `courtier-${randomUUID().slice(0, 8)}@exemple.fr`
  await saveAccount(db, email, quickPasswordHash(password))
  return { email, password }
}

/**
 * An advisor's phone subscribed before the server starts, written straight into the database
 * named by `databaseUrl` or `dataDir` (the subscription API is tested elsewhere).
 */
export async function subscribeAdvisorDevice(
  where: { databaseUrl: string | undefined; dataDir: string },
  subscription: BrowserSubscription,
): Promise<void> {
  const db = await openDatabase(where)
  try {
    const { email } = await createAdmin(db)
    const [user] = await db.query<{ id: string }>('SELECT id FROM admin_users WHERE email = $1', [
      email,
    ])
    if (!user) throw new Error('The advisor was not saved.')
    await saveSubscription(db, user.id, subscription, 'Test')
  } finally {
    await db.close()
  }
}
