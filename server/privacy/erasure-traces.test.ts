/**
 * An erased person can no longer be read in the embedded database's files: a DELETE leaves the
 * row's bytes in its page (and in every index) until the page is reused, a plain VACUUM only marks
 * the space free. The write-ahead log is left aside: PostgreSQL recycles its segments on its own.
 * PostgreSQL's own files are its operator's (docs/operations.md, "Erasure").
 */
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { runLeadCommand } from '../commands/lead-commands'
import { filesContaining } from '../test-support/files-containing'
import { validLead } from '../test-support/lead-fixtures'
import { useTestRelay } from '../test-support/test-relay'

describe('an erasure on the embedded database', () => {
  const relay = useTestRelay('embedded')

  const post = (lead: Record<string, unknown>) =>
    relay().app.inject({
      method: 'POST',
      url: '/api/leads',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(lead),
    })

  it('leaves neither the email nor the name in any file but the write-ahead log', async () => {
    const tag = randomUUID().replaceAll('-', '').slice(0, 12)
    // Short strings that PostgreSQL keeps as they are: a payload this small is neither compressed
    // nor moved out of line, and the email is also a column of its own and a key of two indexes.
    const email = `personne-effacee-${tag}@domaine-tres-distinctif.fr`
    const nom = 'Quetzalcoatlzyxvorbe'
    const person = validLead({ email, nom })
    expect((await post(person)).statusCode).toBe(202)
    expect((await post({ ...person, telephone: '07 11 22 33 44' })).statusCode).toBe(202)
    const other = validLead()
    expect((await post(other)).statusCode).toBe(202)
    // An advisor's note on a stage may name the person.
    await relay().db.query(
      `INSERT INTO lead_status_changes (lead_id, status, previous_status, note, admin_email)
       SELECT id, 'en_cours', 'nouveau', $2, 'conseiller@courtier.fr' FROM leads WHERE email = $1`,
      [email, `Rappeler M. ${nom} lundi`],
    )
    const dataDir = relay().config.dataDir
    const traces = () => filesContaining(dataDir, [email, nom], ['pg_wal'])
    // On disk first, where the search must find it: the search itself works.
    await relay().db.query('CHECKPOINT')
    expect((await traces()).filter((file) => file.startsWith('pglite/base/'))).not.toEqual([])

    // A lead arriving during the erasure's rewrite waits its turn and is stored.
    const arriving = validLead()
    const [output, answer] = await Promise.all([
      runLeadCommand(relay().db, { command: 'erase', email }, relay().erasures),
      post(arriving),
    ])
    expect(output).toContain('Erased 2 lead(s)')
    expect(answer.statusCode).toBe(202)

    expect(await traces()).toEqual([])
    const kept = await relay().db.query<{ email: string }>(
      'SELECT email FROM leads WHERE email = ANY($1::text[]) ORDER BY email',
      [[other.email, arriving.email]],
    )
    expect(kept.map((row) => row.email)).toEqual([other.email, arriving.email].map(String).sort())
  }, 60_000)

  it('leaves no trace of the leads the 3-year purge deletes', async () => {
    const tag = randomUUID().replaceAll('-', '').slice(0, 12)
    const email = `personne-expiree-${tag}@domaine-tres-distinctif.fr`
    const nom = 'Xochipillizyxvorbe'
    expect((await post(validLead({ email, nom }))).statusCode).toBe(202)
    await relay().db.query(
      `UPDATE contacts SET last_interaction_at = now() - interval '3 years 1 day' WHERE email = $1`,
      [email],
    )
    const dataDir = relay().config.dataDir
    const traces = () => filesContaining(dataDir, [email, nom], ['pg_wal'])
    await relay().db.query('CHECKPOINT')
    expect(await traces()).not.toEqual([])

    expect(await runLeadCommand(relay().db, { command: 'purge' }, relay().erasures)).toContain(
      'Deleted 1 lead(s)',
    )
    expect(await traces()).toEqual([])
  }, 60_000)
})
