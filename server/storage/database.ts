import type { LeadJournal } from './lead-journal'

/**
 * The one interface the relay talks to, whichever engine is behind it: PGlite embedded in the
 * process by default, or a PostgreSQL server. Both speak the same SQL, so queries are written once.
 */
export interface Sql {
  query<Row extends object = Record<string, unknown>>(
    text: string,
    params?: readonly unknown[],
  ): Promise<Row[]>
}

export interface Database extends Sql {
  readonly kind: 'embedded' | 'postgres'
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Sql) => Promise<T>): Promise<T>
  close(): Promise<void>
  /** Embedded only: every accepted lead, synced to disk before its 202 (see lead-journal.ts). */
  journal?: LeadJournal
  /** Embedded only: puts the database on disk for good, then drops what the journal held. */
  makeDurable?(): Promise<void>
  /** Embedded only: a consistent logical dump of the whole database, as plain SQL (pg_dump's). */
  dump?(): Promise<string>
}
