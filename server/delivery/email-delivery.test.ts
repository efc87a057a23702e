import { afterEach, describe, expect, it } from 'vitest'
import { siteConfig } from '../../common/site-config/site-config'
import { callerVcard } from '../../common/site-config/caller-vcard'
import { telHref } from '../../common/phone'
import { parseVcard } from '../../e2e/support/vcard'
import { parseLeadPayload } from '../api/parse-lead'
import { runLeadCommand } from '../commands/lead-commands'
import { startForwardTarget, type ForwardTarget } from '../test-support/forward-target'
import { validLead, waitFor } from '../test-support/lead-fixtures'
import { startSmtpStandIn, smtpPassword, type SmtpStandIn } from '../test-support/smtp-stand-in'
import { storeLead } from '../storage/lead-store'
import { databaseKinds } from '../test-support/test-databases'
import { roomyRateLimits, startTestRelay, type TestRelay } from '../test-support/test-relay'

const fastRetries = { backoff: { baseMs: 50, maxMs: 400 }, pollMs: 50, rateLimits: roomyRateLimits }
const brokerAddresses = ['conseil@courtier.example', 'direction@courtier.example']

describe.each(databaseKinds())('email deliveries on the %s database', (kind) => {
  let relay: TestRelay | undefined
  let target: ForwardTarget | undefined
  let smtp: SmtpStandIn | undefined

  afterEach(async () => {
    await relay?.stop()
    await target?.close()
    await smtp?.stop()
  })

  async function start() {
    target = await startForwardTarget()
    smtp = await startSmtpStandIn()
    relay = await startTestRelay(
      kind,
      {
        leadForwardUrl: target.url,
        publicUrl: 'https://assurance.example',
        smtp: {
          url: smtp.url,
          from: 'Alertes <alertes@courtier.example>',
          alertTo: brokerAddresses,
          confirmation: true,
        },
      },
      fastRetries,
    )
    return { relay, target, smtp }
  }

  const post = (body: unknown) =>
    relay!.app.inject({
      method: 'POST',
      url: '/api/leads',
      headers: { 'content-type': 'application/json', 'user-agent': 'Test' },
      payload: JSON.stringify(body),
    })
  const states = async () =>
    Object.fromEntries(
      (
        await relay!.db.query<{ destination: string; state: string; last_error: string | null }>(
          "SELECT destination, state, last_error FROM lead_deliveries WHERE event = 'lead'",
        )
      ).map((row) => [row.destination, row]),
    )

  const lead = () =>
    validLead({
      nom: 'Martin <b>',
      utm_campaign: '120210000000001',
      fbclid: 'IwAR0abc',
      rappel_prefere: 'matin',
      simulation: {
        montant_emprunte: 200_000,
        duree_restante_ans: 20,
        age: 32,
        cotisation_mensuelle: null,
        assures: 'seul',
        economie_min: 2_400,
        economie_max: 10_800,
        bareme: '2026-11-22',
      },
    })

  it('sends the broker an alert with everything needed to call, and the visitor a confirmation', async () => {
    const { smtp } = await start()
    const body = lead()
    expect((await post(body)).statusCode).toBe(202)
    await waitFor(() => smtp.received.length === 2, { what: 'two emails' })
    const alert = smtp.received.find((mail) => mail.to.includes(brokerAddresses[0]!))!
    const confirmation = smtp.received.find((mail) => mail.to.includes(body.email as string))!

    expect(alert.to).toEqual(brokerAddresses)
    expect(alert.from).toBe('alertes@courtier.example')
    // What a lock screen shows: the first name and the initial, nothing to reach the person by.
    expect(alert.parsed.subject).toBe('Nouvelle demande\u00a0: Élodie M.')
    expect(alert.parsed.replyTo?.value[0]?.address).toBe(body.email)
    const text = alert.parsed.text ?? ''
    const html = String(alert.parsed.html)
    expect(html).toContain('href="tel:+33612345678"')
    expect(html).toContain(`href="mailto:${body.email as string}"`)
    expect(html).toContain('Martin &lt;b&gt;')
    expect(html).not.toContain('Martin <b>')
    for (const expected of [
      'reçue le ',
      'Nom : Élodie Martin <b>',
      'Créneau préféré : Le matin (10 h – 13 h)',
      'Montant emprunté : 200 000 €',
      'Téléphone : 06 12 34 56 78',
      'Économie estimée : entre 2 400 € et 10 800 € sur 20 ans',
      'Page : https://assurance.example/?utm_source=facebook',
      'utm_campaign : 120210000000001',
      'fbclid : IwAR0abc',
      `Texte accepté : ${body.consentement_texte as string}`,
      'du lundi au vendredi, 10 h – 13 h et 14 h – 20 h',
      'D223-9',
      'R112-7',
      'À appeler avant le ',
    ]) {
      // No-break spaces folded on both sides: the ORIAS number in the consent text has some.
      expect(text.replaceAll('\u00a0', ' ')).toContain(expected.replaceAll('\u00a0', ' '))
    }
    const [stored] = await relay!.db.query<{ id: string }>('SELECT id FROM leads LIMIT 1')
    expect(text).toContain(`Lead\u00a0: ${stored!.id}`)

    expect(confirmation.to).toEqual([body.email])
    const visitorText = (confirmation.parsed.text ?? '').replaceAll('\u00a0', ' ')
    expect(visitorText).toContain(siteConfig.company.legalName)
    const folded = (text: string) => text.replaceAll('\u00a0', ' ')
    expect(visitorText).toContain(folded(`ORIAS sous le n° ${siteConfig.company.orias}`))
    expect(visitorText).toContain(folded(`depuis le ${siteConfig.callerPhone}`))
    // Who calls, from which number, and the card to save it, attached and online (issue 29).
    expect(visitorText).toContain(
      folded(`Appel de : un conseiller de l’équipe ${siteConfig.brandName}`),
    )
    expect(visitorText).toContain(folded(`Numéro d’appel : ${siteConfig.callerPhone}`))
    expect(siteConfig.callerPhone).toMatch(/^0\d(\u00a0\d\d){4}$/)
    expect(visitorText).toContain(
      'Enregistrer notre numéro : https://assurance.example/contact.vcf',
    )
    const [card, ...others] = confirmation.parsed.attachments
    expect(others).toHaveLength(0)
    expect(card!.contentType).toBe('text/vcard')
    expect(card!.filename).toBe(`${siteConfig.brandName}.vcf`)
    expect(card!.content.toString('utf8')).toBe(callerVcard(siteConfig))
    const tel = parseVcard(card!.content.toString('utf8')).find((line) => line.name === 'TEL')
    expect(tel?.value).toBe(telHref(siteConfig.callerPhone).replace('tel:', ''))
    expect(alert.parsed.attachments).toHaveLength(0)
    expect(visitorText).toContain('sous 48 heures, le matin (10 h – 13 h), du lundi au vendredi')
    expect(visitorText).toContain('au 06 12 34 56 78')
    expect(visitorText).toMatch(/^Bonjour Élodie,/m)
    expect(visitorText).toContain('Économie estimée : entre 2 400 € et 10 800 € sur 20 ans')
    // A label is never followed by a second one that says the same thing.
    for (const email of [text, visitorText]) expect(email).not.toMatch(/: Votre estimation/)
    expect(visitorText).toContain(folded(body.consentement_texte as string))
    expect(visitorText).toContain('https://assurance.example/politique-confidentialite')
    expect(visitorText).toMatch(/https:\/\/assurance\.example\/retrait-consentement\?jeton=\S+/)
    expect(relay!.logLines.join('')).not.toContain(smtpPassword)
    expect(relay!.logLines.join('')).not.toContain(body.email as string)

    // The page's long address is a short link: its host and path, the whole address behind it.
    expect(html).toMatch(
      /<a href="https:\/\/assurance\.example\/\?utm_source=facebook"[^>]*>assurance\.example\/<\/a>/,
    )
  }, 30_000)

  it('greets only a plain name and quotes nothing else a visitor typed, even from a lead stored before names were checked', async () => {
    const { smtp } = await start()
    const hostile =
      'client. URGENT : votre contrat est suspendu, regularisez sur https://phish.example/login sous 24 h'
    const parsed = parseLeadPayload(validLead({ email: 'tiers@exemple.fr' }))
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors))
    // Stored as the relay stored leads before names were checked: straight into the database.
    const payload = {
      ...parsed.payload,
      prenom: hostile,
      nom: 'Martin\r\nBcc: autre@exemple.fr <script>',
      utm_campaign: '<img src=x onerror=alert(1)>',
    }
    const stored = await storeLead(relay!.db, {
      payload,
      clientIp: '127.0.0.1',
      userAgent: 'Test',
      destinations: ['email_courtier', 'email_visiteur'],
    })
    expect(stored.status).toBe('stored')
    await waitFor(() => smtp.received.length === 2, { what: 'two emails' })
    const confirmation = smtp.received.find((mail) => mail.to.includes('tiers@exemple.fr'))!
    const alert = smtp.received.find((mail) => mail.to.includes(brokerAddresses[0]!))!

    const visitorText = confirmation.parsed.text ?? ''
    const visitorHtml = String(confirmation.parsed.html)
    expect(visitorText).toMatch(/^Bonjour,$/m)
    expect(visitorHtml).toContain('<p>Bonjour,</p>')
    for (const part of [visitorText, visitorHtml, confirmation.parsed.subject ?? '']) {
      for (const words of ['URGENT', 'phish.example', 'suspendu', 'Martin', 'Bcc']) {
        expect(part).not.toContain(words)
      }
    }
    expect(visitorText.replaceAll('\u00a0', ' ')).toContain('au 06 12 34 56 78')

    // The broker's alert shows what was typed, as text: nothing of it becomes markup or a header.
    expect(alert.to).toEqual(brokerAddresses)
    const alertHtml = String(alert.parsed.html)
    expect(alertHtml).not.toMatch(/<script|<img/)
    expect(alertHtml).toContain('&lt;img src=x onerror=alert(1)&gt;')
    expect(alert.parsed.text).toContain(hostile)
    expect(alert.parsed.headers.has('bcc')).toBe(false)
    expect(alert.parsed.subject).not.toMatch(/[\r\n]/)
  }, 30_000)

  it('retries each destination on its own: a down SMTP server never delays the webhook', async () => {
    const { smtp, target } = await start()
    await smtp.stop()
    await post(lead())
    await waitFor(async () => (await states()).webhook?.state === 'delivered', {
      what: 'the webhook delivery',
    })
    expect(target.received).toHaveLength(1)
    const down = await states()
    expect(down.email_courtier).toMatchObject({ state: 'pending' })
    expect(down.email_visiteur).toMatchObject({ state: 'pending' })
    expect(down.email_courtier!.last_error).toMatch(/ECONNREFUSED|ESOCKET|ECONNECTION/)

    await smtp.start()
    await waitFor(() => smtp.received.length === 2, { what: 'both emails once SMTP is back' })
    await waitFor(async () => (await states()).email_courtier?.state === 'delivered', {
      what: 'emails recorded as delivered',
    })
    expect(target.received).toHaveLength(1)
  }, 30_000)

  it('retries a 451 and parks a 550 with its reply code, without touching the webhook', async () => {
    const { smtp } = await start()
    smtp.mode = 'tempfail'
    await post(lead())
    await waitFor(() => smtp.refused.length >= 4, { what: 'two refused rounds' })
    expect((await states()).email_courtier).toMatchObject({
      state: 'pending',
      last_error: 'SMTP 451',
    })
    smtp.mode = 'reject'
    await waitFor(
      async () => {
        const now = await states()
        return now.email_courtier?.state === 'parked' && now.email_visiteur?.state === 'parked'
      },
      { what: 'both emails parked' },
    )
    expect((await states()).email_courtier).toMatchObject({ last_error: 'SMTP 550' })
    expect((await states()).webhook).toMatchObject({ state: 'delivered' })
  }, 30_000)

  it('withdraws consent from the link: a GET asks, a POST withdraws once and tells the broker', async () => {
    const { smtp, target } = await start()
    target.mode = 'fail'
    const body = lead()
    await post(body)
    // A second request of the same address with another phone, and one of another address with
    // the same phone: the link proves the address only.
    await post({ ...body, telephone: '07 22 33 44 55' })
    const samePhone = validLead({ telephone: body.telephone })
    await post(samePhone)
    await waitFor(() => smtp.received.length === 6, { what: 'alerts and confirmations' })
    // Either of the address's two links: each proves the address.
    const confirmation = smtp.received.find((mail) => mail.to.includes(body.email as string))!
    const link = /https:\/\/assurance\.example(\/retrait-consentement\?jeton=\S+)/.exec(
      confirmation.parsed.text ?? '',
    )![1]!
    const token = new URL(link, 'https://x').searchParams.get('jeton')!

    const page = await relay!.app.inject({ method: 'GET', url: link })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toMatch(/^text\/html/)
    expect(page.body).toContain('method="post"')
    expect(page.body).toContain('Confirmer')
    const untouched = await relay!.db.query(
      'SELECT 1 FROM leads WHERE consent_withdrawn_at IS NOT NULL',
    )
    expect(untouched).toHaveLength(0)

    // Backdated, to see the withdrawal restart the retention period of its address only.
    await relay!.db.query("UPDATE contacts SET last_interaction_at = now() - interval '1 year'")
    const confirm = () =>
      relay!.app.inject({
        method: 'POST',
        url: '/retrait-consentement',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ jeton: token }).toString(),
      })
    const done = await confirm()
    expect(done.statusCode).toBe(200)
    expect(done.body).toContain('nous ne vous appellerons pas')
    const leads = await relay!.db.query<{ email: string; withdrawn: boolean; marked: boolean }>(
      `SELECT email, consent_withdrawn_at IS NOT NULL AS withdrawn,
         withdrawal_to_confirm_at IS NOT NULL AS marked
       FROM leads ORDER BY email = $1 DESC, telephone`,
      [body.email],
    )
    expect(leads).toEqual([
      { email: body.email, withdrawn: true, marked: false },
      { email: body.email, withdrawn: true, marked: false },
      { email: samePhone.email, withdrawn: false, marked: true },
    ])
    const refreshed = await relay!.db.query<{ email: string }>(
      "SELECT email FROM contacts WHERE last_interaction_at > now() - interval '1 minute'",
    )
    expect(refreshed).toEqual([{ email: body.email }])
    // The webhook had not received any lead yet: those of the address are stopped.
    const stopped = await relay!.db.query<{ email: string; state: string }>(
      `SELECT l.email, d.state FROM lead_deliveries AS d JOIN leads AS l ON l.id = d.lead_id
       WHERE d.destination = 'webhook' AND d.event = 'lead' AND d.state = 'cancelled'`,
    )
    expect(stopped).toEqual([
      { email: body.email, state: 'cancelled' },
      { email: body.email, state: 'cancelled' },
    ])

    target.mode = 'ok'
    await waitFor(
      () => smtp.received.some((mail) => (mail.parsed.subject ?? '').startsWith('Ne plus appeler')),
      { what: 'the broker told by email' },
    )
    const notice = smtp.received.find((mail) =>
      (mail.parsed.subject ?? '').startsWith('Ne plus appeler'),
    )!
    expect(notice.parsed.subject).toBe(`Ne plus appeler\u00a0: Élodie Martin <b> – ${body.email}`)
    expect(notice.parsed.text).toContain(
      'Une demande faite avec le même téléphone depuis une autre adresse reste à appeler',
    )
    // The other address's lead may get through first.
    const told = () =>
      target.received.find(
        (delivery) =>
          delivery.answered === 'ok' && delivery.body.evenement === 'retrait_consentement',
      )
    await waitFor(() => told() !== undefined, { what: 'the broker told by webhook' })
    const event = told()!
    expect(event.body).toMatchObject({
      evenement: 'retrait_consentement',
      consigne: 'ne plus appeler',
      portee: 'email',
      telephone: '0612345678',
    })
    // The address's leads never got through, only the withdrawal; the other address's lead did.
    await waitFor(
      () =>
        target.received.some(
          (delivery) => delivery.answered === 'ok' && delivery.body.email === samePhone.email,
        ),
      { what: 'the lead sharing only the phone delivered' },
    )
    // Of the address, the withdrawal reached the webhook, and nothing after it. A lead whose
    // attempt had already been claimed when the withdrawal came may have got through just
    // before (at least once: a claimed attempt is not called back), never after the event.
    const ofAddress = target.received.filter(
      (delivery) => delivery.answered === 'ok' && delivery.body.email === body.email,
    )
    const withdrawal = ofAddress.findIndex(
      (delivery) => delivery.body.evenement === 'retrait_consentement',
    )
    expect(withdrawal).toBeGreaterThanOrEqual(0)
    expect(ofAddress.slice(withdrawal + 1)).toEqual([])
    expect(ofAddress.length).toBeLessThanOrEqual(2)

    const csv = await runLeadCommand(
      relay!.db,
      { command: 'export', email: body.email as string },
      relay!.erasures,
    )
    // The withdrawal time, in its column just before the lead's stage (export-csv.ts).
    expect(csv.split('\r\n')[1]).toMatch(/,"\d{4}-\d\d-\d\dT[\d:.]+Z","?nouveau"?,/)

    const again = await confirm()
    expect(again.statusCode).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, 300))
    const notices = smtp.received.filter((mail) =>
      (mail.parsed.subject ?? '').startsWith('Ne plus appeler'),
    )
    expect(notices).toHaveLength(1)
  }, 30_000)

  it('answers a valid link whose lead was erased with a clear page, never an error', async () => {
    const { smtp } = await start()
    const body = lead()
    await post(body)
    await waitFor(() => smtp.received.length === 2, { what: 'the emails' })
    const confirmation = smtp.received.find((mail) => mail.to.includes(body.email as string))!
    const token = /jeton=(\S+)/.exec(confirmation.parsed.text ?? '')![1]!
    await runLeadCommand(
      relay!.db,
      { command: 'erase', email: body.email as string },
      relay!.erasures,
    )
    const response = await relay!.app.inject({
      method: 'POST',
      url: '/retrait-consentement',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `jeton=${token}`,
    })
    expect(response.statusCode).toBe(404)
    expect(response.body).toContain('Nous ne trouvons plus cette demande')
  }, 30_000)

  it('stays "ok" with email only: leads waiting for a webhook that is off are not a failure', async () => {
    smtp = await startSmtpStandIn()
    relay = await startTestRelay(
      kind,
      {
        smtp: {
          url: smtp.url,
          from: 'alertes@courtier.example',
          alertTo: brokerAddresses,
          confirmation: false,
        },
      },
      fastRetries,
    )
    await post(lead())
    await waitFor(() => smtp!.received.length === 1, { what: 'the alert' })
    // The SMTP server has the alert a moment before the relay marks it delivered: dated back
    // while still pending, it would be a late delivery of its own.
    await waitFor(
      async () =>
        (
          await relay!.db.query(
            "SELECT 1 FROM lead_deliveries WHERE destination = 'email_courtier' AND state = 'delivered'",
          )
        ).length === 1,
      { what: 'the alert marked delivered' },
    )
    await relay.db.query("UPDATE lead_deliveries SET created_at = now() - interval '1 day'")
    const health = (await relay.app.inject({ method: 'GET', url: '/healthz' })).json() as {
      status: string
      destinations: Record<string, { pending: number; active: boolean }>
    }
    expect(health.status).toBe('ok')
    expect(health.destinations.webhook).toMatchObject({ pending: 1, active: false })
  }, 30_000)

  it.each([
    ['a forged token', 'abc.123.def'],
    ['a token signed with another secret', '00000000-0000-4000-8000-000000000000.99999999999.xyz'],
    ['no token', ''],
  ])(
    'answers %s with a clear page, never an error',
    async (_label, token) => {
      await start()
      for (const request of [
        { method: 'GET' as const, url: `/retrait-consentement?jeton=${encodeURIComponent(token)}` },
        {
          method: 'POST' as const,
          url: '/retrait-consentement',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: `jeton=${encodeURIComponent(token)}`,
        },
      ]) {
        const response = await relay!.app.inject(request)
        expect(response.statusCode).toBe(400)
        expect(response.body).toContain('Lien invalide')
      }
    },
    30_000,
  )
})
