import { cp, rm } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import { erasureLogIn, type ErasureLog } from '../backup/erasure-log'
import type { ServerConfig } from '../config'
import { startRelay, type Relay, type RelayOptions } from '../relay'
import { openDatabase } from '../storage/open-database'
import { createFakeAdminSite, createFakeSite, createTempDir } from './fake-site'
import { createPostgresDatabase, type DatabaseKind } from './test-databases'

/** Rate limits no test meets unless it means to. */
export const roomyRateLimits = {
  leads: { burst: 100_000, perSecond: 100_000 },
  pageViews: { burst: 100_000, perSecond: 100_000 },
  funnel: { burst: 100_000, perSecond: 100_000 },
}

let embeddedTemplate: Promise<string> | undefined

/**
 * Creating an embedded database runs initdb, seconds of work; opening a copy of one takes a
 * fraction of that. Each test worker creates one migrated template and copies it per relay.
 */
async function copyEmbeddedTemplate(dataDir: string): Promise<void> {
  embeddedTemplate ??= (async () => {
    const dir = await createTempDir('relay-template-')
    const db = await openDatabase({ databaseUrl: undefined, dataDir: dir })
    await db.close()
    return dir
  })()
  await cp(path.join(await embeddedTemplate, 'pglite'), path.join(dataDir, 'pglite'), {
    recursive: true,
  })
}

export interface TestRelay extends Relay {
  config: ServerConfig
  /** The erasure log in the relay's BACKUP_DIR, for commands a test runs itself. */
  erasures: ErasureLog
  /** Every JSON log line written so far. */
  logLines: string[]
  stop(): Promise<void>
}

/** An in-process relay on a fresh database of the given kind, with a fake site and a port of its own. */
export async function startTestRelay(
  kind: DatabaseKind,
  overrides: Partial<ServerConfig> = {},
  options: RelayOptions = {},
): Promise<TestRelay> {
  const distDir = await createFakeSite()
  const adminDistDir = await createFakeAdminSite()
  const dataDir = await createTempDir('relay-data-')
  const database = kind === 'postgres' ? await createPostgresDatabase() : undefined
  if (kind === 'embedded') await copyEmbeddedTemplate(dataDir)
  const config: ServerConfig = {
    port: 0,
    host: '127.0.0.1',
    distDir,
    dataDir,
    backupDir: path.join(dataDir, 'backups'),
    backupKeep: 14,
    databaseUrl: database?.url,
    leadForwardUrl: undefined,
    pageViewForwardUrl: undefined,
    trustProxy: 'loopback',
    forwardTimeoutMs: 1_000,
    leadForwardSecret: undefined,
    leadForwardHeader: undefined,
    deliveryConcurrency: 16,
    smtp: undefined,
    appSecret: 'test-secret-of-at-least-thirty-two-characters',
    publicUrl: undefined,
    meta: undefined,
    ntfy: undefined,
    leadEscalateMinutes: 0,
    adminDistDir,
    adminSessionIdleMinutes: 720,
    adminSessionMaxDays: 7,
    vapid: undefined,
    healthToken: undefined,
    vapidSubject: 'mailto:courtier@exemple.fr',
    ...overrides,
  }
  const logLines: string[] = []
  const relay = await startRelay(config, {
    logLevel: 'info',
    logStream: { write: (line) => void logLines.push(line) },
    // Push only where a test brings its push service: the others count one delivery per
    // destination they configured.
    webPush: options.pushAgent !== undefined,
    ...options,
  })
  let stopped = false
  return {
    ...relay,
    config,
    erasures: erasureLogIn(config.backupDir),
    logLines,
    async stop() {
      if (stopped) return
      stopped = true
      await relay.close()
      await database?.drop()
      await rm(distDir, { recursive: true, force: true })
      await rm(adminDistDir, { recursive: true, force: true })
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

/** Starts a relay before a suite's tests and stops it after them; call the result to reach it. */
export function useTestRelay(
  kind: DatabaseKind,
  options: RelayOptions = { rateLimits: roomyRateLimits },
): () => TestRelay {
  let relay: TestRelay | undefined
  beforeAll(async () => {
    relay = await startTestRelay(kind, {}, options)
  }, 60_000)
  afterAll(() => relay?.stop())
  return () => {
    if (!relay) throw new Error('The test relay has not started')
    return relay
  }
}
