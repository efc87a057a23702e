/**
 * The back-office's account commands as the database runs them. The password never gets here:
 * the command line hashes it first (admin-cli.ts), so that it crosses no socket and reaches no
 * server log, only its hash does.
 */
import {
  isEmailAddress,
  normalizeEmail,
  removeAccount,
  saveAccount,
} from '../accounts/admin-accounts'
import { hashPassword, isPasswordHash, passwordProblem } from '../accounts/passwords'
import type { Database } from '../storage/database'

/** The first argument that sends the rest to these commands through the command socket. */
export const adminCommandPrefix = 'admin'

export type AdminCommand =
  | { command: 'add-user'; email: string; passwordHash: string }
  | { command: 'remove-user'; email: string }

/** Reads `add-user --email x --password-hash h` or `remove-user --email x`. */
export function parseAdminCommand(args: readonly string[]): AdminCommand {
  const [command, ...rest] = args
  const options = new Map<string, string>()
  for (let index = 0; index < rest.length; index += 2) {
    const [name = '', value] = [rest[index], rest[index + 1]]
    if (!/^--(email|password-hash)$/.test(name) || value === undefined) {
      throw new Error(`Unexpected argument "${name}".`)
    }
    options.set(name.slice(2), value)
  }
  const email = checkedEmail(options.get('email'))
  const passwordHash = options.get('password-hash')
  switch (command) {
    case 'add-user':
      if (!passwordHash || !isPasswordHash(passwordHash)) {
        throw new Error('add-user needs --password-hash with a hash this server made.')
      }
      return { command, email, passwordHash }
    case 'remove-user':
      if (passwordHash) throw new Error('remove-user takes --email only.')
      return { command, email }
    default:
      throw new Error(`Unknown command "${command ?? ''}": expected add-user or remove-user.`)
  }
}

export function checkedEmail(value: string | undefined): string {
  const email = normalizeEmail(value ?? '')
  if (!isEmailAddress(email)) throw new Error('Expected --email <address>.')
  return email
}

export async function runAdminCommand(db: Database, request: AdminCommand): Promise<string> {
  switch (request.command) {
    case 'add-user': {
      const outcome = await saveAccount(db, request.email, request.passwordHash)
      return outcome === 'created'
        ? `Account created for ${request.email}.\n`
        : `Password changed for ${request.email}; its open sessions are closed.\n`
    }
    case 'remove-user':
      if (!(await removeAccount(db, request.email))) {
        throw new Error(`There is no account for ${request.email}.`)
      }
      return `Account removed for ${request.email}; its open sessions are closed.\n`
  }
}

const usage =
  'Usage: npm run admin:add-user -- --email <address> --password-stdin\n' +
  '       npm run admin:remove-user -- --email <address>'

/**
 * The arguments typed (`add-user --email x --password-stdin`, `remove-user --email x`) turned into
 * those the command runs with: the password, asked for only once the rest is right, replaced by
 * its hash.
 */
export async function accountCommandArguments(
  args: readonly string[],
  password: () => Promise<string>,
): Promise<string[]> {
  const [command, ...rest] = args
  const emailAt = rest.indexOf('--email')
  const email = checkedEmail(emailAt === -1 ? undefined : rest[emailAt + 1])
  const others = rest.filter((_, index) => index !== emailAt && index !== emailAt + 1)
  if (command === 'remove-user' && others.length === 0) {
    return [adminCommandPrefix, command, '--email', email]
  }
  if (command === 'add-user' && others.length === 1 && others[0] === '--password-stdin') {
    const secret = await password()
    const problem = passwordProblem(secret)
    if (problem) throw new Error(problem)
    return [
      adminCommandPrefix,
      command,
      '--email',
      email,
      '--password-hash',
      await hashPassword(secret),
    ]
  }
  throw new Error(usage)
}
