import { describe, expect, it } from 'vitest'
import type { Sql } from './database'
import { startEmbeddedVacuum, type VacuumLog } from './embedded-vacuum'
import { openEmbeddedDatabase } from './pglite-database'
import { migrate } from './migrations'

function recordingLog(): VacuumLog & {
  lines: { level: string; fields: object; message: string }[]
} {
  const lines: { level: string; fields: object; message: string }[] = []
  return {
    lines,
    info: (fields, message) => void lines.push({ level: 'info', fields, message }),
    error: (fields, message) => void lines.push({ level: 'error', fields, message }),
  }
}

describe('vacuuming the embedded database', () => {
  it('vacuums every so many stored leads, one vacuum at a time, and logs it', async () => {
    const statements: string[] = []
    let finish = () => {}
    const db: Sql = {
      query: async <Row extends object>(text: string) => {
        statements.push(text)
        await new Promise<void>((resolve) => (finish = resolve))
        return [] as Row[]
      },
    }
    const log = recordingLog()
    const vacuum = startEmbeddedVacuum(db, log, { everyLeads: 3 })
    vacuum.leadStored()
    vacuum.leadStored()
    expect(statements).toEqual([])
    vacuum.leadStored()
    expect(statements).toEqual(['VACUUM'])
    // Three more while it runs: no second vacuum alongside the first.
    for (let index = 0; index < 3; index += 1) vacuum.leadStored()
    expect(statements).toHaveLength(1)
    finish()
    await vacuum.stop()
    expect(log.lines).toEqual([
      {
        level: 'info',
        fields: { reason: '3 leads stored', ms: expect.any(Number) },
        message: 'database vacuumed',
      },
    ])
  })

  it('runs on a real embedded database', async () => {
    const db = await openEmbeddedDatabase(undefined)
    try {
      await migrate(db)
      const log = recordingLog()
      const vacuum = startEmbeddedVacuum(db, log)
      await vacuum.run('test')
      await vacuum.stop()
      expect(log.lines.map((line) => line.message)).toEqual(['database vacuumed'])
    } finally {
      await db.close()
    }
  }, 30_000)
})
