import pg from 'pg'
import type { Database, Sql } from './database'

export interface PostgresOptions {
  /** Called with errors of idle pooled connections, which would otherwise crash the process. */
  onIdleError?: (error: Error) => void
  maxConnections?: number
}

export function openPostgresDatabase(url: string, options: PostgresOptions = {}): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.maxConnections ?? 10,
    connectionTimeoutMillis: 5_000,
    application_name: 'lead-relay',
  })
  pool.on('error', (error) => options.onIdleError?.(error))

  const queryWith =
    (client: pg.Pool | pg.PoolClient): Sql['query'] =>
    async (text, params = []) =>
      (await client.query(text, [...params])).rows

  return {
    kind: 'postgres',
    query: queryWith(pool),
    async transaction(work) {
      const client = await pool.connect()
      try {
        await client.query('BEGIN')
        const result = await work({ query: queryWith(client) })
        await client.query('COMMIT')
        return result
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined)
        throw error
      } finally {
        client.release()
      }
    },
    close: () => pool.end(),
  }
}
