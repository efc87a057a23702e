/**
 * Build-time configuration of the browser code. Vite inlines `import.meta.env.VITE_*`; the build
 * script calls `parseClientEnv` first so that a bad value stops the build with a clear message.
 */
export interface ClientEnv {
  leadEndpoint: string
  pageViewEndpoint: string
  metaPixelId: string | undefined
  /** Whether the lead form posts to the same-origin relay because no webhook was configured. */
  usesLeadRelay: boolean
}

export const defaultLeadEndpoint = '/api/leads'
export const defaultPageViewEndpoint = '/api/page-views'

export class ClientEnvError extends Error {
  override name = 'ClientEnvError'
}

function optionalUrl(name: string, value: string | undefined): string | undefined {
  const trimmed = value?.trim()
  if (!trimmed) return undefined
  let url: URL
  try {
    url = new URL(trimmed)
  } catch {
    throw new ClientEnvError(`${name} must be an absolute http(s) URL, got "${trimmed}".`)
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ClientEnvError(`${name} must use http or https, got "${url.protocol}".`)
  }
  return trimmed
}

function optionalPixelId(value: string | undefined): string | undefined {
  const trimmed = value?.trim()
  if (!trimmed) return undefined
  if (!/^\d{5,20}$/.test(trimmed)) {
    throw new ClientEnvError(`VITE_META_PIXEL_ID must be the pixel's numeric id, got "${trimmed}".`)
  }
  return trimmed
}

export function parseClientEnv(env: Record<string, string | undefined>): ClientEnv {
  const leadWebhook = optionalUrl('VITE_LEAD_WEBHOOK_URL', env.VITE_LEAD_WEBHOOK_URL)
  const pageViewWebhook = optionalUrl('VITE_PAGE_VIEW_WEBHOOK_URL', env.VITE_PAGE_VIEW_WEBHOOK_URL)
  return {
    leadEndpoint: leadWebhook ?? defaultLeadEndpoint,
    pageViewEndpoint: pageViewWebhook ?? defaultPageViewEndpoint,
    metaPixelId: optionalPixelId(env.VITE_META_PIXEL_ID),
    usesLeadRelay: leadWebhook === undefined,
  }
}
