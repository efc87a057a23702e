/**
 * Admin passwords, hashed with scrypt (node:crypto) and a random salt per password. The stored
 * text carries its own parameters, so that a stronger setting later still checks the old hashes.
 * See docs/decisions/0008-back-office-login.md for the figures.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'
import { isCommonPassword } from './common-passwords'

/** OWASP's equivalent of N=2^17, r=8, p=1 that needs 32 MiB per hash instead of 128. */
const cost = { log2N: 15, r: 8, p: 3 }
const saltBytes = 16
const keyBytes = 32

export const minPasswordLength = 12
/** A longer one is not a password someone types; refusing it bounds the work per attempt. */
export const maxPasswordLength = 1_024

function derive(
  password: string,
  salt: Buffer,
  length: number,
  options: ScryptOptions,
): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, length, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  )
}

function scryptOptions(log2N: number, r: number, p: number): ScryptOptions {
  // Node refuses above 32 MiB unless told otherwise; the hash itself needs 128 × N × r bytes.
  return { N: 2 ** log2N, r, p, maxmem: 2 * 128 * 2 ** log2N * r }
}

/** What a password must be to be accepted: the reason in English for the command line, or none. */
export function passwordProblem(password: string): string | undefined {
  const length = [...password].length
  if (length < minPasswordLength) {
    return `The password must be at least ${minPasswordLength} characters long.`
  }
  if (length > maxPasswordLength) {
    return `The password must be at most ${maxPasswordLength} characters long.`
  }
  // No one types a line break into the login form: here it is a second line piped by mistake.
  if (/[\r\n]/.test(password)) {
    return 'The password must not contain a line break: it is read from a single line.'
  }
  if (isCommonPassword(password)) {
    return 'This password is one of the most common ones, the first that guessers try: choose another.'
  }
  return undefined
}

/** `scrypt$<log2 N>$<r>$<p>$<salt, base64>$<key, base64>` */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(saltBytes)
  const key = await derive(password, salt, keyBytes, scryptOptions(cost.log2N, cost.r, cost.p))
  return ['scrypt', cost.log2N, cost.r, cost.p, salt.toString('base64'), key.toString('base64')]
    .map(String)
    .join('$')
}

const storedHash = /^scrypt\$(\d{1,2})\$(\d{1,2})\$(\d{1,2})\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/

export function isPasswordHash(text: string): boolean {
  return storedHash.test(text)
}

/** Whether `password` is the one `hash` was made from, compared in constant time. */
export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  const match = storedHash.exec(hash)
  if (!match) throw new Error('Not a password hash this server made.')
  const [log2N, r, p] = match.slice(1, 4).map(Number) as [number, number, number]
  const expected = Buffer.from(match[5] ?? '', 'base64')
  const salt = Buffer.from(match[4] ?? '', 'base64')
  const key = await derive(password, salt, expected.length, scryptOptions(log2N, r, p))
  return timingSafeEqual(key, expected)
}

/**
 * A hash of a password nobody knows, made once per process with the current parameters: an
 * unknown email is checked against it, so that it costs the same time as a wrong password.
 */
let dummyHash: Promise<string> | undefined
export function unknownAccountHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(32).toString('base64'))
  return dummyHash
}
