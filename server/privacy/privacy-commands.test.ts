import { describe, expect, it } from 'vitest'
import { parseCommandLine, runLeadCommand } from '../commands/lead-commands'
import { validLead } from '../test-support/lead-fixtures'
import { databaseKinds } from '../test-support/test-databases'
import { useTestRelay } from '../test-support/test-relay'
import { csvCell } from './export-csv'
import { rateTableVersion } from '../../common/estimate/insurance-rates'

/** The cells of one exported line: every cell is quoted, `""` inside stands for `"`. */
function cellsOf(line: string | undefined): string[] {
  const cells = [...(line ?? '').matchAll(/"((?:[^"]|"")*)"(,|$)/g)].map(([, cell]) =>
    cell!.replaceAll('""', '"'),
  )
  expect(cells.map(csvCell).join(',')).toBe(line)
  return cells
}

describe('csvCell', () => {
  it.each([
    ['Martin', '"Martin"'],
    ['', '""'],
    ['0612345678', '"0612345678"'],
    ['Jean-Éric', '"Jean-Éric"'],
    ['Dupont, Jean', '"Dupont, Jean"'],
    ['Le "Grand"', '"Le ""Grand"""'],
    ['deux\nlignes', '"deux\nlignes"'],
    ['=HYPERLINK("http://x.example")', `"'=HYPERLINK(""http://x.example"")"`],
    ['+33 6', `"'+33 6"`],
    ['-1', `"'-1"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['\t=1', `"'\t=1"`],
    ['\r=1', `"'\r=1"`],
    // Split on `;` or `,` by a spreadsheet, each piece must still read as text.
    ["=cmd|' /C calc'!A0;", `"'=cmd|' /C calc'!A0;"`],
    ["Martin;=cmd|' /C calc'!A0", `"Martin;'=cmd|' /C calc'!A0"`],
    ['Martin,+33 6', `"Martin,'+33 6"`],
    ['a\t@SUM(A1)', `"a\t'@SUM(A1)"`],
    ['a; -1', `"a;' -1"`],
    ['a;"=1', `"a;'""=1"`],
    ['deux\n=lignes', `"deux\n'=lignes"`],
    ['Dupont; Jean, fils', '"Dupont; Jean, fils"'],
  ])('writes %j as %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected)
  })

  it('leaves no piece starting like a formula, however a spreadsheet splits the line', () => {
    const line = ['Martin', "x;=cmd|' /C calc'!A0;", 'a,\t+1', '"@x'].map(csvCell).join(',')
    for (const separator of [',', ';', '\t']) {
      for (const piece of line.split(separator)) {
        expect(piece.replace(/^["\s]*/, '')).not.toMatch(/^[=+\-@]/)
      }
    }
  })
})

describe('parseCommandLine', () => {
  it('reads the three commands and their options', () => {
    expect(parseCommandLine(['export'])).toEqual({ request: { command: 'export' } })
    expect(parseCommandLine(['export', '--email', 'a@b.fr', '--out', 'x.csv'])).toEqual({
      request: { command: 'export', email: 'a@b.fr' },
      out: 'x.csv',
    })
    expect(parseCommandLine(['erase', '--email', ' a@b.fr '])).toEqual({
      request: { command: 'erase', email: 'a@b.fr' },
    })
    expect(parseCommandLine(['purge'])).toEqual({ request: { command: 'purge' } })
  })

  it.each([[[]], [['drop']], [['erase']], [['erase', '--email']], [['export', '--all']]])(
    'refuses %j with a message',
    (args) => {
      expect(() => parseCommandLine(args)).toThrow(/./)
    },
  )
})

describe.each(databaseKinds())('lead commands on the %s database', (kind) => {
  const relay = useTestRelay(kind)

  async function post(lead: Record<string, unknown>) {
    const response = await relay().app.inject({
      method: 'POST',
      url: '/api/leads',
      headers: { 'content-type': 'application/json', 'user-agent': 'Navigateur, "test"' },
      payload: JSON.stringify(lead),
      remoteAddress: '203.0.113.9',
    })
    expect(response.statusCode).toBe(202)
  }

  const ageLeads = async (email: string, interval: string) => {
    await relay().db.query('UPDATE leads SET received_at = now() - $2::interval WHERE email = $1', [
      email,
      interval,
    ])
    await relay().db.query(
      'UPDATE contacts SET last_interaction_at = now() - $2::interval WHERE email = $1',
      [email, interval],
    )
  }

  it('exports the leads as CSV with their consent proof, one row each', async () => {
    const lead = validLead({ nom: "=cmd|' /C calc'!A;", prenom: 'Zoé;+"la grande"' })
    await post(lead)
    const csv = await runLeadCommand(
      relay().db,
      { command: 'export', email: lead.email as string },
      relay().erasures,
    )
    const [header, row, end] = csv.split('\r\n')
    expect(cellsOf(header).join(',')).toBe(
      'id,received_at,last_interaction_at,delivered_at,nom,prenom,email,telephone,source,page_url,timestamp,consentement_texte,consentement_publicite,client_ip,user_agent,rappel_prefere,montant_emprunte,duree_restante_ans,age,cotisation_mensuelle,assures,economie_min,economie_max,bareme,utm_source,utm_medium,utm_campaign,utm_content,utm_term,fbclid,gclid,gbraid,wbraid,consentement_retire_le,statut,statut_modifie_le,motif_perte,prime_annuelle,note_statut,historique_statuts',
    )
    const cells = cellsOf(row)
    expect(cells[0]).toMatch(/^[0-9a-f-]{36}$/)
    expect(cells[1]).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z$/)
    expect(cells.slice(4, 15)).toEqual([
      "'=cmd|' /C calc'!A;",
      `Zoé;'+"la grande"`,
      lead.email,
      '0612345678',
      'facebook_ads',
      'https://assurance.example/?utm_source=facebook',
      '2026-11-22T10:00:00.000Z',
      lead.consentement_texte,
      'non',
      '203.0.113.9',
      'Navigateur, "test"',
    ])
    // No callback time, estimate, origin or withdrawal: their nineteen cells are empty; the lead
    // is at its first stage, never changed.
    expect(cells.slice(15, 34)).toEqual(Array(19).fill(''))
    expect(cells.slice(34)).toEqual(['nouveau', '', '', '', '', ''])
    expect(end).toBe('')
    const all = await runLeadCommand(relay().db, { command: 'export' }, relay().erasures)
    expect(all.split('\r\n').length).toBeGreaterThan(2)
  })

  it('exports the preferred callback time and the estimate with the relay’s own figures', async () => {
    const lead = validLead({
      rappel_prefere: 'soir',
      simulation: {
        montant_emprunte: 250_000,
        duree_restante_ans: 15,
        age: 45,
        cotisation_mensuelle: 190,
        assures: 'deux_100',
        economie_min: 1,
        economie_max: 999_999,
        bareme: 'ancien',
      },
    })
    await post(lead)
    const csv = await runLeadCommand(
      relay().db,
      { command: 'export', email: lead.email as string },
      relay().erasures,
    )
    const [, row] = csv.split('\r\n')
    expect(cellsOf(row).slice(-25, -16)).toEqual([
      'soir',
      '250000',
      '15',
      '45',
      '190',
      'deux_100',
      '4200',
      '22200',
      rateTableVersion,
    ])
  })

  it('exports where the lead came from, from its own columns, before the withdrawal date', async () => {
    const lead = validLead({
      utm_source: 'facebook',
      utm_medium: 'paid',
      utm_campaign: '120210000000000001',
      utm_content: '=1+1, "A"',
      fbclid: 'IwAR2F_abc-DEF',
    })
    await post(lead)
    // The columns, not the payload, are what the export reads.
    await relay().db.query(`UPDATE leads SET utm_medium = 'from-column' WHERE email = $1`, [
      lead.email,
    ])
    const csv = await runLeadCommand(
      relay().db,
      { command: 'export', email: lead.email as string },
      relay().erasures,
    )
    const [, row] = csv.split('\r\n')
    expect(cellsOf(row).slice(-16, -6)).toEqual([
      'facebook',
      'from-column',
      '120210000000000001',
      `'=1+1, "A"`,
      '',
      'IwAR2F_abc-DEF',
      '',
      '',
      '',
      '',
    ])
  })

  it('erases every lead of one person, whatever the case of the address, and nobody else’s', async () => {
    const person = validLead()
    const email = person.email as string
    await post(person)
    await post({ ...person, telephone: '0711111111' })
    const other = validLead()
    await post(other)
    const output = await runLeadCommand(
      relay().db,
      {
        command: 'erase',
        email: ` ${email.toUpperCase()} `,
      },
      relay().erasures,
    )
    expect(output).toContain('Erased 2 lead(s)')
    expect(
      await runLeadCommand(relay().db, { command: 'export', email }, relay().erasures).then(
        (csv) => csv.split('\r\n').length,
      ),
    ).toBe(2)
    const queued = await relay().db.query(
      'SELECT 1 FROM lead_deliveries d LEFT JOIN leads l ON l.id = d.lead_id WHERE l.id IS NULL',
    )
    expect(queued).toHaveLength(0)
    const kept = await relay().db.query('SELECT 1 FROM leads WHERE email = $1', [other.email])
    expect(kept).toHaveLength(1)
    // The person's last interaction goes too; the other one's stays.
    const contacts = await relay().db.query<{ email: string }>(
      'SELECT email FROM contacts WHERE email = ANY($1::text[])',
      [[email, other.email]],
    )
    expect(contacts).toEqual([{ email: other.email }])
  })

  it('purges leads 3 years after the last interaction, and a new request restarts the clock', async () => {
    const expired = validLead()
    const recent = validLead()
    const returning = validLead()
    for (const lead of [expired, recent, returning]) await post(lead)
    await ageLeads(expired.email as string, '3 years 1 day')
    await ageLeads(recent.email as string, '2 years 364 days')
    await ageLeads(returning.email as string, '3 years 1 day')
    // The returning person asks again (another phone): all their leads count from today.
    await post({ ...returning, telephone: '0799999999' })

    const output = await runLeadCommand(relay().db, { command: 'purge' }, relay().erasures)
    expect(output).toMatch(/Deleted 1 lead\(s\) with no interaction for 3 years/)
    const left = await relay().db.query<{ email: string }>(
      'SELECT email FROM leads WHERE email = ANY($1::text[])',
      [[expired.email, recent.email, returning.email]],
    )
    expect(left.map((row) => row.email).sort()).toEqual(
      [recent.email, returning.email, returning.email].map(String).sort(),
    )
    const contacts = await relay().db.query<{ email: string }>(
      'SELECT email FROM contacts WHERE email = ANY($1::text[]) ORDER BY email',
      [[expired.email, recent.email, returning.email]],
    )
    expect(contacts.map((row) => row.email)).toEqual(
      [recent.email, returning.email].map(String).sort(),
    )
  })
})
