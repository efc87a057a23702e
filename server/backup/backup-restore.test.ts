/**
 * `npm run backup` while the server runs and takes leads, `npm run restore` into an empty data
 * directory or database (and nothing else), the erasure log making an erasure made after the
 * backup stick, and BACKUP_KEEP: on the embedded database and on PostgreSQL.
 */
import { execFile } from 'node:child_process'
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runLeadCommand } from '../commands/lead-commands'
import { contactKey } from '../storage/lead-store'
import { openDatabase } from '../storage/open-database'
import { openPostgresDatabase } from '../storage/postgres-database'
import { createFakeSite, createTempDir } from '../test-support/fake-site'
import { validLead } from '../test-support/lead-fixtures'
import {
  createPostgresDatabase,
  databaseKinds,
  type TestDatabase,
} from '../test-support/test-databases'
import { postLeadTo, startRelayProcess, type RelayProcess } from '../test-support/relay-process'
import { startTestRelay, type TestRelay } from '../test-support/test-relay'
import { backupDatabase, backupHeader, type BackupResult } from './backup'
import { backupFileName, latestBackup, listBackups } from './backup-files'
import { erasureLogName, hashEmail, hashPhone, readErasureLog } from './erasure-log'
import { objectsIn } from './postgres-tools'
import { restoreBackup } from './restore'

const execFileAsync = promisify(execFile)
const modeOf = async (file: string) => (await stat(file)).mode & 0o777

describe.each(databaseKinds())('backup and restore on the %s database', (kind) => {
  let relay: TestRelay
  let backupDir: string
  let result: BackupResult
  const erased = validLead({ nom: 'Effacee', telephone: '06 98 76 54 32' })
  const kept = validLead({ nom: 'Gardee' })
  const targets: TestDatabase[] = []
  const dirs: string[] = []
  let erasedIds: string[] = []

  const post = (lead: Record<string, unknown>) =>
    relay.app.inject({ method: 'POST', url: '/api/leads', payload: lead })

  /** An empty place to restore into: a data directory that does not exist yet, or a database. */
  async function emptyTarget(): Promise<{ databaseUrl: string | undefined; dataDir: string }> {
    const dataDir = path.join(await createTempDir('restore-'), 'data')
    dirs.push(path.dirname(dataDir))
    if (kind === 'embedded') return { databaseUrl: undefined, dataDir }
    const database = await createPostgresDatabase()
    targets.push(database)
    return { databaseUrl: database.url, dataDir }
  }

  beforeAll(async () => {
    backupDir = await createTempDir('backups-')
    dirs.push(backupDir)
    relay = await startTestRelay(kind, { backupDir, backupKeep: 2 })
    expect((await post(erased)).statusCode).toBe(202)
    expect((await post(kept)).statusCode).toBe(202)
    // Older backups, and files that are not backups, which pruning must leave alone.
    for (const day of ['2026-01-01', '2026-01-02', '2026-01-03']) {
      await writeFile(path.join(backupDir, backupFileName(new Date(`${day}T03:00:00Z`))), 'old')
    }
    await writeFile(path.join(backupDir, 'notes.txt'), 'not a backup')
    // Leads keep arriving while the dump is taken: each is either wholly in it or not at all.
    const [backup, ...answers] = await Promise.all([
      backupDatabase(relay.config),
      ...Array.from({ length: 5 }, () => post(validLead())),
    ])
    result = backup
    if (kind === 'embedded') {
      // Taken by the running server, which holds the database, through its command socket.
      expect(relay.logLines.some((line) => line.includes('"command":"dump-database"'))).toBe(true)
    }
    expect(answers.map((answer) => answer.statusCode)).toEqual([202, 202, 202, 202, 202])
    // pg_dump's snapshot is over: a lead is stored, and the erasure below sees what is there now.
    expect((await post(validLead())).statusCode).toBe(202)
    // Erased after the backup: a restore of it must not bring this person back.
    const email = contactKey(erased.email as string)
    erasedIds = (
      await relay.db.query<{ id: string }>('SELECT id FROM leads WHERE email = $1', [email])
    ).map((row) => row.id)
    expect(await runLeadCommand(relay.db, { command: 'erase', email }, relay.erasures)).toContain(
      'Erased 1 lead(s)',
    )
  }, 120_000)

  afterAll(async () => {
    await relay?.stop()
    for (const target of targets) await target.drop()
    for (const dir of dirs) await rm(dir, { recursive: true, force: true })
  })

  it('writes one owner-only backup named by its time, and keeps the last BACKUP_KEEP', async () => {
    expect(result.backup.name).toMatch(/^backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.sql\.gz$/)
    expect(await modeOf(result.backup.path)).toBe(0o600)
    expect((await latestBackup(backupDir))?.name).toBe(result.backup.name)
    expect((await listBackups(backupDir)).map((backup) => backup.name)).toEqual([
      backupFileName(new Date('2026-01-03T03:00:00Z')),
      result.backup.name,
    ])
    expect(result.pruned).toHaveLength(2)
    expect(await readFile(path.join(backupDir, 'notes.txt'), 'utf8')).toBe('not a backup')
    const sql = gunzipSync(await readFile(result.backup.path)).toString('utf8')
    expect(sql).toContain(erased.email)
  })

  it('logs the erasure with nothing readable in it, owner-only', async () => {
    const log = path.join(backupDir, erasureLogName)
    expect(await modeOf(log)).toBe(0o600)
    const text = await readFile(log, 'utf8')
    for (const secret of [erased.email as string, 'Effacee', '0698765432', '06 98 76 54 32']) {
      expect(text).not.toContain(secret)
    }
    const [entry] = await readErasureLog(log)
    expect(entry).toMatchObject({
      reason: 'erasure',
      emails: [hashEmail(contactKey(erased.email as string))],
      leads: erasedIds,
    })
    expect(entry?.phones).toHaveLength(1)
    expect(entry?.phones[0]).toMatch(/^[0-9a-f]{64}$/)
    expect(entry?.phones[0]).not.toBe(hashPhone(''))
  })

  it('logs a retention purge as it logs an erasure', async () => {
    const old = validLead()
    expect((await post(old)).statusCode).toBe(202)
    const email = contactKey(old.email as string)
    await relay.db.query(
      "UPDATE contacts SET last_interaction_at = now() - interval '4 years' WHERE email = $1",
      [email],
    )
    const [lead] = await relay.db.query<{ id: string }>('SELECT id FROM leads WHERE email = $1', [
      email,
    ])
    expect(await runLeadCommand(relay.db, { command: 'purge' }, relay.erasures)).toContain(
      'Deleted 1 lead(s)',
    )
    const entries = await readErasureLog(relay.erasures.file)
    expect(entries.at(-1)).toMatchObject({
      reason: 'retention',
      emails: [hashEmail(email)],
      leads: [lead?.id],
    })
  })

  it('restores into an empty target, the person erased since then still erased', async () => {
    const target = await emptyTarget()
    const restored = await restoreBackup({ ...target, backupDir }, result.backup.path)
    // The erasure, and the purge of a lead received after the backup: only the first was in it.
    expect(restored).toEqual({ engine: kind, erasures: 2, erasedLeads: 1 })
    const db = await openDatabase(target)
    try {
      const emails = (await db.query<{ email: string }>('SELECT email FROM leads')).map(
        (row) => row.email,
      )
      expect(emails).toContain(contactKey(kept.email as string))
      expect(emails).not.toContain(contactKey(erased.email as string))
      expect(
        await db.query('SELECT 1 FROM contacts WHERE email = $1', [
          contactKey(erased.email as string),
        ]),
      ).toEqual([])
      // Taken whole: every lead restored with its deliveries, as stored in one transaction.
      const orphans = await db.query(
        `SELECT l.id FROM leads AS l
         WHERE NOT EXISTS (SELECT 1 FROM lead_deliveries AS d WHERE d.lead_id = l.id)`,
      )
      expect(orphans).toEqual([])
      expect(emails.length).toBeGreaterThanOrEqual(1)
    } finally {
      await db.close()
    }
    if (kind === 'embedded') expect(await modeOf(target.dataDir)).toBe(0o700)
  }, 60_000)

  it('refuses a target that is not empty, and a file that is not a backup', async () => {
    await expect(restoreBackup(relay.config, result.backup.path)).rejects.toThrow(
      kind === 'embedded' ? /DATA_DIR .* is not empty/ : /DATABASE_URL is not empty/,
    )
    const target = await emptyTarget()
    const notes = path.join(backupDir, 'notes.txt')
    await expect(restoreBackup({ ...target, backupDir }, notes)).rejects.toThrow(
      /is not a backup made by npm run backup/,
    )
    // A backup that fails halfway leaves the target as empty as it found it.
    const broken = path.join(await createTempDir('broken-'), backupFileName(new Date()))
    dirs.push(path.dirname(broken))
    await writeFile(broken, gzipSync(`${backupHeader(kind, new Date())}CREATE TABLE x (;\n`))
    await expect(restoreBackup({ ...target, backupDir }, broken)).rejects.toThrow()
    if (kind === 'embedded') expect(await readdir(target.dataDir)).toEqual([])
    else {
      const db = openPostgresDatabase(target.databaseUrl ?? '')
      expect(await objectsIn(db).finally(() => db.close())).toBe(0)
    }
  })
})

describe('npm run backup and npm run restore, as commands beside a running server', () => {
  let dir: string
  let site: string
  let server: RelayProcess
  const lead = validLead()

  const cli = (...args: string[]) =>
    execFileAsync(process.execPath, ['--import', 'tsx', 'server/backup/backup-cli.ts', ...args], {
      env: {
        PATH: process.env.PATH ?? '',
        DATA_DIR: path.join(dir, 'data'),
        BACKUP_DIR: path.join(dir, 'backups'),
      },
    }).then(
      ({ stdout, stderr }) => ({ code: 0, output: `${stdout}${stderr}` }),
      (error: { code: number; stdout: string; stderr: string }) => ({
        code: error.code,
        output: `${error.stdout}${error.stderr}`,
      }),
    )

  beforeAll(async () => {
    dir = await createTempDir('backup-cli-')
    site = await createFakeSite()
    server = await startRelayProcess({
      DIST_DIR: site,
      DATA_DIR: path.join(dir, 'data'),
      BACKUP_DIR: path.join(dir, 'backups'),
      APP_SECRET: 'test-secret-of-at-least-thirty-two-characters',
      LOG_LEVEL: 'info',
    })
    expect((await postLeadTo(server.url, lead)).status).toBe(202)
  }, 90_000)

  afterAll(async () => {
    server?.child.kill('SIGTERM')
    await server?.exited
    await rm(dir, { recursive: true, force: true })
    await rm(site, { recursive: true, force: true })
  })

  it('backs up through the server, then refuses to restore over its data', async () => {
    const backup = await cli('backup')
    expect(backup).toMatchObject({ code: 0, output: expect.stringMatching(/^Backup written to /) })
    expect(server.output()).toContain('"command":"dump-database"')
    const latest = await latestBackup(path.join(dir, 'backups'))
    expect(gunzipSync(await readFile(latest?.path ?? '')).toString('utf8')).toContain(lead.email)
    // The server still takes leads after its database was dumped.
    expect((await postLeadTo(server.url, validLead())).status).toBe(202)
    const restore = await cli('restore', latest?.path ?? '')
    expect(restore.code).toBe(1)
    expect(restore.output).toMatch(/^DATA_DIR .* is not empty: a backup is restored only into/)
    expect((await cli()).output).toContain(
      'Usage: backup | restore <backup file> | move-to-postgres',
    )
  }, 60_000)
})
