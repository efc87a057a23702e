import { simulationFormId } from './anchors'

/**
 * The route table: one entry per page, with the file the build writes and the scripts the page
 * loads. It feeds the pre-render step, the links between pages, the sitemap and the server's
 * fallback to the not-found page; each page's component is named in src/entry-server.tsx and its
 * title in src/content/pages.ts, both keyed by the route's id.
 */
export type RouteId = 'home' | 'legalNotice' | 'privacyPolicy' | 'notFound'

/**
 * The browser code a page can load, by the name vite.config.ts gives each entry: `notFound` logs
 * the missing address, `landing` is the landing page's interactive code.
 */
export type PageScript = 'notFound' | 'landing'

export interface RouteDefinition {
  id: RouteId
  /** Public path, without trailing slash; `null` for the not-found page, which has none. */
  path: string | null
  /** File written in the build output, relative to its root. */
  file: string
  /** Whether the page is listed in the sitemap and indexed by search engines. */
  indexable: boolean
  /** Scripts the page loads as it is parsed (every page also gets the consent one, with a pixel). */
  scripts: readonly PageScript[]
  /** Interactive code fetched once the page has painted (see src/entry-after-paint.ts). */
  afterPaint?: PageScript
}

/** Public paths, for links. Plain values, so that linking to a page ships no route table. */
export const paths = {
  home: '/',
  legalNotice: '/mentions-legales',
  privacyPolicy: '/politique-confidentialite',
  simulationForm: `#${simulationFormId}`,
} as const

export const routes = {
  home: {
    id: 'home',
    path: paths.home,
    file: 'index.html',
    indexable: true,
    scripts: [],
    afterPaint: 'landing',
  },
  legalNotice: {
    id: 'legalNotice',
    path: paths.legalNotice,
    file: 'mentions-legales/index.html',
    indexable: true,
    scripts: [],
  },
  privacyPolicy: {
    id: 'privacyPolicy',
    path: paths.privacyPolicy,
    file: 'politique-confidentialite/index.html',
    indexable: true,
    scripts: [],
  },
  notFound: {
    id: 'notFound',
    path: null,
    file: '404.html',
    indexable: false,
    scripts: ['notFound'],
  },
} as const satisfies Record<RouteId, RouteDefinition>

export const allRoutes: readonly RouteDefinition[] = /* @__PURE__ */ Object.values(routes)

/** Finds the route serving a request path, ignoring a trailing slash; `undefined` when none does. */
export function findRoute(requestPath: string): RouteDefinition | undefined {
  const normalized = requestPath.length > 1 ? requestPath.replace(/\/+$/, '') : requestPath
  return allRoutes.find((route) => route.path === (normalized === '' ? '/' : normalized))
}
