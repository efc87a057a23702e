/**
 * A check run every `everyMs`, one at a time: a slow database skips a tick rather than pile checks
 * up behind it. `stop()` waits for the one under way.
 */
export interface PeriodicCheck {
  stop(): Promise<void>
}

export function startPeriodicCheck(check: () => Promise<void>, everyMs: number): PeriodicCheck {
  let checking: Promise<void> | undefined
  const timer = setInterval(() => {
    checking ??= check().finally(() => (checking = undefined))
  }, everyMs).unref()
  return {
    async stop() {
      clearInterval(timer)
      await checking
    },
  }
}
