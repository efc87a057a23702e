import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { verifyPassword } from '../accounts/passwords'
import { quickPasswordHash } from '../test-support/admin-fixtures'
import { databaseKinds } from '../test-support/test-databases'
import { useTestRelay } from '../test-support/test-relay'
import { accountCommandArguments, parseAdminCommand } from './admin-commands'
import { commandName, commandOutput } from './commands'

const never = () => Promise.reject(new Error('the password was asked for'))

describe('accountCommandArguments', () => {
  it('replaces the password read from standard input by its hash', async () => {
    const args = await accountCommandArguments(
      ['add-user', '--email', ' Claire@Courtier.FR ', '--password-stdin'],
      async () => 'un mot de passe assez long',
    )
    expect(args.slice(0, 5)).toEqual([
      'admin',
      'add-user',
      '--email',
      'claire@courtier.fr',
      '--password-hash',
    ])
    expect(args.join(' ')).not.toContain('mot de passe')
    expect(await verifyPassword('un mot de passe assez long', args[5]!)).toBe(true)
    expect(parseAdminCommand(args.slice(1))).toEqual({
      command: 'add-user',
      email: 'claire@courtier.fr',
      passwordHash: args[5],
    })
  }, 30_000)

  it('refuses a password shorter than 12 characters', async () => {
    await expect(
      accountCommandArguments(
        ['add-user', '--email', 'a@courtier.fr', '--password-stdin'],
        async () => 'trop court',
      ),
    ).rejects.toThrow('The password must be at least 12 characters long.')
  })

  it('refuses a common password before hashing it', async () => {
    await expect(
      accountCommandArguments(
        ['add-user', '--email', 'a@courtier.fr', '--password-stdin'],
        async () => 'Qwerty123456',
      ),
    ).rejects.toThrow('This password is one of the most common ones')
  })

  it.each([
    [['add-user', '--email', 'a@courtier.fr']],
    [['add-user', '--email', 'a@courtier.fr', '--password', 'en clair sur la ligne']],
    [['remove-user', '--email', 'a@courtier.fr', '--password-stdin']],
    [['delete-user', '--email', 'a@courtier.fr']],
  ])('refuses %j with the usage, without asking for a password', async (args) => {
    await expect(accountCommandArguments(args, never)).rejects.toThrow(/^Usage: npm run admin/)
  })

  it.each([[['add-user', '--password-stdin']], [['remove-user', '--email', 'pas-une-adresse']]])(
    'refuses %j for want of an address',
    async (args) => {
      await expect(accountCommandArguments(args, never)).rejects.toThrow('Expected --email')
    },
  )

  it('reads remove-user, and names commands in logs without their arguments', async () => {
    const args = await accountCommandArguments(['remove-user', '--email', 'A@b.fr'], never)
    expect(args).toEqual(['admin', 'remove-user', '--email', 'a@b.fr'])
    expect(commandName(args)).toBe('admin remove-user')
    expect(commandName(['export', '--email', 'a@b.fr'])).toBe('export')
  })
})

describe('parseAdminCommand', () => {
  it('takes only a hash this server made, never a password', () => {
    expect(() =>
      parseAdminCommand(['add-user', '--email', 'a@b.fr', '--password-hash', 'motdepasse123']),
    ).toThrow(/needs --password-hash/)
    expect(() => parseAdminCommand(['add-user', '--email', 'a@b.fr', '--password', 'x'])).toThrow(
      'Unexpected argument "--password".',
    )
  })
})

describe.each(databaseKinds())('account commands on the %s database', (kind) => {
  const relay = useTestRelay(kind)

  async function run(args: string[]): Promise<string> {
    let output = ''
    for await (const chunk of commandOutput(relay().db, args, relay())) output += chunk
    return output
  }

  it('creates an account, resets its password closing its sessions, then removes it', async () => {
    const email = `courtier-${randomUUID().slice(0, 8)}@exemple.fr`
    const first = quickPasswordHash('premier mot de passe')
    expect(await run(['admin', 'add-user', '--email', email, '--password-hash', first])).toBe(
      `Account created for ${email}.\n`,
    )
    const [account] = await relay().db.query<{ id: string; password_hash: string }>(
      'SELECT id, password_hash FROM admin_users WHERE email = $1',
      [email],
    )
    expect(account?.password_hash).toBe(first)
    await relay().db.query(
      `INSERT INTO admin_sessions (token_hash, user_id) VALUES ('a', $1), ('b', $1)`,
      [account!.id],
    )

    const second = quickPasswordHash('second mot de passe')
    const upper = email.toUpperCase()
    expect(await run(['admin', 'add-user', '--email', upper, '--password-hash', second])).toBe(
      `Password changed for ${email}; its open sessions are closed.\n`,
    )
    const accounts = await relay().db.query<{ id: string; password_hash: string }>(
      'SELECT id, password_hash FROM admin_users WHERE lower(email) = lower($1)',
      [upper],
    )
    expect(accounts).toEqual([{ id: account!.id, password_hash: second }])
    expect(
      await relay().db.query('SELECT 1 FROM admin_sessions WHERE user_id = $1', [account!.id]),
    ).toEqual([])

    await relay().db.query(`INSERT INTO admin_sessions (token_hash, user_id) VALUES ('c', $1)`, [
      account!.id,
    ])
    expect(await run(['admin', 'remove-user', '--email', email])).toBe(
      `Account removed for ${email}; its open sessions are closed.\n`,
    )
    expect(await relay().db.query('SELECT 1 FROM admin_users WHERE email = $1', [email])).toEqual(
      [],
    )
    expect(await relay().db.query(`SELECT 1 FROM admin_sessions WHERE token_hash = 'c'`)).toEqual(
      [],
    )
    await expect(run(['admin', 'remove-user', '--email', email])).rejects.toThrow(
      `There is no account for ${email}.`,
    )

    const audit = await relay().db.query<{ user_email: string; action: string; details: unknown }>(
      `SELECT user_email, action, details FROM admin_audit WHERE details ->> 'email' = $1
       ORDER BY id`,
      [email],
    )
    expect(audit).toEqual(
      ['account_created', 'password_reset', 'account_removed'].map((action) => ({
        user_email: 'ligne de commande',
        action,
        details: { email },
      })),
    )
  })

  it('runs the lead commands as before', async () => {
    expect(await run(['deliveries'])).toMatch(/^(Every delivery is done\.|lead\s)/)
  })
})
