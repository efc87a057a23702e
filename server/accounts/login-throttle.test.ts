import { describe, expect, it } from 'vitest'
import { databaseKinds } from '../test-support/test-databases'
import { useTestRelay } from '../test-support/test-relay'
import {
  createLoginThrottle,
  loginThrottlePolicies,
  slowDownMs,
  type ThrottleVerdict,
} from './login-throttle'

const policies = {
  account: { limit: 3, windowMinutes: 15, lockMinutes: 15, slowFrom: 2 },
  address: { limit: 5, windowMinutes: 15, lockMinutes: 30, slowFrom: 4 },
  device: { limit: 2, windowMinutes: 15, lockMinutes: 15, slowFrom: 2 },
}

function open(verdict: ThrottleVerdict): Exclude<ThrottleVerdict, { locked: true }> {
  if (verdict.locked) throw new Error('locked')
  return verdict
}

describe('slowDownMs', () => {
  it('waits from the set failure on, doubling up to 4 s', () => {
    const policy = loginThrottlePolicies.account
    expect([1, 2, 3, 4, 5, 6].map((failures) => slowDownMs(failures, policy))).toEqual([
      0, 0, 1_000, 2_000, 4_000, 4_000,
    ])
  })
})

describe.each(databaseKinds())('the login throttle on the %s database', (kind) => {
  const relay = useTestRelay(kind)
  let run = 0
  /** Names no other test uses. */
  const fresh = () => {
    run += 1
    return { account: `a${run}-${kind}@exemple.fr`, address: `203.0.113.${run}` }
  }

  it('locks an account at its limit, from any address, then lets it try again', async () => {
    const throttle = createLoginThrottle(relay().db, 'secret', policies)
    const { account } = fresh()
    const verdicts = []
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      verdicts.push(await open(await throttle.begin(account, `192.0.2.${attempt}`)).fail())
    }
    expect(verdicts).toEqual([
      { locked: false, delayMs: 0 },
      { locked: false, delayMs: 1_000 },
      { locked: true, retryAfterSeconds: expect.any(Number) },
    ])
    const locked = await throttle.begin(account, '192.0.2.99')
    expect(locked).toEqual({ locked: true, retryAfterSeconds: expect.any(Number) })
    expect((locked as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(14 * 60)
    expect((await throttle.begin(`autre-${account}`, '192.0.2.99')).locked).toBe(false)

    await relay().db.query(
      `UPDATE admin_login_throttle SET locked_until = now() - interval '1 second',
         window_started_at = now() - interval '15 minutes' WHERE locked_until IS NOT NULL`,
    )
    expect(await open(await throttle.begin(account, '192.0.2.1')).fail()).toEqual({
      locked: false,
      delayMs: 0,
    })
  })

  it('locks an address at its limit, whatever the accounts tried, for its own lock time', async () => {
    const throttle = createLoginThrottle(relay().db, 'secret', policies)
    const { address } = fresh()
    const last = []
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      last.push(await open(await throttle.begin(`x${attempt}-${address}@b.fr`, address)).fail())
    }
    expect(last.map((verdict) => verdict.locked)).toEqual([false, false, false, false, true])
    expect(last[3]).toEqual({ locked: false, delayMs: 1_000 })
    const refused = await throttle.begin('quelqu-un@b.fr', address)
    expect(refused.locked && refused.retryAfterSeconds).toBeGreaterThan(29 * 60)
  })

  it('lets no parallel attempt slip past the limit while passwords are being checked', async () => {
    const throttle = createLoginThrottle(relay().db, 'secret', policies)
    const { account } = fresh()
    const verdicts = await Promise.all(
      Array.from({ length: 8 }, (_, index) => throttle.begin(account, `192.0.2.${100 + index}`)),
    )
    expect(verdicts.filter((verdict) => !verdict.locked)).toHaveLength(policies.account.limit)
  })

  it('takes back a successful attempt, and forgets the account’s failures', async () => {
    const throttle = createLoginThrottle(relay().db, 'secret', policies)
    const { account, address } = fresh()
    await open(await throttle.begin(account, address)).fail()
    await open(await throttle.begin(account, address)).succeed()
    // Two more failures on the account, not locked: its count started again.
    await open(await throttle.begin(account, address)).fail()
    expect(await open(await throttle.begin(account, address)).fail()).toEqual({
      locked: false,
      delayMs: 1_000,
    })
  })

  it('counts a known device on its own: through the account and address locks, locked by its own failures', async () => {
    const throttle = createLoginThrottle(relay().db, 'secret', policies)
    const { account, address } = fresh()
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await open(await throttle.begin(`y${attempt}-${account}`, address)).fail()
    }
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      await open(await throttle.begin(account, `192.0.2.${200 + attempt}`)).fail()
    }
    expect((await throttle.begin(account, '192.0.2.250')).locked).toBe(true)
    expect((await throttle.begin('quelqu-un@b.fr', address)).locked).toBe(true)

    const device = `appareil-${account}`
    const first = open(await throttle.begin(account, address, device))
    expect(await first.fail()).toEqual({ locked: false, delayMs: 0 })
    expect(await open(await throttle.begin(account, address, device)).fail()).toEqual({
      locked: true,
      retryAfterSeconds: expect.any(Number),
    })
    expect((await throttle.begin(account, address, device)).locked).toBe(true)
    // Another device of the same account is not held back by that one.
    await open(await throttle.begin(account, address, `autre-${device}`)).succeed()
    // Its success leaves the account's lock for unknown devices as it was.
    expect((await throttle.begin(account, '192.0.2.250')).locked).toBe(true)
  })

  it('stores keyed hashes, never the email or the address', async () => {
    const throttle = createLoginThrottle(relay().db, 'secret', policies)
    const { account, address } = fresh()
    await open(await throttle.begin(account, address)).fail()
    const keys = await relay().db.query<{ key: string }>('SELECT key FROM admin_login_throttle')
    expect(keys.length).toBeGreaterThan(0)
    for (const { key } of keys) expect(key).toMatch(/^[0-9a-f]{64}$/)
  })
})
