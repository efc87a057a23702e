import type { ReactNode } from 'react'
import { clientEnv, countsFunnel } from '@/config/bundle-env'
import { renderToString } from 'react-dom/server'
import type { RouteDefinition, RouteId } from '../common/routes/routes'
import { legalNotice } from '@/content/legal-notice'
import { privacyPolicy } from '@/content/privacy-policy'
import { siteConfig } from '../common/site-config/site-config'
import { Document, type PageAssets } from '@/document'
import { LandingPage } from '@/pages/landing-page'
import { LegalPage } from '@/pages/legal-page'
import { NotFoundPage } from '@/pages/not-found-page'

export type { PageAssets }

/** The site's address, for the sitemap and robots.txt. */
export { siteConfig }

const pages: Record<RouteId, () => ReactNode> = {
  home: () => <LandingPage />,
  legalNotice: () => <LegalPage document={legalNotice} />,
  privacyPolicy: () => (
    <LegalPage
      document={privacyPolicy({
        metaPixel: Boolean(clientEnv.metaPixelId),
        audienceCounts: countsFunnel,
        recipients: siteConfig.privacy,
      })}
    />
  ),
  notFound: () => <NotFoundPage />,
}

/** Renders one route to a complete HTML document (used at build time only). */
export function renderPage(route: RouteDefinition, assets: PageAssets): string {
  return `<!doctype html>${renderToString(
    <Document route={route} assets={assets}>
      {pages[route.id]()}
    </Document>,
  )}`
}
