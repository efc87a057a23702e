/**
 * The operator's commands on stored leads. No HTTP route reads leads: these run from a shell on
 * the server, directly on the database or, for the embedded one, through the running server.
 */
import type { ErasureLog } from '../backup/erasure-log'
import { replayDeliveries, undoneDeliveries } from '../delivery/deliveries'
import { erasePerson, eraseTraces } from '../privacy/erase-person'
import { leadIdPattern } from '../storage/lead-store'
import { exportLeadsCsv, leadsCsvChunks } from '../privacy/export-csv'
import { purgeExpired, retentionYears } from '../privacy/retention'
import type { Database, Sql } from '../storage/database'
import { eraseTestLead, testLeadReport } from '../storage/test-lead'
import { funnelRetentionMonths } from '../storage/funnel-counts'
import { defaultStatsDays, funnelStats, maxStatsDays, type StatsOptions } from './funnel-stats'

export type LeadCommand =
  | { command: 'export'; email?: string }
  | { command: 'erase'; email: string }
  | { command: 'purge' }
  | { command: 'deliveries' }
  | { command: 'replay'; lead: string }
  | { command: 'replay'; parked: true; destination?: string }
  | ({ command: 'stats' } & StatsOptions)
  /** `npm run check`'s own: its test lead's deliveries as JSON, then the lead erased. */
  | { command: 'test-lead' | 'erase-test-lead'; lead: string }

/** One line per delivery not done yet, in columns. */
async function listDeliveries(db: Sql): Promise<string> {
  const rows = await undoneDeliveries(db)
  if (rows.length === 0) return 'Every delivery is done.\n'
  const header = ['lead', 'destination', 'event', 'state', 'attempts', 'age', 'last error']
  const table = [
    header,
    ...rows.map((row) => [
      row.leadId,
      row.destination,
      row.event,
      row.state,
      String(row.attempts),
      formatAge(row.ageSeconds),
      row.lastError ?? '',
    ]),
  ]
  const widths = header.map((_, column) =>
    Math.max(...table.map((line) => line[column]?.length ?? 0)),
  )
  const lines = table.map((line) =>
    line
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd(),
  )
  return `${lines.join('\n')}\n`
}

function formatAge(seconds: number): string {
  if (seconds < 120) return `${seconds} s`
  if (seconds < 7_200) return `${Math.floor(seconds / 60)} min`
  if (seconds < 172_800) return `${Math.floor(seconds / 3_600)} h`
  return `${Math.floor(seconds / 86_400)} d`
}

/** Runs one command and returns what it prints; erasures (and purges) go to `erasures` too. */
export async function runLeadCommand(
  db: Database,
  request: LeadCommand,
  erasures: ErasureLog,
): Promise<string> {
  switch (request.command) {
    case 'export':
      return exportLeadsCsv(db, { email: request.email })
    case 'erase': {
      const count = await db.transaction((tx) => erasePerson(tx, request.email, erasures))
      await eraseTraces(db)
      return (
        `Erased ${count} lead(s) for that email address.\n` +
        'Copies already forwarded to LEAD_FORWARD_URL must be erased there too.\n'
      )
    }
    case 'purge': {
      const deleted = await purgeExpired(db, erasures)
      return (
        `Deleted ${deleted.leads} lead(s) with no interaction for ${retentionYears} years.\n` +
        `Deleted ${deleted.funnelCounts} funnel count(s) older than ${funnelRetentionMonths} months.\n`
      )
    }
    case 'deliveries':
      return listDeliveries(db)
    case 'replay': {
      const count = await replayDeliveries(
        db,
        'lead' in request
          ? { leadId: request.lead }
          : { parked: true, destination: request.destination },
      )
      return `Put ${count} delivery(ies) back in the queue.\n`
    }
    case 'stats':
      return funnelStats(db, request)
    case 'test-lead':
      return `${JSON.stringify(await testLeadReport(db, request.lead))}\n`
    case 'erase-test-lead':
      return `${JSON.stringify({ erased: await eraseTestLead(db, request.lead, erasures) })}\n`
  }
}

/** What a command prints, in pieces: the export streams batch by batch, the others print at once. */
export async function* leadCommandOutput(
  db: Database,
  request: LeadCommand,
  erasures: ErasureLog,
): AsyncGenerator<string> {
  if (request.command === 'export') yield* leadsCsvChunks(db, { email: request.email })
  else yield await runLeadCommand(db, request, erasures)
}

const daysError = `--days needs a whole number of days from 1 to ${maxStatsDays}.`

export interface CommandLine {
  request: LeadCommand
  /** File to write the output to instead of standard output. */
  out?: string
}

/**
 * Reads `export [--email x] [--out file]`, `erase --email x`, `purge`, `deliveries`,
 * `replay --lead ID`, `replay --parked [--destination NAME]` or
 * `stats [--days N] [--json] [--by-ad] [--total]` from arguments.
 */
export function parseCommandLine(args: readonly string[]): CommandLine {
  const [command, ...rest] = args
  const options = new Map<string, string>()
  for (let index = 0; index < rest.length; index += 1) {
    const name = rest[index] ?? ''
    if (/^--(parked|json|by-ad|total)$/.test(name)) {
      options.set(name.slice(2), 'true')
      continue
    }
    const value = rest[index + 1]
    if (name === '--days' && value === undefined) throw new Error(daysError)
    if (!/^--(email|out|lead|destination|days)$/.test(name) || value === undefined) {
      throw new Error(`Unexpected argument "${name}".`)
    }
    options.set(name.slice(2), value)
    index += 1
  }
  const email = options.get('email')?.trim()
  const out = options.get('out')
  const withOut = (request: LeadCommand): CommandLine => (out ? { request, out } : { request })
  if (command !== 'stats' && ['json', 'by-ad', 'days', 'total'].some((name) => options.has(name))) {
    throw new Error('--days, --json, --by-ad and --total go with the stats command only.')
  }
  switch (command) {
    case 'export':
      return withOut(email ? { command, email } : { command })
    case 'erase':
      if (!email || !email.includes('@')) throw new Error('erase needs --email <address>.')
      return withOut({ command, email })
    case 'purge':
    case 'deliveries':
      return withOut({ command })
    case 'replay': {
      const lead = options.get('lead')?.trim().toLowerCase()
      const destination = options.get('destination')?.trim()
      if (lead && leadIdPattern.test(lead)) return withOut({ command, lead })
      if (options.has('parked')) {
        return withOut(
          destination ? { command, parked: true, destination } : { command, parked: true },
        )
      }
      throw new Error('replay needs --lead <lead id> or --parked [--destination <name>].')
    }
    case 'test-lead':
    case 'erase-test-lead': {
      const lead = options.get('lead')?.trim().toLowerCase()
      if (!lead || !leadIdPattern.test(lead)) throw new Error(`${command} needs --lead <lead id>.`)
      return withOut({ command, lead })
    }
    case 'stats': {
      const days = options.get('days')?.trim() ?? String(defaultStatsDays)
      if (!/^\d{1,4}$/.test(days) || Number(days) < 1 || Number(days) > maxStatsDays) {
        throw new Error(daysError)
      }
      return withOut({
        command,
        days: Number(days),
        json: options.has('json'),
        byAd: options.has('by-ad'),
        ...(options.has('total') ? { total: true } : {}),
      })
    }
    default:
      throw new Error(
        `Unknown command "${command ?? ''}": expected export, erase, purge, deliveries, replay or stats.`,
      )
  }
}
