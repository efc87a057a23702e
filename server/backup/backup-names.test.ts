/**
 * The naming contract of the backup files (`npm run check` reads it too), and what the backup
 * says when PostgreSQL's client is missing or too old.
 */
import { describe, expect, it } from 'vitest'
import { backupFileName, backupTime } from './backup-files'
import { connectionFor, findPostgresTool } from './postgres-tools'

describe('backup file names', () => {
  it('carry the UTC time to the second, and read back as that time', () => {
    const time = new Date('2026-11-25T03:15:42.789Z')
    expect(backupFileName(time)).toBe('backup-2026-11-25T03-15-42Z.sql.gz')
    expect(backupTime(backupFileName(time))).toEqual(new Date('2026-11-25T03:15:42Z'))
  })

  it('leave every other file alone', () => {
    for (const name of [
      'erasures.jsonl',
      '.backup-2026-11-25T03-15-42Z.sql.gz.1a2b3c4d.partial',
      'backup-2026-11-25T03-15-42Z.sql',
      'backup-2026-11-25T03:15:42Z.sql.gz',
      'backup-2026-13-45T03-15-42Z.sql.gz',
      'backup-2026-11-25T03-15-42Z.sql.gz.old',
    ]) {
      expect(backupTime(name)).toBeUndefined()
    }
  })
})

describe('PostgreSQL client programs', () => {
  it('name the package to install when none is recent enough', () => {
    expect(() => findPostgresTool('pg_dump', 99)).toThrow(
      'pg_dump 99 or newer is needed for this PostgreSQL 99 server, and none was found. ' +
        'On Debian or Ubuntu: sudo apt-get install postgresql-client-99',
    )
  })

  it('never put the password on their command line', () => {
    const { dbname, env } = connectionFor(
      'postgres://relay:s%40cret@db.example:5432/leads?sslmode=require',
    )
    expect(dbname).toBe('postgres://relay@db.example:5432/leads?sslmode=require')
    expect(env.PGPASSWORD).toBe('s@cret')
  })
})
