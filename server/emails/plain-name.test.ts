import { describe, expect, it } from 'vitest'
import { isPlainName } from './plain-name'

describe('isPlainName', () => {
  it.each([
    'Élodie',
    'élodie',
    'Jean-Pierre',
    'Anne Marie',
    'D’Artagnan',
    "N'Golo",
    'Zoë',
    'Łucja',
  ])('takes %s for a name', (name) => expect(isPlainName(name)).toBe(true))

  it.each([
    'client. URGENT : votre contrat est suspendu, regularisez sur https://phish.example/login sous 24 h',
    'Élodie\nURGENT',
    'Élodie\r\nBcc: tiers@exemple.fr',
    'elodie@exemple.fr',
    'www.phish.example',
    'Élodie2',
    'Élodie!',
    '<b>Élodie</b>',
    ' Élodie',
    'Élodie ',
    'Jean  Pierre',
    'Jean--Pierre',
    '-Élodie',
    'Payez vite votre contrat',
    'x'.repeat(31),
    '',
  ])('refuses %j', (name) => expect(isPlainName(name)).toBe(false))
})
