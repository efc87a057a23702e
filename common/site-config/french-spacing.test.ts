import { describe, expect, it } from 'vitest'
import { withFrenchSpacing } from './french-spacing'

describe('withFrenchSpacing', () => {
  it('puts a no-break space where a broker typed an ordinary one, or none after n°', () => {
    expect(withFrenchSpacing('Note : 5 ; bravo ! Vraiment ?')).toBe(
      'Note\u00a0: 5\u00a0; bravo\u00a0! Vraiment\u00a0?',
    )
    expect(withFrenchSpacing('« Rapide »')).toBe('«\u00a0Rapide\u00a0»')
    expect(withFrenchSpacing('ORIAS n° 19004321, avenant n°12')).toBe(
      'ORIAS n°\u00a019004321, avenant n°\u00a012',
    )
    expect(withFrenchSpacing('9 400 € et 1 234,56 €, soit 12 %')).toBe(
      '9\u00a0400\u00a0€ et 1\u00a0234,56\u00a0€, soit 12\u00a0%',
    )
  })

  it('leaves what is already right, and words that end in n°-like letters, alone', () => {
    const right = 'Note\u00a0: n°\u00a012, «\u00a0ok\u00a0», 10\u00a0000\u00a0€'
    expect(withFrenchSpacing(right)).toBe(right)
    expect(withFrenchSpacing('Un°2')).toBe('Un°2')
    expect(withFrenchSpacing('https://www.cabinet.fr/avis?note=5')).toBe(
      'https://www.cabinet.fr/avis?note=5',
    )
  })
})
