/**
 * The operator's commands on stored leads. No HTTP route reads leads: these run from a shell on
 * the server, directly on the database or, for the embedded one, through the running server.
 */
import { erasePerson } from '../privacy/erase-person'
import { exportLeadsCsv } from '../privacy/export-csv'
import { purgeExpiredLeads, retentionYears } from '../privacy/retention'
import type { Sql } from '../storage/database'

export type LeadCommand =
  { command: 'export'; email?: string } | { command: 'erase'; email: string } | { command: 'purge' }

/** Runs one command and returns what it prints. */
export async function runLeadCommand(db: Sql, request: LeadCommand): Promise<string> {
  switch (request.command) {
    case 'export':
      return exportLeadsCsv(db, { email: request.email })
    case 'erase': {
      const count = await erasePerson(db, request.email)
      return (
        `Erased ${count} lead(s) for that email address.\n` +
        'Copies already forwarded to LEAD_FORWARD_URL must be erased there too.\n'
      )
    }
    case 'purge': {
      const count = await purgeExpiredLeads(db)
      return `Deleted ${count} lead(s) with no interaction for ${retentionYears} years.\n`
    }
  }
}

export interface CommandLine {
  request: LeadCommand
  /** File to write the output to instead of standard output. */
  out?: string
}

/** Reads `export [--email x] [--out file]`, `erase --email x` or `purge` from arguments. */
export function parseCommandLine(args: readonly string[]): CommandLine {
  const [command, ...rest] = args
  const options = new Map<string, string>()
  for (let index = 0; index < rest.length; index += 2) {
    const [name = '', value] = rest.slice(index, index + 2)
    if (!/^--(email|out)$/.test(name) || value === undefined) {
      throw new Error(`Unexpected argument "${name}".`)
    }
    options.set(name.slice(2), value)
  }
  const email = options.get('email')?.trim()
  const out = options.get('out')
  const withOut = (request: LeadCommand): CommandLine => (out ? { request, out } : { request })
  switch (command) {
    case 'export':
      return withOut(email ? { command, email } : { command })
    case 'erase':
      if (!email || !email.includes('@')) throw new Error('erase needs --email <address>.')
      return withOut({ command, email })
    case 'purge':
      return withOut({ command })
    default:
      throw new Error(`Unknown command "${command ?? ''}": expected export, erase or purge.`)
  }
}
