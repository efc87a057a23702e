/**
 * Where the login sends an advisor back to: the lead's card a notification or an alert email
 * opened before the login. Only a card's path is ever taken back, so that a crafted login link
 * (`?suite=https://elsewhere`, `?suite=//elsewhere`) can send nobody anywhere else.
 */
import { adminLoginPath, leadCardPath, leadIdAt } from './back-office-routes'

/** The login's query parameter that holds the path to go back to. */
export const returnParameter = 'suite'

/** The card's path when `value` is exactly one, else `undefined`. */
export function safeReturnPath(value: string | null | undefined): string | undefined {
  if (!value) return undefined
  const id = leadIdAt(value)
  return id === undefined ? undefined : leadCardPath(id)
}

/**
 * The login page for a browser without a session at `pathname`: it names the card to go back to,
 * and says that the session ended when it did.
 */
export function loginPathFor(pathname: string, { expired }: { expired: boolean }): string {
  const query = new URLSearchParams()
  if (expired) query.set('session', 'expiree')
  const back = safeReturnPath(pathname)
  if (back) query.set(returnParameter, back)
  const text = query.toString()
  return text ? `${adminLoginPath}?${text}` : adminLoginPath
}
