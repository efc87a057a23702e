import type { Database } from '../storage/database'
import { adminCommandPrefix, parseAdminCommand, runAdminCommand } from './admin-commands'
import { leadCommandOutput, parseCommandLine } from './lead-commands'

/**
 * What a command prints, from its command-line arguments: the lead commands, or the account
 * commands after `admin`. The same for a command run here and one the server runs for it.
 */
export async function* commandOutput(
  db: Database,
  args: readonly string[],
): AsyncGenerator<string> {
  if (args[0] === adminCommandPrefix) {
    yield await runAdminCommand(db, parseAdminCommand(args.slice(1)))
  } else {
    yield* leadCommandOutput(db, parseCommandLine(args).request)
  }
}

/** The command's name for a log line: never its arguments, which hold emails and hashes. */
export function commandName(args: readonly string[]): string {
  return args.slice(0, args[0] === adminCommandPrefix ? 2 : 1).join(' ')
}
