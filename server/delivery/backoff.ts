export interface BackoffPolicy {
  baseMs: number
  maxMs: number
}

export const defaultBackoff: BackoffPolicy = { baseMs: 2_000, maxMs: 15 * 60_000 }

/**
 * Delay before attempt `attempt + 1`: doubles from `baseMs` up to `maxMs`, then keeps a random half
 * ("equal jitter") so that leads failing together do not all retry in the same instant.
 */
export function retryDelayMs(
  attempt: number,
  policy: BackoffPolicy,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(
    policy.maxMs,
    policy.baseMs * 2 ** Math.min(Math.max(attempt - 1, 0), 30),
  )
  return Math.round(ceiling / 2 + random() * (ceiling / 2))
}
