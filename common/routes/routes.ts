import { simulationFormId } from './anchors'

/**
 * The route table: one entry per page. It feeds the pre-render step (which file to write),
 * the links between pages, the sitemap and the server's fallback to the not-found page.
 */
export type RouteId = 'home' | 'legalNotice' | 'privacyPolicy' | 'notFound'

export interface RouteDefinition {
  id: RouteId
  /** Public path, without trailing slash; `null` for the not-found page, which has none. */
  path: string | null
  /** File written in the build output, relative to its root. */
  file: string
  /** Whether the page is listed in the sitemap and indexed by search engines. */
  indexable: boolean
}

/** Public paths, for links. Plain values, so that linking to a page ships no route table. */
export const paths = {
  home: '/',
  legalNotice: '/mentions-legales',
  privacyPolicy: '/politique-confidentialite',
  simulationForm: `#${simulationFormId}`,
} as const

export const routes = {
  home: { id: 'home', path: paths.home, file: 'index.html', indexable: true },
  legalNotice: {
    id: 'legalNotice',
    path: paths.legalNotice,
    file: 'mentions-legales/index.html',
    indexable: true,
  },
  privacyPolicy: {
    id: 'privacyPolicy',
    path: paths.privacyPolicy,
    file: 'politique-confidentialite/index.html',
    indexable: true,
  },
  notFound: { id: 'notFound', path: null, file: '404.html', indexable: false },
} as const satisfies Record<RouteId, RouteDefinition>

export const allRoutes: readonly RouteDefinition[] = /* @__PURE__ */ Object.values(routes)

/** Finds the route serving a request path, ignoring a trailing slash; `undefined` when none does. */
export function findRoute(requestPath: string): RouteDefinition | undefined {
  const normalized = requestPath.length > 1 ? requestPath.replace(/\/+$/, '') : requestPath
  return allRoutes.find((route) => route.path === (normalized === '' ? '/' : normalized))
}
