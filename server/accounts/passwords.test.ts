import { describe, expect, it } from 'vitest'
import {
  hashPassword,
  isPasswordHash,
  passwordProblem,
  unknownAccountHash,
  verifyPassword,
} from './passwords'

describe('admin passwords', () => {
  it('hashes with scrypt, its parameters and a salt of its own, and checks the password', async () => {
    const first = await hashPassword('cheval agrafe pile correcte')
    const second = await hashPassword('cheval agrafe pile correcte')
    expect(first).toMatch(/^scrypt\$15\$8\$3\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/)
    expect(isPasswordHash(first)).toBe(true)
    expect(second).not.toBe(first)
    expect(first).not.toContain('cheval')
    expect(await verifyPassword('cheval agrafe pile correcte', first)).toBe(true)
    expect(await verifyPassword('cheval agrafe pile correctE', first)).toBe(false)
    expect(await verifyPassword('', first)).toBe(false)
  }, 30_000)

  it('checks a hash made with other parameters by those parameters', async () => {
    // N = 2^10, r = 8, p = 1; the key of "mot de passe solide" with a salt of 16 zero bytes.
    const { scryptSync } = await import('node:crypto')
    const salt = Buffer.alloc(16)
    const key = scryptSync('mot de passe solide', salt, 32, { N: 1024, r: 8, p: 1 })
    const old = `scrypt$10$8$1$${salt.toString('base64')}$${key.toString('base64')}`
    expect(await verifyPassword('mot de passe solide', old)).toBe(true)
    expect(await verifyPassword('mot de passe solid', old)).toBe(false)
  })

  it('takes the same password whichever way its accents were typed', async () => {
    const composed = 'Mot de passe élevé 2026'
    const decomposed = composed.normalize('NFD')
    expect(decomposed).not.toBe(composed)
    expect(await verifyPassword(decomposed, await hashPassword(composed))).toBe(true)
  }, 30_000)

  it('refuses a text that is not one of its hashes', async () => {
    expect(isPasswordHash('$2b$10$abcdefghijklmnopqrstuv')).toBe(false)
    await expect(verifyPassword('x', 'plain text')).rejects.toThrow(/Not a password hash/)
  })

  it('asks for 12 characters at least, counted as people count them', () => {
    expect(passwordProblem('onze-signes')).toMatch(/at least 12/)
    expect(passwordProblem('douze-signes')).toBeUndefined()
    // Twelve characters, more than twelve UTF-16 units.
    expect(passwordProblem('😀😀😀😀😀😀😀😀😀😀😀😀')).toBeUndefined()
    expect(passwordProblem('a'.repeat(1_025))).toMatch(/at most 1024/)
  })

  it('refuses a line break, saying why: a password piped twice would be stored with it', () => {
    for (const password of ['un mot de passe\nun mot de passe', 'un mot de passe\r\nencore']) {
      expect(passwordProblem(password)).toBe(
        'The password must not contain a line break: it is read from a single line.',
      )
    }
  })

  it('refuses the most common passwords, whatever their case', () => {
    for (const password of ['administrator', 'Administrator', 'QWERTY123456', '1q2w3e4r5t6y']) {
      expect(passwordProblem(password), password).toBe(
        'This password is one of the most common ones, the first that guessers try: choose another.',
      )
    }
    expect(passwordProblem('cheval agrafe pile correcte')).toBeUndefined()
  })

  it('keeps one hash for unknown accounts, made with the same parameters, that no password opens', async () => {
    const dummy = await unknownAccountHash()
    expect(await unknownAccountHash()).toBe(dummy)
    expect(dummy.split('$').slice(0, 4)).toEqual(
      (await hashPassword('peu importe ici')).split('$').slice(0, 4),
    )
    expect(await verifyPassword('', dummy)).toBe(false)
  }, 30_000)
})
