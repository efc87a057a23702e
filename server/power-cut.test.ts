/**
 * A power cut, as far as a test can make one: the server is killed right after acknowledging
 * leads, and the embedded database then lacks them, as it would if its unsynced files had not
 * reached the disk. The leads must come back from the synced journal; an erased person must not.
 */
import { execFile } from 'node:child_process'
import { readFile, rm } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { PGlite } from '@electric-sql/pglite'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { journalPath } from './storage/lead-journal'
import { createFakeSite, createTempDir } from './test-support/fake-site'
import { startForwardTarget, type ForwardTarget } from './test-support/forward-target'
import { validLead, waitFor } from './test-support/lead-fixtures'
import { postLeadTo, startRelayProcess, type RelayProcess } from './test-support/relay-process'

const execFileAsync = promisify(execFile)

describe('a power cut with the embedded database', { timeout: 120_000 }, () => {
  let distDir: string
  let dataDir: string
  let target: ForwardTarget
  const running: RelayProcess[] = []

  beforeAll(async () => {
    distDir = await createFakeSite()
    target = await startForwardTarget()
  })
  afterEach(async () => {
    for (const relay of running.splice(0)) {
      relay.child.kill('SIGKILL')
      await relay.exited
    }
    await rm(dataDir, { recursive: true, force: true })
  })
  afterAll(async () => {
    await target.close()
    await rm(distDir, { recursive: true, force: true })
  })

  async function start(options: { forward: boolean }) {
    const relay = await startRelayProcess({
      DIST_DIR: distDir,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      ...(options.forward ? { LEAD_FORWARD_URL: target.url } : {}),
    })
    running.push(relay)
    return relay
  }
  async function kill(relay: RelayProcess) {
    relay.child.kill('SIGKILL')
    await relay.exited
    running.splice(running.indexOf(relay), 1)
  }
  /** What a power cut may leave: the database without its latest leads. */
  async function loseLeads(emails: string[]) {
    const db = await PGlite.create(path.join(dataDir, 'pglite'))
    await db.query('DELETE FROM leads WHERE email = ANY($1::text[])', [emails])
    await db.close()
  }
  const cli = (...args: string[]) =>
    execFileAsync(process.execPath, ['--import', 'tsx', 'server/commands/leads-cli.ts', ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    })

  it('puts back every acknowledged lead the database lost, and delivers it', async () => {
    dataDir = await createTempDir('power-cut-')
    const first = await start({ forward: false })
    const leads = Array.from({ length: 5 }, () => validLead())
    for (const [index, lead] of leads.entries()) {
      expect((await postLeadTo(first.url, lead, `192.0.2.${index + 1}`)).status).toBe(202)
    }
    // Synced before each 202: the journal already holds them, whatever happens next.
    const journal = await readFile(journalPath(dataDir), 'utf8')
    for (const lead of leads) expect(journal).toContain(lead.email as string)
    await kill(first)
    await loseLeads(leads.map((lead) => lead.email as string))

    target.received.length = 0
    await start({ forward: true })
    await waitFor(() => target.deliveredCounts().size === 5, { what: 'the 5 restored leads' })
    const delivered = target.received.map((delivery) => delivery.body.email)
    expect(new Set(delivered)).toEqual(new Set(leads.map((lead) => lead.email)))
    // Restored once, then written to disk for good: the journal is empty again.
    await waitFor(async () => (await readFile(journalPath(dataDir), 'utf8')) === '', {
      what: 'an empty journal',
    })
  })

  it('never brings back a person erased before the cut', async () => {
    dataDir = await createTempDir('power-cut-')
    const relay = await start({ forward: false })
    const [kept, erased] = [validLead(), validLead()]
    expect((await postLeadTo(relay.url, erased, '192.0.2.2')).status).toBe(202)
    await cli('erase', '--email', erased.email as string)
    expect(await readFile(journalPath(dataDir), 'utf8')).not.toContain(erased.email as string)
    // Accepted after the erasure, so still only in the journal when the power goes.
    expect((await postLeadTo(relay.url, kept, '192.0.2.1')).status).toBe(202)
    await kill(relay)
    await loseLeads([kept.email as string])
    await start({ forward: false })
    const { stdout } = await cli('export')
    expect(stdout).toContain(kept.email as string)
    expect(stdout).not.toContain(erased.email as string)
  })
})
