/**
 * `npm run check` against the real server process with every channel configured, each a stand-in
 * on loopback (the webhook, the SMTP server, a push service over HTTPS trusted through
 * NODE_EXTRA_CA_CERTS, ntfy, Meta's Graph API): every line ✅ and exit 0; then each stand-in
 * broken in turn, its line ❌ and a non-zero exit. The test lead reaches each for real, stays out
 * of the funnel and is erased. Also: a stranger's test lead refused, and HEALTH_TOKEN.
 */
import { execFile } from 'node:child_process'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import webPush from 'web-push'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signTestLeadToken } from './api/test-lead-token'
import { backupFileName } from './backup/backup-files'
import { subscribeAdvisorDevice } from './test-support/admin-fixtures'
import { createFakeSite, createTempDir } from './test-support/fake-site'
import { startForwardTarget, type ForwardTarget } from './test-support/forward-target'
import { validLead } from './test-support/lead-fixtures'
import { startMetaGraphStandIn, type MetaGraphStandIn } from './test-support/meta-graph-stand-in'
import { startNtfyStandIn, type NtfyStandIn } from './test-support/ntfy-stand-in'
import {
  newDeviceKeys,
  startPushServiceStandIn,
  type PushServiceStandIn,
} from './test-support/push-service-stand-in'
import { postLeadTo, startRelayProcess, type RelayProcess } from './test-support/relay-process'
import { startSmtpStandIn, type SmtpStandIn } from './test-support/smtp-stand-in'
import {
  createPostgresDatabase,
  databaseKinds,
  type TestDatabase,
} from './test-support/test-databases'

const execFileAsync = promisify(execFile)
const appSecret = 'un-secret-d-application-de-plus-de-32-caracteres'
const healthToken = 'jeton-de-sante-assez-long-pour-la-config'
const webhookSecret = `whsec_${Buffer.alloc(32, 7).toString('base64')}`

describe.each(databaseKinds())('npm run check on the %s database', (kind) => {
  let distDir: string
  let dataDir: string
  let backupDir: string
  let database: TestDatabase | undefined
  let target: ForwardTarget
  let smtp: SmtpStandIn
  let pushService: PushServiceStandIn
  let ntfy: NtfyStandIn
  let graph: MetaGraphStandIn
  let relay: RelayProcess
  let env: Record<string, string>
  const vapid = webPush.generateVAPIDKeys()

  beforeAll(async () => {
    distDir = await createFakeSite()
    dataDir = await createTempDir('check-data-')
    backupDir = path.join(await createTempDir('check-backups-'), 'backups')
    database = kind === 'postgres' ? await createPostgresDatabase() : undefined
    target = await startForwardTarget()
    smtp = await startSmtpStandIn()
    pushService = await startPushServiceStandIn()
    ntfy = await startNtfyStandIn()
    graph = await startMetaGraphStandIn()
    await subscribeAdvisorDevice(
      { databaseUrl: database?.url, dataDir },
      { endpoint: pushService.endpoint('phone'), ...newDeviceKeys().json },
    )
    env = {
      DIST_DIR: distDir,
      DATA_DIR: dataDir,
      DATABASE_URL: database?.url ?? '',
      BACKUP_DIR: backupDir,
      APP_SECRET: appSecret,
      HEALTH_TOKEN: healthToken,
      LEAD_FORWARD_URL: target.url,
      LEAD_FORWARD_SECRET: webhookSecret,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Cabinet <leads@courtier.example>',
      LEAD_ALERT_TO: 'courtier@courtier.example',
      NTFY_URL: ntfy.url,
      META_CAPI_TOKEN: 'EAAB-jeton-de-test',
      META_PIXEL_ID: '123456789012345',
      META_GRAPH_URL: graph.url,
      META_TEST_EVENT_CODE: 'TEST4242',
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      VAPID_SUBJECT: 'mailto:courtier@courtier.example',
      NODE_EXTRA_CA_CERTS: pushService.caFile,
      FORWARD_TIMEOUT_MS: '2000',
      LOG_LEVEL: 'warn',
    }
    relay = await startRelayProcess(env)
  }, 120_000)

  afterAll(async () => {
    relay.child.kill('SIGKILL')
    await relay.exited
    await Promise.all([
      target.close(),
      smtp.stop(),
      pushService.stop(),
      ntfy.close(),
      graph.close(),
    ])
    await database?.drop()
    for (const dir of [dataDir, distDir, path.dirname(backupDir)]) {
      await rm(dir, { recursive: true, force: true })
    }
  })

  /** Runs the check as `npm run check` does (from source here), with the server's environment. */
  async function runCheck(): Promise<{ code: number; lines: string[] }> {
    const result = await execFileAsync(
      process.execPath,
      ['--import', 'tsx', 'server/commands/check-cli.ts', '--url', relay.url],
      { env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env } },
    ).then(
      (done) => ({ code: 0, stdout: done.stdout }),
      (error: { code: number; stdout: string; stderr: string }) => ({
        code: error.code,
        stdout: `${error.stdout}${error.stderr}`,
      }),
    )
    return { code: result.code, lines: result.stdout.trim().split('\n') }
  }

  async function leadsCommand(...args: string[]): Promise<string> {
    const { stdout } = await execFileAsync(
      process.execPath,
      ['--import', 'tsx', 'server/commands/leads-cli.ts', ...args],
      {
        env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, DATABASE_URL: database?.url ?? '' },
      },
    )
    return stdout
  }

  const lineOf = (lines: string[], label: string) =>
    lines.find((line) => line.slice(2).trimStart().startsWith(`${label}:`))

  it('passes every line with every channel working, and leaves no trace of its lead', async () => {
    const { code: noBackupCode, lines: noBackup } = await runCheck()
    expect(lineOf(noBackup, 'Backups')).toMatch(
      /^❌ Backups: none in .* — next step: npm run backup/,
    )
    expect(noBackupCode).toBe(1)

    await mkdir(backupDir, { recursive: true })
    await writeFile(path.join(backupDir, backupFileName(new Date())), '')
    for (const list of [target.received, smtp.received, pushService.received, ntfy.received]) {
      list.length = 0
    }
    graph.requests.length = 0

    const { code, lines } = await runCheck()
    expect(lines.filter((line) => !line.startsWith('✅'))).toEqual(['All checks passed.'])
    expect(code).toBe(0)
    for (const label of [
      'Site',
      'Privacy policy',
      'Test lead stored',
      'Webhook',
      'Alert email',
      'Confirmation email',
      'Push',
      'ntfy',
      'Meta',
      'Test lead erased',
      '/healthz',
      'Backups',
    ]) {
      expect(lineOf(lines, label), label).toMatch(/^✅/)
    }
    expect(lineOf(lines, 'Webhook')).toContain('signed (Standard Webhooks)')
    expect(lineOf(lines, 'Push')).toContain('each of 1 device(s) answered')

    // Each channel really got it, marked as a test.
    expect(target.received).toHaveLength(1)
    expect(target.received[0]!.body).toMatchObject({ est_test: true, nom: 'Vérification' })
    expect(target.received[0]!.headers['webhook-signature']).toMatch(/^v1,/)
    expect(
      smtp.received
        .map((mail) => mail.to)
        .flat()
        .sort(),
    ).toEqual(['courtier@courtier.example', 'courtier@courtier.example'])
    expect(pushService.received).toHaveLength(1)
    expect(ntfy.received).toHaveLength(1)
    expect(graph.requests).toHaveLength(1)
    expect(graph.requests[0]!.body).toMatchObject({ test_event_code: 'TEST4242' })

    // Not counted, not kept.
    const stats = JSON.parse(await leadsCommand('stats', '--json')) as { leads: number }[]
    expect(stats.reduce((sum, row) => sum + row.leads, 0)).toBe(0)
    expect((await leadsCommand('export')).trim().split('\n')).toHaveLength(1)
  }, 120_000)

  it('shows each broken channel’s ❌ line with its next step, and exits non-zero', async () => {
    const cases: {
      label: string[]
      breakIt: () => void
      mendIt: () => void
    }[] = [
      {
        label: ['Webhook'],
        breakIt: () => (target.mode = 'fail'),
        mendIt: () => (target.mode = 'ok'),
      },
      {
        label: ['Alert email', 'Confirmation email'],
        breakIt: () => (smtp.mode = 'reject'),
        mendIt: () => (smtp.mode = 'ok'),
      },
      {
        label: ['Push'],
        breakIt: () => pushService.answer(403),
        mendIt: () => pushService.answer(201),
      },
      { label: ['ntfy'], breakIt: () => (ntfy.mode = 'reject'), mendIt: () => (ntfy.mode = 'ok') },
      {
        label: ['Meta'],
        breakIt: () => (graph.mode = 'invalid'),
        mendIt: () => (graph.mode = 'ok'),
      },
    ]
    for (const { label, breakIt, mendIt } of cases) {
      breakIt()
      const { code, lines } = await runCheck()
      mendIt()
      for (const name of label) expect(lineOf(lines, name), name).toMatch(/^❌ .* — next step: /)
      expect(
        lines.filter((line) => line.startsWith('❌')),
        label.join(),
      ).toHaveLength(label.length)
      expect(lineOf(lines, 'Test lead erased')).toMatch(/^✅/)
      expect(code).toBe(1)
    }
    expect((await leadsCommand('export')).trim().split('\n')).toHaveLength(1)
  }, 180_000)

  it('refuses a test lead without the check’s token', async () => {
    const lead = validLead({ est_test: true })
    expect((await postLeadTo(relay.url, lead)).status).toBe(403)
    const forged = await fetch(`${relay.url}/api/leads`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Check-Token': signTestLeadToken('un-autre-secret-que-celui-du-serveur-32c'),
      },
      body: JSON.stringify(lead),
    })
    expect(forged.status).toBe(403)
    expect((await postLeadTo(relay.url, validLead({ est_test: 'oui' }))).status).toBe(400)
  })

  it('shows /healthz’s details only with HEALTH_TOKEN', async () => {
    const bare = await fetch(`${relay.url}/healthz`)
    expect(await bare.json()).toEqual({ status: 'ok' })
    for (const authorization of ['Bearer mauvais-jeton', `Basic ${healthToken}`]) {
      const wrong = await fetch(`${relay.url}/healthz`, {
        headers: { Authorization: authorization },
      })
      expect(await wrong.json()).toEqual({ status: 'ok' })
    }
    const detailed = await fetch(`${relay.url}/healthz`, {
      headers: { Authorization: `Bearer ${healthToken}` },
    })
    expect(await detailed.json()).toMatchObject({
      status: 'ok',
      database: kind,
      destinations: { webhook: { active: true }, email_courtier: { active: true } },
    })
  })
})
