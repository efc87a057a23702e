import type { ErasureLog } from '../backup/erasure-log'
import type { Database } from '../storage/database'
import { adminCommandPrefix, parseAdminCommand, runAdminCommand } from './admin-commands'
import { leadCommandOutput, parseCommandLine } from './lead-commands'

/** What every command may need beside the database. */
export interface CommandContext {
  /** Where erasures and purges are recorded (BACKUP_DIR/erasures.jsonl). */
  erasures: ErasureLog
}

/**
 * `npm run backup`'s request to a running server holding the embedded database: the dump, as
 * plain SQL in pieces (server/backup/backup.ts writes them to BACKUP_DIR).
 */
export const dumpCommand = 'dump-database'

/** Pieces small enough for one line of the command socket each. */
const dumpPieceChars = 256 * 1024

async function* dumpPieces(db: Database): AsyncGenerator<string> {
  if (!db.dump) throw new Error('Only the embedded database is dumped by the server.')
  const text = await db.dump()
  for (let start = 0; start < text.length; start += dumpPieceChars) {
    yield text.slice(start, start + dumpPieceChars)
  }
}

/**
 * What a command prints, from its command-line arguments: the lead commands, the account
 * commands after `admin`, or the dump. The same for a command run here and one the server runs
 * for it.
 */
export async function* commandOutput(
  db: Database,
  args: readonly string[],
  context: CommandContext,
): AsyncGenerator<string> {
  if (args[0] === adminCommandPrefix) {
    yield await runAdminCommand(db, parseAdminCommand(args.slice(1)))
  } else if (args[0] === dumpCommand && args.length === 1) {
    yield* dumpPieces(db)
  } else {
    yield* leadCommandOutput(db, parseCommandLine(args).request, context.erasures)
  }
}

/** The command's name for a log line: never its arguments, which hold emails and hashes. */
export function commandName(args: readonly string[]): string {
  return args.slice(0, args[0] === adminCommandPrefix ? 2 : 1).join(' ')
}
