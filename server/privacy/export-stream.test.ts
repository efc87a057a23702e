import { describe, expect, it } from 'vitest'
import { leadCommandOutput } from '../commands/lead-commands'
import { databaseKinds } from '../test-support/test-databases'
import { useTestRelay } from '../test-support/test-relay'
import { exportBatchSize, exportLeadsCsv, leadsCsvChunks } from './export-csv'

const leads = exportBatchSize * 4 + 7

describe.each(databaseKinds())('leads:export on the %s database', { timeout: 60_000 }, (kind) => {
  const relay = useTestRelay(kind)

  it('streams batch by batch, every lead once, in reception order, letting the health check in', async () => {
    await relay().db.query(
      `INSERT INTO contacts (email, last_interaction_at)
       SELECT 'export-' || i || '@exemple.fr', now() FROM generate_series(1, $1::int) AS i`,
      [leads],
    )
    await relay().db.query(
      `INSERT INTO leads (id, email, telephone, payload, consent_text, client_ip, user_agent,
                          received_at)
       SELECT gen_random_uuid(), 'export-' || i || '@exemple.fr', '0612345678',
              jsonb_build_object('nom', 'Martin', 'prenom', 'Zoé',
                'email', 'export-' || i || '@exemple.fr', 'telephone', '0612345678',
                'source', 'facebook_ads', 'page_url', 'https://assurance.example/',
                'timestamp', '2026-11-23T10:00:00.000Z', 'consentement', true,
                'consentement_texte', 'texte'),
              'texte', '203.0.113.9', 'Test',
              -- Many share one instant, to the microsecond: the cursor must still move on.
              timestamptz '2026-11-23 10:00:00+00' + (i / 3) * interval '1 microsecond'
       FROM generate_series(1, $1::int) AS i`,
      [leads],
    )
    const chunks: string[] = []
    let health: Promise<number> | undefined
    let healthAnsweredAt: number | undefined
    for await (const chunk of leadCommandOutput(
      relay().db,
      { command: 'export' },
      relay().erasures,
    )) {
      chunks.push(chunk)
      // Asked once the export is under way: it must not wait for the export's end.
      health ??= relay()
        .app.inject({ method: 'GET', url: '/healthz' })
        .then((response) => {
          healthAnsweredAt ??= chunks.length
          return response.statusCode
        })
    }
    expect(await health).toBe(200)
    expect(healthAnsweredAt).toBeLessThan(chunks.length)
    // The header, then one piece per batch.
    expect(chunks).toHaveLength(1 + Math.ceil(leads / exportBatchSize))
    const emails = chunks
      .join('')
      .split('\r\n')
      .slice(1, -1)
      .map((line) => /export-(\d+)@/.exec(line)?.[1])
    expect(emails).toHaveLength(leads)
    expect(new Set(emails).size).toBe(leads)
  })

  it('exports a list of ids batch by batch, as the whole export shows them', async () => {
    const ids = (
      await relay().db.query<{ id: string }>(
        "SELECT id FROM leads WHERE email LIKE 'export-%' ORDER BY received_at, id",
      )
    ).map((row) => row.id)
    const some = ids.filter((_, index) => index % 2 === 0)
    const chunks: string[] = []
    for await (const chunk of leadsCsvChunks(relay().db, { ids: some })) chunks.push(chunk)
    expect(chunks).toHaveLength(1 + Math.ceil(some.length / exportBatchSize))
    const whole = (await exportLeadsCsv(relay().db)).split('\r\n')
    const lines = chunks.join('').split('\r\n')
    expect(lines).toEqual([
      whole[0],
      ...whole.filter((line) => some.some((id) => line.startsWith(`"${id}"`))),
      '',
    ])
  })
})
