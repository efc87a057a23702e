/**
 * The screens' calls to the back-office API: same origin, JSON both ways, the server's French
 * message on failure, and back to the login page when the session has ended.
 */
import { adminCopy } from './admin-copy'
import { loginPathFor } from '../common/back-office/return-path'

export class ApiError extends Error {
  override name = 'ApiError'
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message)
  }
}

/** What to tell the broker when a call failed: the server's French message, or the error. */
export function failureText(failure: unknown): string {
  return failure instanceof ApiError ? failure.message : String(failure)
}

/** Set once the broker logs out: requests still on their way then end without a redirect. */
let sessionEnded = false

export function endSession(): void {
  sessionEnded = true
}

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  body?: unknown
  /** The login itself answers 401 to a wrong password: that is not an ended session. */
  redirectOnUnauthorized?: boolean
}

/** The raw response (for a download, say), once past the session and error checks. */
export async function apiResponse(
  path: `/admin/api/${string}`,
  { method = 'GET', body, redirectOnUnauthorized = true }: ApiOptions = {},
): Promise<Response> {
  let response: Response
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  } catch {
    throw new ApiError(adminCopy.apiErrors.offline, 0)
  }
  if (response.status === 401 && redirectOnUnauthorized) {
    if (!sessionEnded) {
      window.location.assign(loginPathFor(window.location.pathname, { expired: true }))
    }
    throw new ApiError(adminCopy.apiErrors.sessionExpired, 401)
  }
  if (!response.ok) {
    const answer = (await response.json().catch(() => ({}))) as { error?: unknown }
    throw new ApiError(
      typeof answer.error === 'string' ? answer.error : adminCopy.apiErrors.generic,
      response.status,
    )
  }
  return response
}

/** The JSON answer of the call (`undefined` for a 204). */
export async function api<T>(path: `/admin/api/${string}`, options: ApiOptions = {}): Promise<T> {
  const response = await apiResponse(path, options)
  return (response.status === 204 ? undefined : await response.json()) as T
}
