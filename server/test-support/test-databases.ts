/**
 * The databases server tests run against: always the embedded one, and a real PostgreSQL server
 * when `TEST_DATABASE_URL` is set (`npm test` starts one through scripts/with-postgres.ts). Each
 * test file gets its own PostgreSQL database, dropped afterwards.
 */
import { randomUUID } from 'node:crypto'
import pg from 'pg'

export const postgresUrl = process.env.TEST_DATABASE_URL?.trim() || undefined

let warned = false
export function warnWhenPostgresMissing(): void {
  if (postgresUrl || warned) return
  warned = true
  console.warn(
    '\n!!! TEST_DATABASE_URL is not set: the PostgreSQL variants of the server tests are SKIPPED.' +
      '\n!!! Run them with: npx tsx scripts/with-postgres.ts npx vitest run server\n',
  )
}

export type DatabaseKind = 'embedded' | 'postgres'

/** The kinds to run a suite on: PostgreSQL only when a server is available. */
export function databaseKinds(): DatabaseKind[] {
  warnWhenPostgresMissing()
  return postgresUrl ? ['embedded', 'postgres'] : ['embedded']
}

export interface TestDatabase {
  url: string
  drop(): Promise<void>
}

export async function createPostgresDatabase(): Promise<TestDatabase> {
  if (!postgresUrl) throw new Error('TEST_DATABASE_URL is not set')
  const name = `relay_test_${randomUUID().replaceAll('-', '').slice(0, 12)}`
  const admin = new pg.Client({ connectionString: postgresUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const url = new URL(postgresUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: postgresUrl })
      await client.connect()
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await client.end()
    },
  }
}
