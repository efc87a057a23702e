import { parseClientEnv, type ClientEnv } from '@/config/client-env'

/** The configuration compiled into this bundle by Vite. */
export const clientEnv: ClientEnv = parseClientEnv({
  VITE_LEAD_WEBHOOK_URL: import.meta.env.VITE_LEAD_WEBHOOK_URL,
  VITE_PAGE_VIEW_WEBHOOK_URL: import.meta.env.VITE_PAGE_VIEW_WEBHOOK_URL,
  VITE_META_PIXEL_ID: import.meta.env.VITE_META_PIXEL_ID,
})
