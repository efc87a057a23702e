/** Posts JSON and reports the outcome as a short reason (never the body), or `undefined` on OK. */
export async function postJson(
  url: string,
  body: unknown,
  options: { timeoutMs: number; headers?: Record<string, string> },
): Promise<string | undefined> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...options.headers },
      body: JSON.stringify(body),
      redirect: 'error',
      signal: AbortSignal.timeout(options.timeoutMs),
    })
    await response.body?.cancel()
    return response.ok ? undefined : `HTTP ${response.status}`
  } catch (error) {
    return describeFailure(error, options.timeoutMs)
  }
}

function describeFailure(error: unknown, timeoutMs: number): string {
  if (!(error instanceof Error)) return String(error)
  if (error.name === 'TimeoutError') return `no answer within ${timeoutMs} ms`
  const cause = error.cause as { code?: unknown } | undefined
  return typeof cause?.code === 'string' ? cause.code : error.message
}
