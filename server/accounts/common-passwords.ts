/**
 * The passwords guessers try first: the list of common passwords that zxcvbn ships
 * (@zxcvbn-ts/language-common, MIT; 49,233 passwords from leaked lists, most frequent first),
 * compared without regard to case. See docs/decisions/0008-back-office-login.md.
 */
import { createRequire } from 'node:module'

let common: Set<string> | undefined

/**
 * Loaded at the first check, not with the module: only the account command checks a new
 * password, and the list costs the server 8 MB and a tenth of a second at start for nothing.
 */
function commonPasswords(): Set<string> {
  if (!common) {
    const { dictionary } = createRequire(import.meta.url)(
      '@zxcvbn-ts/language-common',
    ) as typeof import('@zxcvbn-ts/language-common')
    common = new Set(dictionary['passwords-common'].map((entry) => String(entry).toLowerCase()))
  }
  return common
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.normalize('NFC').toLowerCase())
}
