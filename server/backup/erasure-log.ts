/**
 * The erasure log: one line per erasure (and per retention purge) in `BACKUP_DIR/erasures.jsonl`,
 * kept outside the database so that restoring a dump taken before an erasure never brings the
 * person back (`restore` re-applies every line before the server starts again). It lives beside
 * the dumps, so that a restore on a new machine from the backup directory alone still has it, and
 * it travels off-site with them.
 *
 * Nothing in it is readable: the email and the phone are hashed, the lead ids are random UUIDs.
 * The hash is SHA-256 over a fixed prefix and the normalised value, without a secret: a restore on
 * a new machine must recognise the person from BACKUP_DIR alone. Whoever holds BACKUP_DIR holds the
 * dumps anyway, with every email and phone in clear; what the hash protects is the person erased
 * once the dumps that held them have been pruned. A phone number can be found again from its hash
 * by trying every number, so the log proves only that someone with a phone in hand was erased,
 * never who anyone erased was (docs/operations.md, "Backups", threat model).
 */
import { createHash } from 'node:crypto'
import { mkdir, open, readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Sql } from '../storage/database'

export const erasureLogName = 'erasures.jsonl'

/** Versioned, so that a later change of what is hashed never matches an older line by chance. */
const hashPrefix = 'assurance-leads erasure v1|'

/** `test_lead`: the going-live check's own lead, named by its id alone (check-cli.ts). */
export type ErasureReason = 'erasure' | 'retention' | 'test_lead'

export interface ErasureEntry {
  at: string
  reason: ErasureReason
  /** SHA-256 (hex) of `hashPrefix + "email|" + address`, the address as leads store it. */
  emails: string[]
  /** SHA-256 (hex) of `hashPrefix + "phone|" + number`, the number as leads store it. */
  phones: string[]
  leads: string[]
}

export interface ErasedPeople {
  reason: ErasureReason
  emails: readonly string[]
  phones: readonly string[]
  leadIds: readonly string[]
}

export interface ErasureLog {
  readonly file: string
  /**
   * Appends one line and syncs it to disk. Called inside the erasing transaction, before its
   * commit: a crash in between leaves a line for an erasure that did not happen, which a restore
   * then carries out (what the person asked for), never the reverse.
   */
  record(erased: ErasedPeople): Promise<void>
}

export function hashEmail(email: string): string {
  return sha256(`${hashPrefix}email|${email}`)
}

export function hashPhone(phone: string): string {
  return sha256(`${hashPrefix}phone|${phone}`)
}

function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex')
}

const unique = (values: readonly string[]) => [...new Set(values)]

/** The log in `backupDir`, created owner-only at its first line. */
export function erasureLogIn(backupDir: string, now: () => Date = () => new Date()): ErasureLog {
  const file = path.join(backupDir, erasureLogName)
  return {
    file,
    async record(erased) {
      const entry: ErasureEntry = {
        at: now().toISOString(),
        reason: erased.reason,
        emails: unique(erased.emails).map(hashEmail),
        phones: unique(erased.phones).map(hashPhone),
        leads: unique(erased.leadIds),
      }
      await mkdir(backupDir, { recursive: true, mode: 0o700 })
      const handle = await open(file, 'a', 0o600)
      try {
        await handle.chmod(0o600)
        await handle.appendFile(`${JSON.stringify(entry)}\n`)
        await handle.sync()
      } finally {
        await handle.close()
      }
    },
  }
}

/** Every line of the log, oldest first; none when there is no log yet. */
export async function readErasureLog(file: string): Promise<ErasureEntry[]> {
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return ''
    throw error
  })
  const entries: ErasureEntry[] = []
  const lines = text.split('\n')
  for (const [index, line] of lines.entries()) {
    if (line.trim() === '') continue
    let entry: ErasureEntry
    try {
      entry = JSON.parse(line) as ErasureEntry
    } catch {
      // A last line without its newline was cut by a crash mid-write: its erasure never committed.
      if (index === lines.length - 1) continue
      throw new Error(`${file}, line ${index + 1}, is not JSON: fix or remove that line.`)
    }
    if (
      !Array.isArray(entry.leads) ||
      !Array.isArray(entry.emails) ||
      isNaN(Date.parse(entry.at))
    ) {
      throw new Error(`${file}, line ${index + 1}, is not an erasure entry.`)
    }
    entries.push(entry)
  }
  return entries
}

/** SQL computing `hashEmail` of a column, so that matching stays in the database. */
const hashedEmailSql = (column: string) =>
  `encode(sha256(convert_to('${hashPrefix}email|' || ${column}, 'UTF8')), 'hex')`

/**
 * Carries out every erasure of the log on a restored database: the leads it named (their
 * deliveries, calls and history go with them), the leads of those emails received before it, and
 * the emails' contact rows once no lead is left. A person who came back after their erasure keeps
 * the leads sent since. Returns how many leads were deleted.
 */
export async function reapplyErasures(db: Sql, entries: readonly ErasureEntry[]): Promise<number> {
  let deleted = 0
  for (const entry of entries) {
    const rows = await db.query(
      `DELETE FROM leads
       WHERE id = ANY($1::uuid[])
          OR (${hashedEmailSql('email')} = ANY($2::text[]) AND received_at <= $3)
       RETURNING id`,
      [entry.leads, entry.emails, entry.at],
    )
    deleted += rows.length
    await db.query(
      `DELETE FROM contacts AS c
       WHERE ${hashedEmailSql('c.email')} = ANY($1::text[])
         AND NOT EXISTS (SELECT 1 FROM leads AS l WHERE l.email = c.email)`,
      [entry.emails],
    )
  }
  return deleted
}
