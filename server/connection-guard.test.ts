/**
 * Connections below the routes: the cap per client address against a real server process held to
 * 1,024 descriptors, the timeouts of unfinished requests, and which addresses count as proxies.
 */
import { spawn } from 'node:child_process'
import net from 'node:net'
import path from 'node:path'
import { rm } from 'node:fs/promises'
import { afterEach, describe, expect, it } from 'vitest'
import { maxConnectionsPerAddress, trustedProxyCheck } from './connection-guard'
import { createFakeSite, createTempDir } from './test-support/fake-site'
import { validLead } from './test-support/lead-fixtures'
import { postLeadTo, startRelayProcess, type RelayProcess } from './test-support/relay-process'
import { roomyRateLimits, startTestRelay, type TestRelay } from './test-support/test-relay'

const root = path.resolve(import.meta.dirname, '..')

describe('which socket addresses are trusted proxies', () => {
  it('reads TRUST_PROXY as Fastify does', () => {
    const loopback = trustedProxyCheck('loopback')
    expect(loopback('127.0.0.2')).toBe(true)
    expect(loopback('::1')).toBe(true)
    expect(loopback('::ffff:127.0.0.1')).toBe(true)
    expect(loopback('192.0.2.1')).toBe(false)
    const listed = trustedProxyCheck('127.0.0.1,10.1.0.0/16,2001:db8::/32')
    expect(listed('127.0.0.1')).toBe(true)
    expect(listed('127.0.0.2')).toBe(false)
    expect(listed('10.1.200.3')).toBe(true)
    expect(listed('2001:db8::7')).toBe(true)
    expect(listed('2001:db9::7')).toBe(false)
    expect(trustedProxyCheck(false)('127.0.0.1')).toBe(false)
    expect(trustedProxyCheck(true)('192.0.2.1')).toBe(true)
  })
})

describe('slow connections', () => {
  const cleanups: (() => Promise<unknown>)[] = []
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  })

  it('closes a request whose body never ends, and a kept-alive connection at rest', async () => {
    const relay: TestRelay = await startTestRelay(
      'embedded',
      {},
      {
        rateLimits: roomyRateLimits,
        timeouts: { headersMs: 400, requestMs: 800, keepAliveMs: 300, idleMs: 5_000 },
      },
    )
    cleanups.push(() => relay.stop())
    const { port } = new URL(await relay.listen())
    const exchange = (request: string) => {
      const socket = net.connect(Number(port), '127.0.0.1')
      let received = ''
      socket.on('data', (chunk: Buffer) => (received += chunk.toString()))
      socket.write(request)
      // Without timeouts the server would keep both open: give up well before the test does.
      socket.setTimeout(5_000, () => socket.destroy())
      return new Promise<{ received: string; closedAfterMs: number }>((resolve) => {
        const sent = Date.now()
        socket.on('close', () => resolve({ received, closedAfterMs: Date.now() - sent }))
      })
    }
    const [unfinished, keptAlive] = await Promise.all([
      exchange(
        'POST /api/leads HTTP/1.1\r\nHost: relay\r\nContent-Type: application/json\r\n' +
          'Content-Length: 2000\r\n\r\n{"nom":"Mar',
      ),
      exchange('GET /healthz HTTP/1.1\r\nHost: relay\r\n\r\n'),
    ])
    expect(unfinished.received).toMatch(/^HTTP\/1\.1 408/)
    expect(unfinished.closedAfterMs).toBeLessThan(3_000)
    expect(keptAlive.received).toMatch(/^HTTP\/1\.1 200/)
    expect(keptAlive.closedAfterMs).toBeLessThan(2_000)
  }, 60_000)

  it('answers others within 1 s while one address holds 1,100 slow connections, on 1,024 descriptors', async () => {
    const distDir = await createFakeSite()
    const dataDir = await createTempDir('relay-slow-')
    cleanups.push(() => rm(distDir, { recursive: true, force: true }))
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }))
    // 127.0.0.1 plays a trusted reverse proxy; the attacker comes from 127.0.0.2, not through it.
    const relay: RelayProcess = await startRelayProcess(
      { DIST_DIR: distDir, DATA_DIR: dataDir, TRUST_PROXY: '127.0.0.1', LOG_LEVEL: 'warn' },
      { launcher: ['prlimit', '--nofile=1024', '--'] },
    )
    cleanups.push(async () => {
      relay.child.kill('SIGKILL')
      await relay.exited
    })
    const { hostname, port } = new URL(relay.url)
    // Its own process, with room for its 1,100 sockets whatever the runner's own limit.
    const slow = spawn(
      'sh',
      [
        '-c',
        'ulimit -n 4096 2>/dev/null; exec "$0" "$@"',
        process.execPath,
        '--import',
        'tsx',
        'server/test-support/slow-clients.ts',
      ],
      {
        cwd: root,
        stdio: ['ignore', 'pipe', 'inherit'],
        env: {
          PATH: process.env.PATH ?? '',
          HOST: hostname,
          PORT: port,
          COUNT: '1100',
          LOCAL_ADDRESS: '127.0.0.2',
        },
      },
    )
    cleanups.push(async () => {
      slow.kill('SIGKILL')
      await new Promise((resolve) => slow.once('exit', resolve))
    })
    const held = await new Promise<number>((resolve) => {
      let output = ''
      slow.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString()
        const ready = /ready (\d+)/.exec(output)
        if (ready) resolve(Number(ready[1]))
      })
    })
    expect(held).toBeLessThanOrEqual(maxConnectionsPerAddress)

    const timed = async (request: () => Promise<Response>) => {
      const started = Date.now()
      const response = await request()
      return { status: response.status, ms: Date.now() - started }
    }
    const health = await timed(() =>
      fetch(`${relay.url}/healthz`, { signal: AbortSignal.timeout(1_000) }),
    )
    expect(health.status).toBe(200)
    expect(health.ms).toBeLessThan(1_000)
    const lead = await timed(() => postLeadTo(relay.url, validLead(), '192.0.2.80'))
    expect(lead.status).toBe(202)
    expect(lead.ms).toBeLessThan(1_000)
  }, 60_000)
})
