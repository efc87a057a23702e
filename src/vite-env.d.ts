/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Automation webhook receiving leads; unset = the same-origin relay at /api/leads. */
  readonly VITE_LEAD_WEBHOOK_URL?: string
  /** Webhook receiving page-view events; unset = the same-origin relay at /api/page-views. */
  readonly VITE_PAGE_VIEW_WEBHOOK_URL?: string
  /** Meta pixel id; unset = no pixel, no consent banner, no cookie. */
  readonly VITE_META_PIXEL_ID?: string
}

interface ImportMeta {
  readonly env: ImportMetaEnv
}

interface Window {
  /** Meta's pixel function, present only after the visitor accepted trackers. */
  fbq?: (...args: unknown[]) => void
  _fbq?: (...args: unknown[]) => void
}
