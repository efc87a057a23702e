import { describe, expect, it } from 'vitest'
import { simulationFormId } from './anchors'
import { allRoutes, findRoute, paths, routes } from './routes'

describe('findRoute', () => {
  it.each([
    ['/', 'home'],
    ['/mentions-legales', 'legalNotice'],
    ['/mentions-legales/', 'legalNotice'],
    ['/politique-confidentialite', 'privacyPolicy'],
    ['/politique-confidentialite/', 'privacyPolicy'],
    ['/politique-confidentialite//', 'privacyPolicy'],
  ])('maps %j to the %s route', (requestPath, id) => {
    expect(findRoute(requestPath)?.id).toBe(id)
  })

  it.each([
    '/inconnu',
    '/mentions-legales/extra',
    '/Mentions-Legales',
    '/mentions-legales.html',
    '/index.html',
    '/404',
    '/404.html',
  ])('returns undefined for the unknown path %j', (requestPath) => {
    expect(findRoute(requestPath)).toBeUndefined()
  })

  it('never returns the not-found route, which has no path', () => {
    for (const requestPath of ['/', '/x', '/mentions-legales']) {
      expect(findRoute(requestPath)?.id).not.toBe('notFound')
    }
  })
})

describe('route table', () => {
  it('serves the SPEC §2 paths', () => {
    expect(routes.home.path).toBe('/')
    expect(routes.legalNotice.path).toBe('/mentions-legales')
    expect(routes.privacyPolicy.path).toBe('/politique-confidentialite')
    expect(routes.notFound.path).toBeNull()
  })

  it('writes every route to its own file', () => {
    const files = allRoutes.map((route) => route.file)
    expect(new Set(files).size).toBe(files.length)
  })

  it('gives every route a unique id and path', () => {
    expect(new Set(allRoutes.map((route) => route.id)).size).toBe(allRoutes.length)
    const withPath = allRoutes.filter((route) => route.path !== null)
    expect(new Set(withPath.map((route) => route.path)).size).toBe(withPath.length)
  })

  it('writes the not-found page as 404.html and keeps it out of the index', () => {
    expect(routes.notFound.file).toBe('404.html')
    expect(routes.notFound.indexable).toBe(false)
  })

  it('points the form anchor at simulation-form', () => {
    expect(simulationFormId).toBe('simulation-form')
    expect(paths.simulationForm).toBe('#simulation-form')
  })
})
