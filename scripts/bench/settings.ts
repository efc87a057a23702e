/**
 * The benchmarks' counts read from the environment: a whole number at least `least`, the default
 * when unset, and a clear error naming the variable otherwise (a typo must not turn five runs into
 * none, or into a silent default).
 */
export function countSetting(
  name: string,
  value: string | undefined,
  fallback: number,
  least: number,
): number {
  if (value === undefined || value.trim() === '') return fallback
  const count = Number(value)
  if (!Number.isInteger(count) || count < least) {
    throw new Error(`${name} must be a whole number of at least ${least}; it is "${value}".`)
  }
  return count
}

/** The same for a comma-separated list of counts, such as BENCH_CONCURRENCY=16,64. */
export function countListSetting(
  name: string,
  value: string | undefined,
  fallback: readonly number[],
  least: number,
): readonly number[] {
  if (value === undefined || value.trim() === '') return fallback
  const counts = value.split(',').map((item) => (item.trim() === '' ? Number.NaN : Number(item)))
  if (counts.some((count) => !Number.isInteger(count) || count < least)) {
    throw new Error(
      `${name} must be whole numbers of at least ${least}, separated by commas; it is "${value}".`,
    )
  }
  return counts
}

/**
 * One of the above for the variable `name` of this process's environment; a wrong value stops the
 * benchmark at once with its one-line message rather than a stack trace.
 */
export function fromEnv<T>(
  read: (name: string, value: string | undefined, fallback: T, least: number) => T,
  name: string,
  fallback: T,
  least: number,
): T {
  try {
    return read(name, process.env[name], fallback, least)
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error))
    process.exit(1)
  }
}
