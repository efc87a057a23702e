/** The messages between the relay and the embedded database's thread (pglite-worker.ts). */
export type ThreadRequest =
  | { kind: 'query'; id: number; text: string; params: unknown[]; transaction?: number }
  | { kind: 'begin'; id: number }
  | { kind: 'end'; id: number; transaction: number; commit: boolean }
  | { kind: 'close'; id: number }
  /** A logical dump of the whole database (pg_dump's plain SQL), taken alone: see pglite-worker.ts. */
  | { kind: 'dump'; id: number }

/** Id 0 answers the thread's start: the database is open, or why it could not be. */
export type ThreadReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: Record<string, unknown> }
