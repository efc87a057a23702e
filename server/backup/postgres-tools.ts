/**
 * PostgreSQL's own client programs, `pg_dump` and `psql`, for backups of a PostgreSQL database:
 * pg_dump refuses a server of a newer major version than its own, so the one matching the server
 * is looked for first where Debian installs each version (/usr/lib/postgresql/<major>/bin), then
 * on PATH. The connection string reaches them without its password, which goes in PGPASSWORD:
 * a command line is readable by every user of the machine (`ps`).
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import type { Sql } from '../storage/database'

export interface PostgresTool {
  command: string
  major: number
}

/** The server's major version (15 for 15.8). */
export async function serverMajor(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 })
  await client.connect()
  try {
    const { rows } = await client.query<{ server_version_num: string }>('SHOW server_version_num')
    return Math.floor(Number(rows[0]?.server_version_num) / 10_000)
  } finally {
    await client.end()
  }
}

function majorOf(command: string): number | undefined {
  const result = spawnSync(command, ['--version'], { encoding: 'utf8' })
  const match = /\(PostgreSQL\) (\d+)/.exec(result.stdout ?? '')
  return result.status === 0 && match?.[1] ? Number(match[1]) : undefined
}

/** `pg_dump` or `psql` of at least the server's major version, or a clear error saying what to install. */
export function findPostgresTool(name: 'pg_dump' | 'psql', major: number): PostgresTool {
  const candidates = [path.join('/usr/lib/postgresql', String(major), 'bin', name), name]
  for (const command of candidates) {
    if (command.includes('/') && !existsSync(command)) continue
    const found = majorOf(command)
    if (found !== undefined && found >= major) return { command, major: found }
  }
  throw new Error(
    `${name} ${major} or newer is needed for this PostgreSQL ${major} server, and none was found. ` +
      `On Debian or Ubuntu: sudo apt-get install postgresql-client-${major} ` +
      '(from apt.postgresql.org when the distribution has an older version), ' +
      'or put the directory of a recent enough one first in PATH.',
  )
}

/** The connection string without its password, and the environment carrying it. */
export function connectionFor(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url)
  const password = decodeURIComponent(parsed.password)
  parsed.password = ''
  return {
    dbname: parsed.toString(),
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  }
}

/** How many tables, sequences, views and functions of our own a database holds. */
export async function objectsIn(db: Sql): Promise<number> {
  const [row] = await db.query<{ count: number }>(
    `SELECT (SELECT count(*) FROM pg_class AS c JOIN pg_namespace AS n ON n.oid = c.relnamespace
             WHERE n.nspname NOT IN ('pg_catalog', 'information_schema')
               AND n.nspname NOT LIKE 'pg\\_toast%' AND n.nspname NOT LIKE 'pg\\_temp%')
          + (SELECT count(*) FROM pg_proc AS p JOIN pg_namespace AS n ON n.oid = p.pronamespace
             WHERE n.nspname NOT IN ('pg_catalog', 'information_schema'))::int AS count`,
  )
  return Number(row?.count ?? 0)
}

export function notEmptyDatabaseError(count: number): Error {
  return new Error(
    `The database of DATABASE_URL is not empty (${count} tables, sequences or functions): ` +
      'this command only fills an empty database. Create a new one (createdb) and point ' +
      'DATABASE_URL at it, or empty this one yourself if you are sure it holds nothing to keep.',
  )
}
