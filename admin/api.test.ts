// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { api, ApiError } from './api'

function answer(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  })
}

describe('api', () => {
  let assign = vi.fn()
  afterEach(() => vi.unstubAllGlobals())

  function stub(response: Response | Error) {
    const fetchMock = vi.fn(() =>
      response instanceof Error ? Promise.reject(response) : Promise.resolve(response),
    )
    vi.stubGlobal('fetch', fetchMock)
    assign = vi.fn()
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign })
    return fetchMock
  }

  it('sends JSON to the same origin and returns the JSON answer', async () => {
    const fetchMock = stub(answer(200, { email: 'a@b.fr' }))
    expect(await api('/admin/api/login', { method: 'POST', body: { email: 'a@b.fr' } })).toEqual({
      email: 'a@b.fr',
    })
    expect(fetchMock).toHaveBeenCalledWith('/admin/api/login', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: '{"email":"a@b.fr"}',
    })
  })

  it('goes to the login page, saying so, when the session has ended', async () => {
    stub(answer(401, { error: 'Session absente ou expirée\u00a0: reconnectez-vous.' }))
    await expect(api('/admin/api/session')).rejects.toMatchObject({ status: 401 })
    expect(assign).toHaveBeenCalledWith('/admin/login?session=expiree')
  })

  it('leaves a 401 to the login form itself, with the server’s message', async () => {
    stub(answer(401, { error: 'Email ou mot de passe incorrect.' }))
    const failure = api('/admin/api/login', { method: 'POST', redirectOnUnauthorized: false })
    await expect(failure).rejects.toEqual(new ApiError('Email ou mot de passe incorrect.', 401))
    expect(assign).not.toHaveBeenCalled()
  })

  it('says something useful when the answer has no message, or there is no answer', async () => {
    stub(new Response('<html>Bad gateway</html>', { status: 502 }))
    await expect(api('/admin/api/session')).rejects.toThrow('Une erreur est survenue.')
    stub(new TypeError('Failed to fetch'))
    await expect(api('/admin/api/session')).rejects.toThrow('Le serveur ne répond pas')
  })

  it('returns nothing for a 204', async () => {
    stub(new Response(null, { status: 204 }))
    expect(await api('/admin/api/logout', { method: 'POST' })).toBeUndefined()
  })
})
