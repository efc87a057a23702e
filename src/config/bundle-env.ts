import { defaultLeadEndpoint, defaultPageViewEndpoint } from '@/config/client-env'

/**
 * The configuration compiled into this bundle by Vite. The build already checked these values
 * with `parseClientEnv` (scripts/build.ts), so the browser does not pay for checking them again.
 */
export const clientEnv = {
  leadEndpoint: import.meta.env.VITE_LEAD_WEBHOOK_URL?.trim() || defaultLeadEndpoint,
  pageViewEndpoint: import.meta.env.VITE_PAGE_VIEW_WEBHOOK_URL?.trim() || defaultPageViewEndpoint,
  metaPixelId: import.meta.env.VITE_META_PIXEL_ID?.trim() || undefined,
}

/**
 * Whether the page reports its funnel to the relay: only when the relay serves it, that is when no
 * lead webhook is set (a static host has no `/api/funnel`). A value of its own rather than a key
 * of `clientEnv`, so that the landing bundle, which never reads it, does not carry it.
 */
export const countsFunnel = !import.meta.env.VITE_LEAD_WEBHOOK_URL?.trim()
