import { chmod, mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createFakeSite, createTempDir } from '../test-support/fake-site'
import { validLead } from '../test-support/lead-fixtures'
import { postLeadTo, startRelayProcess } from '../test-support/relay-process'

/** Every path under `dir`, itself included, with its permission bits. */
async function modes(dir: string): Promise<Map<string, string>> {
  const found = new Map<string, string>()
  const visit = async (full: string) => {
    const stats = await stat(full)
    found.set(path.relative(dir, full) || '.', (stats.mode & 0o777).toString(8))
    if (stats.isDirectory()) {
      for (const entry of await readdir(full)) await visit(path.join(full, entry))
    }
  }
  await visit(dir)
  return found
}

describe('the modes of DATA_DIR', () => {
  const made: string[] = []
  afterEach(async () => {
    for (const dir of made.splice(0)) await rm(dir, { recursive: true, force: true })
  })

  it('makes a DATA_DIR made by others, and the database it holds, owner-only, and says so', async () => {
    const distDir = await createFakeSite()
    const dataDir = path.join(await createTempDir('relay-modes-'), 'data')
    made.push(distDir, path.dirname(dataDir))
    await mkdir(path.join(dataDir, 'backups'), { recursive: true })
    await writeFile(path.join(dataDir, 'backups', 'notes.txt'), 'copied in by hand')
    await chmod(path.join(dataDir, 'backups', 'notes.txt'), 0o644)
    await chmod(path.join(dataDir, 'backups'), 0o755)
    await chmod(dataDir, 0o755)

    // The service's umask lets everyone read what it creates, as the usual 022 does.
    const relay = await startRelayProcess(
      { DIST_DIR: distDir, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      { launcher: ['sh', '-c', 'umask 022; exec "$0" "$@"'] },
    )
    expect((await postLeadTo(relay.url, validLead())).status).toBe(202)
    relay.child.kill('SIGTERM')
    expect(await relay.exited).toBe(0)

    const found = await modes(dataDir)
    expect(found.get('.')).toBe('700')
    expect(found.get('backups')).toBe('700')
    expect(found.get('backups/notes.txt')).toBe('600')
    expect(found.size).toBeGreaterThan(100)
    const wider = [...found].filter(([, mode]) => mode !== '700' && mode !== '600')
    expect(wider).toEqual([])
    const warning = relay
      .output()
      .split('\n')
      .find((line) => line.includes('made owner-only'))
    expect(JSON.parse(warning ?? '{}')).toMatchObject({
      count: 3,
      paths: ['.', 'backups', 'backups/notes.txt'],
    })
  }, 60_000)
})
