/**
 * `npm run backup`, `npm run restore -- FILE` and `npm run leads:move-to-postgres`: the database's
 * backups and its move from the embedded database to PostgreSQL (docs/operations.md, "Backups").
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import { ConfigError, loadConfig } from '../config'
import { backupDatabase } from './backup'
import { moveToPostgres, type TableCount } from './move-to-postgres'
import { restoreBackup } from './restore'

const usage = 'Usage: backup | restore <backup file> | move-to-postgres'

async function backup(): Promise<void> {
  const config = loadConfig(process.env)
  const { backup: written, pruned } = await backupDatabase(config)
  console.log(`Backup written to ${written.path}.`)
  if (pruned.length > 0) {
    console.log(`Deleted ${pruned.length} older backup(s), keeping the last ${config.backupKeep}.`)
  }
  console.log(
    `Copy ${config.backupDir} off this machine, erasures.jsonl with the backups (docs/operations.md).`,
  )
}

async function restore(file: string | undefined): Promise<void> {
  if (!file) throw new Error(`restore needs the backup file. ${usage}`)
  const config = loadConfig(process.env)
  const result = await restoreBackup(config, path.resolve(file))
  console.log(
    `Restored ${file} into ${result.engine === 'embedded' ? `the embedded database in ${config.dataDir}` : 'the PostgreSQL database of DATABASE_URL'}.`,
  )
  console.log(
    `Re-applied the erasure log (${result.erasures} line(s)): ${result.erasedLeads} lead(s) erased after this backup was taken deleted again.`,
  )
  console.log('Start the server again (sudo systemctl start assurance-leads).')
}

function countsTable(counts: readonly TableCount[]): string {
  const header = ['table', 'embedded', 'PostgreSQL', '']
  const rows = [
    header,
    ...counts.map((count) => [
      count.table,
      String(count.embedded),
      String(count.postgres),
      count.embedded === count.postgres ? 'same' : 'DIFFERENT',
    ]),
  ]
  const widths = header.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0)))
  return rows
    .map((row) =>
      row
        .map((cell, column) =>
          column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
        )
        .join('  ')
        .trimEnd(),
    )
    .join('\n')
}

async function move(): Promise<void> {
  const config = loadConfig(process.env)
  const counts = await moveToPostgres(config)
  console.log(countsTable(counts))
  if (counts.some((count) => count.embedded !== count.postgres)) {
    throw new Error(
      'The counts differ: do not start the server on PostgreSQL. Drop and create the PostgreSQL ' +
        'database again, then run the move again.',
    )
  }
  console.log(
    `Every row copied: ${counts.reduce((sum, count) => sum + count.postgres, 0)} in ${counts.length} tables.\n` +
      `The embedded database in ${path.join(config.dataDir, 'pglite')} is left as it was. Keep DATABASE_URL ` +
      'in .env, start the server, check the leads in the back-office, then remove it yourself ' +
      `(rm -r ${path.join(config.dataDir, 'pglite')} ${path.join(config.dataDir, 'leads.journal')}); ` +
      `keep the rest of ${config.dataDir} (its secrets, when not set in .env).`,
  )
}

async function main(): Promise<void> {
  if (existsSync('.env')) process.loadEnvFile('.env')
  const [command, ...rest] = process.argv.slice(2)
  if (command === 'backup' && rest.length === 0) await backup()
  else if (command === 'restore' && rest.length <= 1) await restore(rest[0])
  else if (command === 'move-to-postgres' && rest.length === 0) await move()
  else throw new Error(usage)
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error)
  process.exitCode = 1
})
