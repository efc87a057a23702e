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
