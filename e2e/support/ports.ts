/**
 * Where the browser tests find things. Each build variant is built with its webhook addresses
 * baked in (as in production) and served by the project's own server on its own port.
 */
/** Shifts every port, so that two test runs on one machine (two work trees) do not clash. */
const offset = Number(process.env.E2E_PORT_OFFSET ?? 0) || 0

export const webhookPort = 4310 + offset
/** Nothing ever listens here: a build posting to it meets a refused connection. */
export const closedPort = 4319 + offset

export const webhookOrigin = `http://127.0.0.1:${webhookPort}`

/** Not a real pixel: only ever answered by the tests' stand-in for Meta. */
export const samplePixelId = '123456789012345'
/** Not a real token either: only the webhook stand-in's Graph path ever receives it. */
export const sampleCapiToken = 'EAAGsampleTokenForTheStandIn'
/** Where the webhook stand-in answers as Meta's Graph API does. */
export const graphPath = '/graph'

export const variants = {
  /** Both webhooks pointed at the local stand-in. */
  webhooks: {
    port: 4300 + offset,
    env: {
      VITE_LEAD_WEBHOOK_URL: `${webhookOrigin}/lead`,
      VITE_PAGE_VIEW_WEBHOOK_URL: `${webhookOrigin}/page-view`,
    },
  },
  /** The lead webhook's host refuses connections. */
  refused: {
    port: 4301 + offset,
    env: {
      VITE_LEAD_WEBHOOK_URL: `http://127.0.0.1:${closedPort}/lead`,
      VITE_PAGE_VIEW_WEBHOOK_URL: `${webhookOrigin}/page-view`,
    },
  },
  /** A build with a (sample) Meta pixel id: consent banner and pixel. */
  pixel: {
    port: 4303 + offset,
    env: {
      VITE_LEAD_WEBHOOK_URL: `${webhookOrigin}/lead`,
      VITE_PAGE_VIEW_WEBHOOK_URL: `${webhookOrigin}/page-view`,
      VITE_META_PIXEL_ID: samplePixelId,
    },
  },
  /** No webhook configured: the site posts to its own /api/leads and /api/page-views. */
  relay: {
    port: 4302 + offset,
    env: {},
  },
  /**
   * A pixel and the relay: the server also reports consented leads to Meta's Conversions API,
   * whose address is the stand-in's.
   */
  pixelRelay: {
    port: 4304 + offset,
    env: { VITE_META_PIXEL_ID: samplePixelId },
    serverEnv: {
      META_CAPI_TOKEN: sampleCapiToken,
      META_GRAPH_URL: `${webhookOrigin}${graphPath}`,
    },
  },
  /**
   * The relay with the broker's back-office built and served at /admin, forwarding leads to the
   * stand-in (so that deliveries can fail and be replayed), on data seeded afresh at each start.
   */
  admin: {
    port: 4305 + offset,
    env: {},
    serverEnv: { LEAD_FORWARD_URL: `${webhookOrigin}/admin-lead` },
    withAdmin: true,
  },
} as const satisfies Record<
  string,
  {
    port: number
    env: Record<string, string>
    serverEnv?: Record<string, string>
    /** Builds the back-office too (scripts/build-admin.ts) and serves it. */
    withAdmin?: boolean
  }
>

export type VariantName = keyof typeof variants

/** Where each variant's build and data live, relative to the project's root. */
export function variantDirs(name: VariantName) {
  return {
    dist: `.build/e2e-${name}`,
    adminDist: `.build/e2e-${name}-admin`,
    data: `.build/e2e-${name}-data`,
  }
}

/** A second back-office server, started by the expiry test itself with a short idle timeout. */
export const adminShortIdlePort = 4306 + offset

export function variantUrl(name: VariantName, path = '/'): string {
  return `http://127.0.0.1:${variants[name].port}${path}`
}
