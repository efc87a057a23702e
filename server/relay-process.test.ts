/**
 * The real server process: killed with SIGKILL after acknowledging leads, restarted, and every
 * lead still delivered to the webhook and by email; stopped with SIGTERM in the middle of a request
 * and with idle connections open; two instances sharing one PostgreSQL; the lead commands run
 * against a running server.
 */
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import { rm, writeFile } from 'node:fs/promises'
import { promisify } from 'node:util'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createFakeSite, createTempDir } from './test-support/fake-site'
import { startForwardTarget, type ForwardTarget } from './test-support/forward-target'
import { validLead, waitFor } from './test-support/lead-fixtures'
import {
  postLeadTo,
  sharedInstanceEnv,
  startRelayProcess,
  type RelayProcess,
} from './test-support/relay-process'
import { lockFilePath } from './storage/embedded-lock'
import { startSmtpStandIn, type SmtpStandIn } from './test-support/smtp-stand-in'
import {
  createPostgresDatabase,
  databaseKinds,
  postgresUrl,
  type TestDatabase,
} from './test-support/test-databases'

const execFileAsync = promisify(execFile)

let distDir: string
beforeAll(async () => {
  distDir = await createFakeSite()
})
afterAll(() => rm(distDir, { recursive: true, force: true }))

describe.each(databaseKinds())('the server process on the %s database', (kind) => {
  let target: ForwardTarget
  let smtp: SmtpStandIn
  let dataDir: string
  let database: TestDatabase | undefined
  const running: RelayProcess[] = []

  beforeAll(async () => {
    target = await startForwardTarget()
    smtp = await startSmtpStandIn()
    dataDir = await createTempDir('relay-process-')
    database = kind === 'postgres' ? await createPostgresDatabase() : undefined
  })
  afterEach(async () => {
    for (const relay of running.splice(0)) {
      relay.child.kill('SIGKILL')
      await relay.exited
    }
  })
  afterAll(async () => {
    await target.close()
    await smtp.stop()
    await database?.drop()
    await rm(dataDir, { recursive: true, force: true })
  })

  const env = () => ({
    ...(database ? sharedInstanceEnv : {}),
    DIST_DIR: distDir,
    DATA_DIR: dataDir,
    BACKUP_DIR: `${dataDir}/backups`,
    DATABASE_URL: database?.url ?? '',
    LEAD_FORWARD_URL: target.url,
    SMTP_URL: smtp.url,
    MAIL_FROM: 'alertes@courtier.example',
    LEAD_ALERT_TO: 'conseil@courtier.example',
    FORWARD_TIMEOUT_MS: '500',
    LOG_LEVEL: 'warn',
  })

  async function start(): Promise<RelayProcess> {
    const relay = await startRelayProcess(env())
    running.push(relay)
    return relay
  }

  const cli = (...args: string[]) =>
    execFileAsync(process.execPath, ['--import', 'tsx', 'server/commands/leads-cli.ts', ...args], {
      env: {
        PATH: process.env.PATH ?? '',
        DATA_DIR: dataDir,
        BACKUP_DIR: `${dataDir}/backups`,
        DATABASE_URL: database?.url ?? '',
      },
    })

  it('delivers every acknowledged lead after a SIGKILL in mid-delivery and a restart', async () => {
    target.mode = 'hang'
    target.received.length = 0
    // The mail server is down too: the emails wait, each on its own schedule.
    await smtp.stop()
    smtp.received.length = 0
    const first = await start()
    const leads = Array.from({ length: 20 }, () => validLead())
    for (const [index, lead] of leads.entries()) {
      const response = await postLeadTo(first.url, lead, `192.0.2.${index + 1}`)
      expect(response.status).toBe(202)
    }
    await waitFor(() => target.received.length >= 10, { what: 'deliveries in flight' })
    first.child.kill('SIGKILL')
    expect(await first.exited).toBe('SIGKILL')

    target.mode = 'ok'
    await smtp.start()
    const second = await start()
    // Leases of the killed process run out after 2 × 500 ms + 5 s; retries wait their backoff.
    await waitFor(() => target.deliveredCounts().size === 20, {
      timeoutMs: 60_000,
      what: 'all 20 leads delivered after the restart',
    })
    const delivered = target.deliveredCounts()
    expect([...delivered.values()].every((count) => count === 1)).toBe(true)
    const emails = target.received
      .filter((delivery) => delivery.answered === 'ok')
      .map((delivery) => delivery.body.email)
    expect(new Set(emails)).toEqual(new Set(leads.map((lead) => lead.email)))
    // Emails are sent at least once: one whose answer came too late on a loaded machine may be
    // sent again, so what counts is that no lead is left without its alert and confirmation.
    const alerts = () =>
      smtp.received.filter((mail) => mail.to.includes('conseil@courtier.example'))
    const confirmed = () =>
      new Set(
        smtp.received.flatMap((mail) => mail.to).filter((to) => to !== 'conseil@courtier.example'),
      )
    await waitFor(() => alerts().length >= 20 && confirmed().size === 20, {
      timeoutMs: 60_000,
      what: 'an alert and a confirmation for each of the 20 leads',
    })
    expect([...confirmed()].sort()).toEqual(leads.map((lead) => lead.email as string).sort())
    // The target has answered; the server marks the row delivered just after, so wait for it.
    await waitFor(
      async () =>
        ((await (await fetch(`${second.url}/healthz`)).json()) as { outbox: { pending: number } })
          .outbox.pending === 0,
      { what: 'an empty outbox after the last delivery' },
    )
  }, 120_000)

  it('answers the request in flight on SIGTERM, then exits cleanly with the lead stored', async () => {
    target.mode = 'ok'
    const relay = await start()
    const lead = validLead()
    const body = JSON.stringify(lead)
    const { port } = new URL(relay.url)
    const answer = new Promise<http.IncomingMessage>((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          path: '/api/leads',
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            'Content-Length': Buffer.byteLength(body),
          },
        },
        (response) => {
          response.resume()
          resolve(response)
        },
      )
      request.on('error', reject)
      // Half the body now, SIGTERM, the rest later: the request is in flight during the shutdown.
      request.write(body.slice(0, 40))
      setTimeout(() => relay.child.kill('SIGTERM'), 200)
      setTimeout(() => request.end(body.slice(40)), 600)
    })
    const response = await answer
    expect(response.statusCode).toBe(202)
    // Not kept alive for a server on its way out.
    expect(response.headers.connection).toBe('close')
    expect(await relay.exited).toBe(0)
    running.splice(running.indexOf(relay), 1)
    const { stdout } = await cli('export', '--email', lead.email as string)
    expect(stdout).toContain(lead.email as string)
  }, 60_000)

  it('exits 0 at once on SIGTERM with idle connections open, and starts again', async () => {
    const relay = await start()
    const { port } = new URL(relay.url)
    const connect = () =>
      new Promise<net.Socket>((resolve, reject) => {
        const socket = net.connect(Number(port), '127.0.0.1', () => resolve(socket))
        socket.on('error', reject)
      })
    // A browser's preconnect, which never sent a request, and a keep-alive connection at rest.
    const preconnect = await connect()
    const keptAlive = await connect()
    const answered = new Promise((resolve) => keptAlive.once('data', resolve))
    keptAlive.write('GET /healthz HTTP/1.1\r\nHost: relay\r\n\r\n')
    await answered
    const sent = Date.now()
    relay.child.kill('SIGTERM')
    expect(await relay.exited).toBe(0)
    expect(Date.now() - sent).toBeLessThan(2_000)
    running.splice(running.indexOf(relay), 1)
    preconnect.destroy()
    keptAlive.destroy()
    if (kind === 'embedded') expect(existsSync(lockFilePath(dataDir))).toBe(false)
    await start()
  }, 60_000)

  it('runs export, erase and purge on the database while the server runs', async () => {
    const relay = await start()
    const lead = validLead()
    expect((await postLeadTo(relay.url, lead)).status).toBe(202)
    const exported = await cli('export', '--email', (lead.email as string).toUpperCase())
    expect(exported.stdout.split('\r\n')[1]).toContain(`,"${lead.email as string}","0612345678",`)
    const erased = await cli('erase', '--email', lead.email as string)
    expect(erased.stdout).toContain('Erased 1 lead(s)')
    expect(
      (await cli('export', '--email', lead.email as string)).stdout.trim().split('\r\n'),
    ).toHaveLength(1)
    expect((await cli('purge')).stdout).toContain('Deleted 0 lead(s)')
    await expect(cli('erase')).rejects.toMatchObject({ stderr: expect.stringContaining('--email') })
  }, 60_000)

  it.runIf(kind === 'embedded')(
    'refuses to open an embedded database another process holds',
    async () => {
      const first = await start()
      const second = startRelayProcess(env())
      await expect(second).rejects.toThrow(
        `The embedded database in ${dataDir} is in use by process ${first.child.pid}. ` +
          'Stop it first, or set DATABASE_URL',
      )
    },
    60_000,
  )

  it.runIf(kind === 'embedded')(
    'starts over a lock file naming a live process, and right after a SIGKILL',
    async () => {
      // A pid reused by an unrelated process, or a zombie not yet reaped: alive, holding nothing.
      await writeFile(lockFilePath(dataDir), String(process.pid))
      const first = await start()
      first.child.kill('SIGKILL')
      await start()
    },
    60_000,
  )
})

describe('the server process with a bad configuration', () => {
  it('exits with code 1 and one English message per bad variable', async () => {
    const failure = await execFileAsync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: {
        PATH: process.env.PATH ?? '',
        DIST_DIR: distDir,
        PORT: 'abc',
        DATABASE_URL: 'mysql://relay:hunter2@db.example.com/leads',
        LEAD_FORWARD_URL: 'hooks.example.com/lead',
      },
    }).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    )
    expect(failure?.code).toBe(1)
    expect(failure?.stderr).toContain('PORT must be a whole number from 0 to 65535, got "abc".')
    expect(failure?.stderr).toContain('DATABASE_URL must start with postgres://')
    expect(failure?.stderr).toContain('LEAD_FORWARD_URL must be an absolute http(s) URL')
    expect(failure?.stderr).not.toContain('hunter2')
  }, 30_000)
})

describe.runIf(postgresUrl)('two server processes on one PostgreSQL', () => {
  it('deliver each lead exactly once, never twice at the same time', async () => {
    const target = await startForwardTarget({ delayMs: 30 })
    const database = await createPostgresDatabase()
    const dataDir = await createTempDir('relay-pair-')
    const env = {
      ...sharedInstanceEnv,
      DIST_DIR: distDir,
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      LEAD_FORWARD_URL: target.url,
      FORWARD_TIMEOUT_MS: '2000',
      LOG_LEVEL: 'warn',
    }
    const pair = await Promise.all([startRelayProcess(env), startRelayProcess(env)])
    try {
      const leads = Array.from({ length: 60 }, () => validLead())
      await Promise.all(
        leads.map((lead, index) =>
          postLeadTo(pair[index % 2]!.url, lead, `198.51.100.${index + 1}`).then((response) =>
            expect(response.status).toBe(202),
          ),
        ),
      )
      await waitFor(() => target.deliveredCounts().size === 60, {
        timeoutMs: 30_000,
        what: 'all 60 leads delivered',
      })
      // Give a second delivery of any lead the time to show up.
      await new Promise((resolve) => setTimeout(resolve, 1_500))
      expect(target.received).toHaveLength(60)
      expect([...target.deliveredCounts().values()].every((count) => count === 1)).toBe(true)
      expect(target.overlapping).toEqual([])
    } finally {
      for (const relay of pair) relay.child.kill('SIGTERM')
      await Promise.all(pair.map((relay) => relay.exited))
      await target.close()
      await database.drop()
      await rm(dataDir, { recursive: true, force: true })
    }
  }, 90_000)
})
