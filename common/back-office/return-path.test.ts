import { describe, expect, it } from 'vitest'
import { loginPathFor, safeReturnPath } from './return-path'

const id = '3f2b8c1e-5a4d-4e6f-9b1a-2c3d4e5f6a7b'

describe('the login’s return path', () => {
  it('takes back a lead’s card, and nothing else', () => {
    expect(safeReturnPath(`/admin/demandes/${id}`)).toBe(`/admin/demandes/${id}`)
    expect(safeReturnPath(`/admin/demandes/${id.toUpperCase()}/`)).toBe(`/admin/demandes/${id}`)
    for (const elsewhere of [
      null,
      '',
      '/admin',
      '/admin/livraisons',
      'https://ailleurs.example/admin/demandes/' + id,
      '//ailleurs.example',
      `/admin/demandes/${id}/../../../ailleurs`,
      `/admin/demandes/${id}?x=1`,
      '/admin/demandes/%2F%2Failleurs.example',
      `\\\\ailleurs.example/admin/demandes/${id}`,
    ]) {
      expect(safeReturnPath(elsewhere), String(elsewhere)).toBeUndefined()
    }
  })

  it('names the card in the login’s address, and says when the session ended', () => {
    expect(loginPathFor(`/admin/demandes/${id}`, { expired: false })).toBe(
      `/admin/login?suite=%2Fadmin%2Fdemandes%2F${id}`,
    )
    expect(loginPathFor(`/admin/demandes/${id}`, { expired: true })).toBe(
      `/admin/login?session=expiree&suite=%2Fadmin%2Fdemandes%2F${id}`,
    )
    expect(loginPathFor('/admin/entonnoir', { expired: false })).toBe('/admin/login')
    expect(loginPathFor('/admin', { expired: true })).toBe('/admin/login?session=expiree')
  })
})
