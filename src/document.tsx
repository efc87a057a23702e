import type { ReactNode } from 'react'
import favicon from '../public/favicon.svg?raw'
import type { RouteDefinition } from '../common/routes/routes'
import { clientEnv, countsFunnel } from '@/config/bundle-env'
import { pageMeta } from '@/content/pages'
import { ConsentBanner } from '@/features/consent/consent-banner'
import { funnelPath } from '../common/funnel-contract'
import { siteConfig } from '../common/site-config/site-config'

/** What the build hands to each page: its stylesheet's text and the scripts it needs. */
export interface PageAssets {
  css: string
  scripts: readonly string[]
  preloads: readonly string[]
  /** Interactive code loaded once the page has painted, by the after-paint loader. */
  afterPaint?: { loaderCode: string; script: string }
}

const themeColor = '#172554'

/** Inlined: a favicon request would otherwise sit in front of the first paint. */
const faviconDataUri = `data:image/svg+xml,${encodeURIComponent(favicon.trim())}`

/** The whole HTML document of a pre-rendered page. */
export function Document({
  route,
  assets,
  children,
}: {
  route: RouteDefinition
  assets: PageAssets
  children: ReactNode
}) {
  const meta = pageMeta[route.id]
  const canonical =
    route.path === null
      ? undefined
      : `${siteConfig.siteUrl}${route.path === '/' ? '/' : route.path}`
  return (
    <html lang="fr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{meta.title}</title>
        <meta name="description" content={meta.description} />
        {route.indexable ? null : <meta name="robots" content="noindex" />}
        {canonical ? <link rel="canonical" href={canonical} /> : null}
        <meta name="theme-color" content={themeColor} />
        <meta property="og:type" content="website" />
        <meta property="og:locale" content="fr_FR" />
        <meta property="og:site_name" content={siteConfig.brandName} />
        <meta property="og:title" content={meta.title} />
        <meta property="og:description" content={meta.description} />
        {canonical ? <meta property="og:url" content={canonical} /> : null}
        <meta property="og:image" content={`${siteConfig.siteUrl}/og-image.png`} />
        <meta property="og:image:width" content="1200" />
        <meta property="og:image:height" content="630" />
        <link rel="icon" href={faviconDataUri} type="image/svg+xml" />
        <style dangerouslySetInnerHTML={{ __html: assets.css }} />
        {assets.preloads.map((href) => (
          <link key={href} rel="modulepreload" href={href} />
        ))}
        {assets.scripts.map((src) => (
          <script key={src} type="module" src={src} />
        ))}
      </head>
      <body>
        {children}
        {clientEnv.metaPixelId ? <ConsentBanner pixelId={clientEnv.metaPixelId} /> : null}
        {/* Last in the body: a module runs once the document is parsed wherever it sits, but the
            browser compiles an inline one where it meets it, inside the parse of the first screen
            that Lighthouse's simulation counts four times (docs/benchmarks.md). */}
        {assets.afterPaint ? (
          <script
            type="module"
            data-after-paint={assets.afterPaint.script}
            data-page-view={clientEnv.pageViewEndpoint}
            data-funnel={countsFunnel ? funnelPath : undefined}
            dangerouslySetInnerHTML={{ __html: assets.afterPaint.loaderCode }}
          />
        ) : null}
      </body>
    </html>
  )
}
