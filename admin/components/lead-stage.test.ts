import { describe, expect, it } from 'vitest'
import { parsePremium } from './lead-stage'

describe('parsePremium', () => {
  it.each([
    ['1200', 1200],
    ['1 200', 1200],
    ['1\u202f200,50', 1200.5],
    ['845,5 €', 845.5],
    ['845.55', 845.55],
  ])('reads %j as %d euros', (text, euros) => {
    expect(parsePremium(text)).toBe(euros)
  })

  it.each(['', '0', '0,00', '-12', '12,345', '1.200,50', 'douze', '12e3'])('refuses %j', (text) => {
    expect(parsePremium(text)).toBeUndefined()
  })
})
