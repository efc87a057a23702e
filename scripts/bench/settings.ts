import { blank, parseWholeNumber } from '../../server/config'

/**
 * The benchmarks' counts read from the environment: a whole number at least `least`, the default
 * when unset, and a clear error naming the variable otherwise (a typo must not turn five runs into
 * none, or into a silent default). The check is the relay's own, for its settings.
 */
export function countSetting(
  name: string,
  value: string | undefined,
  fallback: number,
  least: number,
): number {
  return blank(value) ? fallback : parseWholeNumber(name, value, least)
}

/** The same for a comma-separated list of counts, such as BENCH_CONCURRENCY=16,64. */
export function countListSetting(
  name: string,
  value: string | undefined,
  fallback: readonly number[],
  least: number,
): readonly number[] {
  return blank(value)
    ? fallback
    : value.split(',').map((item) => parseWholeNumber(name, item, least))
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
