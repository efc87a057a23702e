import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { rm, writeFile } from 'node:fs/promises'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createTempDir } from '../test-support/fake-site'
import { waitFor } from '../test-support/lead-fixtures'
import { EmbeddedDatabaseBusyError, lockEmbeddedDatabase, lockFilePath } from './embedded-lock'

describe('the embedded database lock', () => {
  let dataDir: string
  beforeEach(async () => {
    dataDir = await createTempDir('relay-lock-')
  })
  afterEach(() => rm(dataDir, { recursive: true, force: true }))

  function tryLockAndRelease(): boolean {
    try {
      lockEmbeddedDatabase(dataDir)()
      return true
    } catch (error) {
      if (error instanceof EmbeddedDatabaseBusyError) return false
      throw error
    }
  }

  it('is held by one at a time, names its holder, and goes with its file once released', () => {
    const release = lockEmbeddedDatabase(dataDir)
    expect(() => lockEmbeddedDatabase(dataDir)).toThrow(
      new EmbeddedDatabaseBusyError(dataDir, process.pid),
    )
    expect(() => lockEmbeddedDatabase(dataDir)).toThrow(
      `The embedded database in ${dataDir} is in use by process ${process.pid}.`,
    )
    release()
    expect(existsSync(lockFilePath(dataDir))).toBe(false)
    lockEmbeddedDatabase(dataDir)()
  })

  it('is not blocked by a file naming a live process that holds nothing', async () => {
    // The parent process lives on, as a pid reused by an unrelated program, or a zombie, would.
    await writeFile(lockFilePath(dataDir), String(process.ppid))
    lockEmbeddedDatabase(dataDir)()
  })

  it('is free again the moment its holder is killed', async () => {
    await writeFile(lockFilePath(dataDir), '')
    // Another server, as the kernel sees it: a process holding the lock on its own open file.
    const holder = spawn(
      'flock',
      ['--exclusive', lockFilePath(dataDir), 'sh', '-c', 'echo locked; exec sleep 60'],
      { stdio: ['ignore', 'pipe', 'ignore'], detached: true },
    )
    await new Promise((resolve) => holder.stdout.once('data', resolve))
    expect(() => lockEmbeddedDatabase(dataDir)).toThrow(EmbeddedDatabaseBusyError)
    // `flock` and its `sleep` share the lock: SIGKILL to both leaves the file, held by nobody.
    process.kill(-holder.pid!, 'SIGKILL')
    await waitFor(tryLockAndRelease, { what: 'the lock freed' })
  })
})
