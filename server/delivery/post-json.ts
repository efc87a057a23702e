/**
 * Posts a body and reports the final HTTP status, or a short reason (never the body) when no
 * answer came. Redirects are followed as a browser follows them (301, 302 and 303 turn the POST
 * into a GET), so that receivers which take the POST and then redirect, as a Google Apps Script
 * web app does, are judged by their final answer instead of being sent the lead again and again.
 */
export async function sendJson(
  url: string,
  body: string,
  options: { timeoutMs: number; headers?: Record<string, string> },
): Promise<{ status: number } | { failure: string }> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...options.headers },
      body,
      redirect: 'follow',
      signal: AbortSignal.timeout(options.timeoutMs),
    })
    await response.body?.cancel()
    return { status: response.status }
  } catch (error) {
    return { failure: describeFailure(error, options.timeoutMs) }
  }
}

/** Posts JSON; `undefined` on a 2xx answer, otherwise a short reason. */
export async function postJson(
  url: string,
  body: unknown,
  options: { timeoutMs: number; headers?: Record<string, string> },
): Promise<string | undefined> {
  const result = await sendJson(url, JSON.stringify(body), options)
  if ('failure' in result) return result.failure
  return result.status >= 200 && result.status < 300 ? undefined : `HTTP ${result.status}`
}

/** Why a request got no answer, in a few words (a timeout, a socket error code). */
export function describeFailure(error: unknown, timeoutMs: number): string {
  if (!(error instanceof Error)) return String(error)
  if (error.name === 'TimeoutError') return `no answer within ${timeoutMs} ms`
  const cause = error.cause as { code?: unknown; message?: unknown } | undefined
  if (typeof cause?.code === 'string') return cause.code
  return typeof cause?.message === 'string' ? cause.message : error.message
}
