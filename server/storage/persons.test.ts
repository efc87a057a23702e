import { describe, expect, it } from 'vitest'
import { repeatRequestTitle } from '../../common/back-office/repeat-request-copy'
import { groupPersons } from './persons'

const day = 86_400_000
const start = Date.parse('2026-11-02T09:00:00Z')
const request = (id: string, days: number, email: string, telephone: string) => ({
  id,
  received_at: new Date(start + days * day),
  email,
  telephone,
})
const personOf = (requests: ReturnType<typeof request>[], id: string) =>
  groupPersons(requests)
    .get(id)
    ?.map((member) => member.id)

describe('who is one person', () => {
  it('links a shared email or phone within 30 days, 30 days included, not a minute more', () => {
    const requests = [
      request('a', 0, 'a@exemple.fr', '0612345678'),
      request('b', 30, 'b@exemple.fr', '0612345678'),
      request('c', 60 + 1 / 1440, 'b@exemple.fr', '0700000000'),
    ]
    expect(personOf(requests, 'a')).toEqual(['b', 'a'])
    expect(personOf(requests, 'c')).toEqual(['c'])
  })

  it('follows the links step by step, and orders requests stored together by id', () => {
    const requests = [
      request('c', 40, 'b@exemple.fr', '0700000000'),
      request('a', 0, 'a@exemple.fr', '0612345678'),
      request('b', 20, 'b@exemple.fr', '0612345678'),
      request('e', 40, 'x@exemple.fr', '0700000000'),
      request('z', 5, 'z@exemple.fr', '0699999999'),
    ]
    expect(personOf(requests, 'a')).toEqual(['e', 'c', 'b', 'a'])
    expect(personOf(requests, 'z')).toEqual(['z'])
  })

  it('names a repeat request with French elision', () => {
    expect(repeatRequestTitle(2, 'Élodie M.')).toBe('2ᵉ demande d’Élodie M.')
    expect(repeatRequestTitle(3, 'Jean D.')).toBe('3ᵉ demande de Jean D.')
    expect(repeatRequestTitle(2, 'un visiteur')).toBe('2ᵉ demande d’un visiteur')
  })
})
