/**
 * `npm run leads:move-to-postgres`: every table of the embedded database (DATA_DIR) copied into
 * the empty PostgreSQL database of DATABASE_URL, in one transaction, then each table counted on
 * both sides. Rows are copied as they are, so a delivery still pending stays pending and the
 * server started on PostgreSQL delivers it. The embedded database is left in place: the operator
 * removes it once the server runs on PostgreSQL and the leads are there.
 */
import type { ServerConfig } from '../config'
import { secureDataDir } from '../storage/data-dir'
import type { Database, Sql } from '../storage/database'
import { EmbeddedDatabaseBusyError } from '../storage/embedded-lock'
import { migrate } from '../storage/migrations'
import { openDatabase } from '../storage/open-database'
import { openPostgresDatabase } from '../storage/postgres-database'
import { notEmptyDatabaseError, objectsIn } from './postgres-tools'

export interface TableCount {
  table: string
  embedded: number
  postgres: number
}

/** Rows per INSERT: one JSON parameter each, well under PostgreSQL's limits. */
const rowsPerInsert = 500

export async function moveToPostgres(
  config: Pick<ServerConfig, 'databaseUrl' | 'dataDir'>,
): Promise<TableCount[]> {
  if (!config.databaseUrl) {
    throw new Error(
      'DATABASE_URL is not set: set it to the new, empty PostgreSQL database, then run the move again.',
    )
  }
  const target = openPostgresDatabase(config.databaseUrl, { maxConnections: 2 })
  try {
    const count = await objectsIn(target)
    if (count > 0) throw notEmptyDatabaseError(count)
    await secureDataDir(config.dataDir)
    const source = await openDatabase({ databaseUrl: undefined, dataDir: config.dataDir }).catch(
      (error: unknown) => {
        if (!(error instanceof EmbeddedDatabaseBusyError)) throw error
        throw new Error(
          `The server is running on the embedded database in ${config.dataDir}: stop it first ` +
            '(sudo systemctl stop assurance-leads), or leads it accepts during the move would stay behind.',
        )
      },
    )
    try {
      await migrate(target)
      const tables = await tablesInCopyOrder(source)
      const targetTables = new Set(await tableNames(target))
      const missing = tables.filter((table) => !targetTables.has(table))
      if (missing.length > 0) throw new Error(`PostgreSQL lacks the tables ${missing.join(', ')}.`)
      await target
        .transaction(async (tx) => {
          // Rows the migrations wrote (a health row, the migrations' own) make way for the copy's.
          await tx.query(`TRUNCATE ${tables.map(quoted).join(', ')}`)
          for (const table of tables) await copyTable(source, tx, table)
          await resetIdentities(tx, tables)
        })
        .catch((error: unknown) => {
          throw new Error(
            `The copy failed and was undone (${error instanceof Error ? error.message : String(error)}). ` +
              'PostgreSQL now holds the empty tables: drop and create the database again (dropdb, ' +
              'createdb), then run the move again.',
          )
        })
      return await countBoth(source, target, tables)
    } finally {
      await source.close()
    }
  } finally {
    await target.close()
  }
}

function quoted(name: string): string {
  return `"${name.replaceAll('"', '""')}"`
}

async function tableNames(db: Sql): Promise<string[]> {
  const rows = await db.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables
     WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  )
  return rows.map((row) => row.table_name)
}

/** Every table, each after the tables its foreign keys point to. */
async function tablesInCopyOrder(db: Sql): Promise<string[]> {
  const tables = await tableNames(db)
  const references = await db.query<{ child: string; parent: string }>(
    `SELECT c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent
     FROM pg_constraint AS c JOIN pg_namespace AS n ON n.oid = c.connamespace
     WHERE c.contype = 'f' AND n.nspname = 'public'`,
  )
  const ordered: string[] = []
  const visit = (table: string, path: readonly string[]) => {
    if (ordered.includes(table) || path.includes(table)) return
    for (const reference of references) {
      if (reference.child === table && reference.parent !== table) {
        visit(reference.parent, [...path, table])
      }
    }
    ordered.push(table)
  }
  for (const table of tables) visit(table, [])
  return ordered
}

/**
 * Each row travels as JSON text and is rebuilt by PostgreSQL from it, column by column
 * (json_populate_recordset): dates, amounts, bytes and JSON come out as they went in, whatever
 * the client library would make of them.
 */
async function copyTable(source: Sql, target: Sql, table: string): Promise<void> {
  const rows = await source.query<{ row: string }>(
    `SELECT row_to_json(t)::text AS row FROM ${quoted(table)} AS t`,
  )
  for (let start = 0; start < rows.length; start += rowsPerInsert) {
    const batch = rows.slice(start, start + rowsPerInsert).map((row) => row.row)
    await target.query(
      `INSERT INTO ${quoted(table)} OVERRIDING SYSTEM VALUE
       SELECT * FROM json_populate_recordset(NULL::${quoted(table)}, $1::json)`,
      [`[${batch.join(',')}]`],
    )
  }
}

/** Identity columns start again after the highest id copied, as they would have in the source. */
async function resetIdentities(db: Sql, tables: readonly string[]): Promise<void> {
  const columns = await db.query<{ table_name: string; column_name: string }>(
    `SELECT table_name, column_name FROM information_schema.columns
     WHERE table_schema = 'public' AND table_name = ANY($1::text[])
       AND (is_identity = 'YES' OR column_default LIKE 'nextval(%')`,
    [tables],
  )
  for (const { table_name: table, column_name: column } of columns) {
    await db.query(
      `SELECT setval(pg_get_serial_sequence($1, $2), coalesce(max(${quoted(column)}), 0) + 1, false)
       FROM ${quoted(table)}`,
      [quoted(table), column],
    )
  }
}

async function countBoth(
  source: Database,
  target: Database,
  tables: readonly string[],
): Promise<TableCount[]> {
  const countIn = async (db: Sql, table: string) => {
    const [row] = await db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM ${quoted(table)}`,
    )
    return row?.count ?? 0
  }
  const counts: TableCount[] = []
  for (const table of [...tables].sort()) {
    counts.push({
      table,
      embedded: await countIn(source, table),
      postgres: await countIn(target, table),
    })
  }
  return counts
}
