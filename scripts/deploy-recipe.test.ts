/**
 * deploy/, run for real: Debian's Caddy with the production Caddyfile (a few global options added
 * for loopback ports and its internal CA) in front of the server process, as `npm start` runs it.
 * A visitor's lead goes through Caddy and reaches the relay with the visitor's address and HTTPS
 * read through TRUST_PROXY, an address the visitor claims ignored; the relay's headers, HSTS and
 * arrive intact; the access log names no query string or Referer. The systemd unit is checked
 * by `systemd-analyze verify` where systemd's tools are installed.
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { readFile, rm } from 'node:fs/promises'
import { createServer } from 'node:http'
import { request as httpsRequest } from 'node:https'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findCaddy, startCaddy, type RunningCaddy } from '../server/test-support/caddy'
import { createFakeSite, createTempDir } from '../server/test-support/fake-site'
import { validLead, waitFor } from '../server/test-support/lead-fixtures'
import { startRelayProcess, type RelayProcess } from '../server/test-support/relay-process'
import { openDatabase } from '../server/storage/open-database'

const root = path.resolve(import.meta.dirname, '..')
const caddy = findCaddy()
if (!caddy) {
  console.warn(
    '\n!!! Caddy is not installed: the test of deploy/Caddyfile is SKIPPED.' +
      '\n!!! Install it (sudo apt-get install caddy) or run npm test as root, which installs it.\n',
  )
}

interface Answer {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

describe.skipIf(!caddy)('deploy/Caddyfile in front of the server', () => {
  let dir: string
  let distDir: string
  let dataDir: string
  let relay: RelayProcess
  let proxy: RunningCaddy
  let ca: string
  /** The email of the lead posted through Caddy, looked up at the end. */
  let posted = ''

  beforeAll(async () => {
    dir = await createTempDir('caddy-')
    distDir = await createFakeSite()
    dataDir = await createTempDir('caddy-data-')
    relay = await startRelayProcess({ DIST_DIR: distDir, DATA_DIR: dataDir, LOG_LEVEL: 'warn' })
    proxy = await startCaddy(caddy!, await readFile(path.join(root, 'deploy/Caddyfile'), 'utf8'), {
      dir,
      relay: new URL(relay.url).host,
    })
    ca = await proxy.rootCertificate()
    // The site's certificate is issued just after start: the first handshakes may come too soon.
    await waitFor(
      () =>
        send('GET', '/healthz').then(
          (answer) => answer.status === 200,
          () => false,
        ),
      { timeoutMs: 30_000, what: 'Caddy serving HTTPS' },
    )
  }, 90_000)

  afterAll(async () => {
    await proxy?.stop()
    if (relay) {
      relay.child.kill('SIGTERM')
      await relay.exited
    }
    for (const folder of [dir, distDir, dataDir]) {
      if (folder) await rm(folder, { recursive: true, force: true })
    }
  })

  /** A request from 127.0.0.2: another address than Caddy's own, as a visitor's would be. */
  function send(
    method: string,
    pathname: string,
    { headers = {}, body }: { headers?: Record<string, string>; body?: string } = {},
  ): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const outgoing = httpsRequest(
        `${proxy.origin}${pathname}`,
        { method, headers, ca, localAddress: '127.0.0.2' },
        (response) => {
          let text = ''
          response.setEncoding('latin1')
          response.on('data', (chunk: string) => (text += chunk))
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }),
          )
        },
      )
      outgoing.on('error', reject)
      outgoing.end(body)
    })
  }

  it('passes a lead to the relay with the visitor’s address and HTTPS, ignoring a claimed one', async () => {
    const lead = validLead({ prenom: 'Caddy' })
    const answer = await send('POST', '/api/leads?fbclid=clic-secret-123', {
      headers: {
        'content-type': 'application/json',
        // A visitor cannot choose the address the relay records (or its rate limit counts).
        'x-forwarded-for': '203.0.113.9',
        referer: 'https://assurance.example/?gclid=autre-secret',
      },
      body: JSON.stringify(lead),
    })
    expect(answer.status, answer.body).toBe(202)
    expect(answer.headers['strict-transport-security']).toMatch(/^max-age=\d+/)

    posted = String(lead.email)
  })

  it('keeps the relay’s security headers, with HSTS over HTTPS', async () => {
    const page = await send('GET', '/', { headers: { 'accept-encoding': 'gzip' } })
    expect(page.status).toBe(200)
    expect(page.headers['content-security-policy']).toContain("default-src 'self'")
    expect(page.headers['x-content-type-options']).toBe('nosniff')
    expect(page.headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains')
  })

  it('logs each request without its query string or Referer', async () => {
    await send('GET', '/?utm_source=facebook&fbclid=journal-secret-456', {
      headers: { referer: 'https://l.facebook.com/?u=referer-secret-789' },
    })
    await waitFor(() => proxy.output().includes('"handled request"'), {
      what: 'the access log line',
    })
    const lines = proxy
      .output()
      .split('\n')
      .filter((line) => line.includes('"handled request"'))
    expect(lines.length).toBeGreaterThan(0)
    const logged = lines.map((line) => JSON.parse(line) as { request: { uri: string } })
    expect(logged.map((entry) => entry.request.uri)).toContain('/')
    expect(proxy.output()).not.toMatch(/secret|utm_source|fbclid/)
  })

  it('holds a page asked for while the server restarts; a lead gets a 502 to send again', async () => {
    const port = Number(new URL(relay.url).port)
    relay.child.kill('SIGTERM')
    await relay.exited
    // A lead is not retried by Caddy (deploy/Caddyfile says why): the form shows its error and
    // keeps what the visitor typed.
    const lead = await send('POST', '/api/leads', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(validLead({ prenom: 'Pendant' })),
    })
    expect(lead.status).toBe(502)
    const page = send('GET', '/')
    // Back two seconds later on the same port (a stand-in: how long the real server takes to
    // start on a busy test machine is not what is tested here).
    await new Promise((resolve) => setTimeout(resolve, 2_000))
    const back = createServer((request, response) => {
      if (request.url === '/healthz') response.writeHead(200).end('{"status":"ok"}')
      else response.writeHead(200).end('back')
    })
    await new Promise<void>((resolve) => back.listen(port, '127.0.0.1', resolve))
    try {
      const answer = await page
      if (answer.status !== 200) console.log(proxy.output().split('\n').slice(-6).join('\n'))
      expect(answer.status).toBe(200)
      expect(answer.body).toBe('back')
    } finally {
      back.closeAllConnections()
      await new Promise((resolve) => back.close(resolve))
    }
  }, 30_000)

  it('stored the lead with the visitor’s address, not Caddy’s nor the one claimed', async () => {
    // The server is stopped: its embedded database can be read.
    const db = await openDatabase({ dataDir, databaseUrl: undefined })
    try {
      const rows = await db.query<{ client_ip: string }>(
        'SELECT client_ip FROM leads WHERE email = $1',
        [posted],
      )
      expect(rows).toEqual([{ client_ip: '127.0.0.2' }])
    } finally {
      await db.close()
    }
  })
})

describe('deploy/assurance-leads.service', () => {
  const analyze = spawnSync('which', ['systemd-analyze']).status === 0
  it.skipIf(!analyze)('passes systemd-analyze verify', () => {
    const unit = path.join(root, 'deploy/assurance-leads.service')
    expect(existsSync(unit)).toBe(true)
    const result = spawnSync('systemd-analyze', ['verify', unit], { encoding: 'utf8' })
    // Where /usr/bin/npm is elsewhere, verify names only that: the unit says where to change it.
    const complaints = `${result.stdout}${result.stderr}`
      .split('\n')
      .filter((line) => line.trim() && !/Command \/usr\/bin\/npm is not executable/.test(line))
    expect(complaints).toEqual([])
  })

  it('names the settings the issue asks for', async () => {
    const unit = await readFile(path.join(root, 'deploy/assurance-leads.service'), 'utf8')
    for (const line of [
      'Restart=on-failure',
      'NoNewPrivileges=yes',
      'ProtectSystem=strict',
      'ReadWritePaths=/var/lib/assurance-leads',
      'PrivateTmp=yes',
      'EnvironmentFile=/srv/assurance-leads/.env',
      'StandardOutput=journal',
    ]) {
      expect(unit.split('\n')).toContain(line)
    }
  })
})

describe('deploy/assurance-leads-backup.service and .timer', () => {
  const analyze = spawnSync('which', ['systemd-analyze']).status === 0
  const units = ['assurance-leads-backup.service', 'assurance-leads-backup.timer'].map((unit) =>
    path.join(root, 'deploy', unit),
  )

  it.skipIf(!analyze)('pass systemd-analyze verify', () => {
    const result = spawnSync('systemd-analyze', ['verify', ...units], { encoding: 'utf8' })
    const complaints = `${result.stdout}${result.stderr}`
      .split('\n')
      .filter((line) => line.trim() && !/Command \/usr\/bin\/npm is not executable/.test(line))
    expect(complaints).toEqual([])
  })

  it('run npm run backup each night with the server’s directories', async () => {
    const [service, timer] = await Promise.all(units.map((unit) => readFile(unit, 'utf8')))
    const server = await readFile(path.join(root, 'deploy/assurance-leads.service'), 'utf8')
    const lines = (text: string | undefined) => (text ?? '').split('\n')
    for (const line of [
      'Type=oneshot',
      'ExecStart=/usr/bin/npm run backup',
      'User=assurance-leads',
      'EnvironmentFile=/srv/assurance-leads/.env',
      'ReadWritePaths=/var/lib/assurance-leads',
    ]) {
      expect(lines(service)).toContain(line)
    }
    // The dump is asked of the running server through DATA_DIR: both must name the same places.
    for (const line of lines(server).filter((line) =>
      /^Environment=(DATA|BACKUP)_DIR=/.test(line),
    )) {
      expect(lines(service)).toContain(line)
    }
    expect(lines(timer)).toContain('OnCalendar=*-*-* 03:15:00')
    expect(lines(timer)).toContain('Persistent=true')
  })
})
