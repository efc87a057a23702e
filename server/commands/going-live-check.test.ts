/**
 * The going-live check's verdicts on a relay in this process: an unsigned webhook fails even when
 * it answers 2xx, and channels not configured (or Meta without a test code) are ⚪, never ❌.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startForwardTarget, type ForwardTarget } from '../test-support/forward-target'
import { startMetaGraphStandIn, type MetaGraphStandIn } from '../test-support/meta-graph-stand-in'
import { databaseKinds } from '../test-support/test-databases'
import { roomyRateLimits, startTestRelay, type TestRelay } from '../test-support/test-relay'
import { commandOutput } from './commands'
import { formatLine, goingLiveCheck } from './going-live-check'

describe.each(databaseKinds())('the going-live check on the %s database', (kind) => {
  let relay: TestRelay
  let target: ForwardTarget
  let graph: MetaGraphStandIn
  let backupDir: string

  beforeAll(async () => {
    target = await startForwardTarget()
    graph = await startMetaGraphStandIn()
    backupDir = await mkdtemp(path.join(tmpdir(), 'check-backups-'))
    relay = await startTestRelay(
      kind,
      {
        leadForwardUrl: target.url,
        meta: {
          accessToken: 'EAAB-jeton',
          pixelId: '123456789012345',
          graphUrl: graph.url,
          graphVersion: 'v25.0',
          testEventCode: undefined,
          stageEvents: {},
        },
      },
      { rateLimits: roomyRateLimits, pollMs: 50 },
    )
  }, 60_000)
  afterAll(async () => {
    await relay.stop()
    await target.close()
    await graph.close()
    await rm(backupDir, { recursive: true, force: true })
  })

  it('fails an unsigned webhook, and leaves what is not configured at ⚪', async () => {
    const url = await relay.listen()
    const lines = await goingLiveCheck({
      config: relay.config,
      env: { BACKUP_DIR: backupDir },
      url,
      command: async (args) => {
        let output = ''
        for await (const chunk of commandOutput(relay.db, args, { erasures: relay.erasures })) {
          output += chunk
        }
        return output
      },
    })
    const text = lines.map(formatLine)
    const line = (label: string) => text.find((entry) => entry.includes(` ${label}: `))
    expect(line('Test lead stored')).toMatch(/^✅/)
    expect(line('Webhook')).toMatch(/^❌ Webhook: answered 2xx, but unsigned.*LEAD_FORWARD_SECRET/)
    expect(target.received).toHaveLength(1)
    expect(line('Alert email')).toBe('⚪ Alert email: not configured (SMTP_URL, LEAD_ALERT_TO)')
    expect(line('Confirmation email')).toBe('⚪ Confirmation email: not configured (SMTP_URL)')
    expect(line('ntfy')).toBe('⚪ ntfy: not configured (NTFY_URL)')
    expect(line('Push')).toMatch(/^⚪ Push: no advisor device subscribed/)
    expect(line('Meta')).toMatch(/^⚪ Meta: not tried: .*META_TEST_EVENT_CODE/)
    // Not even queued: Meta would count a test lead as a real one.
    expect(graph.requests).toEqual([])
    expect(line('Test lead erased')).toMatch(/^✅/)
    expect(await relay.db.query('SELECT 1 FROM leads')).toEqual([])
    expect(lines.filter((entry) => entry.status === 'fail').map((entry) => entry.label)).toEqual([
      'Webhook',
      'Backups',
    ])
  }, 60_000)
})
