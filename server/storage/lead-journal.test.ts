import { constants, existsSync } from 'node:fs'
import { appendFile, readdir, readFile, readlink, rm, stat } from 'node:fs/promises'
import { afterEach, describe, expect, it } from 'vitest'
import { createTempDir } from '../test-support/fake-site'
import { journalPath, openLeadJournal, type JournalEntry, type LeadJournal } from './lead-journal'
import { openEmbeddedDatabase } from './pglite-database'

const entry = (id: string): JournalEntry =>
  ({
    id,
    receivedAt: '2026-11-23T10:00:00.000Z',
    payload: { email: `${id}@exemple.fr` },
    clientIp: '203.0.113.9',
    userAgent: 'Test',
    destinations: ['webhook'],
  }) as unknown as JournalEntry

describe('the lead journal', () => {
  let journal: LeadJournal | undefined
  afterEach(() => journal?.close())

  it('keeps every appended entry, owner-only, and skips a line cut short by a crash', async () => {
    const dir = await createTempDir('journal-')
    journal = await openLeadJournal(dir)
    await Promise.all(['a', 'b', 'c'].map((id) => journal!.append(entry(id))))
    await appendFile(journalPath(dir), '{"id":"torn","rec')
    expect((await journal.entries()).map((e) => e.id)).toEqual(['a', 'b', 'c'])
    expect((await stat(journalPath(dir))).mode & 0o777).toBe(0o600)
    await journal.close()
    journal = await openLeadJournal(dir)
    expect((await journal.entries()).map((e) => e.id)).toEqual(['a', 'b', 'c'])
  })

  it('compacts only what was written before the database was made durable', async () => {
    const dir = await createTempDir('journal-')
    journal = await openLeadJournal(dir)
    await journal.append(entry('before'))
    await journal.compact(async () => {
      // A lead accepted while the checkpoint runs: not covered by it, so it stays.
      await journal!.append(entry('during'))
    })
    expect((await journal.entries()).map((e) => e.id)).toEqual(['during'])
    await journal.append(entry('after'))
    expect((await readFile(journalPath(dir), 'utf8')).trim().split('\n')).toHaveLength(2)
    await journal.compact(async () => {})
    expect(await journal.entries()).toEqual([])
  })

  it.runIf(existsSync('/proc/self/fdinfo'))(
    'writes through a descriptor opened with O_DSYNC: a write returns once on disk',
    async () => {
      const dir = await createTempDir('journal-')
      journal = await openLeadJournal(dir)
      await journal.append(entry('a'))
      const flags: number[] = []
      for (const fd of await readdir('/proc/self/fd')) {
        const target = await readlink(`/proc/self/fd/${fd}`).catch(() => '')
        if (target !== journalPath(dir)) continue
        const info = await readFile(`/proc/self/fdinfo/${fd}`, 'utf8')
        flags.push(parseInt(/^flags:\s*([0-7]+)/m.exec(info)?.[1] ?? '0', 8))
      }
      expect(flags).toHaveLength(1)
      expect(flags[0]! & constants.O_DSYNC).toBe(constants.O_DSYNC)
    },
  )

  it('is left out of the embedded database only when asked (the relay benchmark)', async () => {
    const dir = await createTempDir('journal-')
    const db = await openEmbeddedDatabase(dir, { leadJournal: false })
    try {
      expect(db.journal).toBeUndefined()
      expect(existsSync(journalPath(dir))).toBe(false)
    } finally {
      await db.close()
      await rm(dir, { recursive: true, force: true })
    }
    // A new embedded database on disk takes seconds on a busy machine.
  }, 60_000)
})
