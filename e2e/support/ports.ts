/**
 * Where the browser tests find things. Each build variant is built with its webhook addresses
 * baked in (as in production) and served by the project's own server on its own port.
 *
 * Ports are chosen at run time so that two runs on one machine (two work trees, two shells) never
 * share one: the Playwright process that first reads this module (the configuration does) claims
 * a free block of ports (./port-slot.ts) and passes its number on in E2E_PORT_SLOT to its workers
 * and servers, which inherit its environment. Setting E2E_PORT_SLOT yourself pins a run to a slot.
 */
import path from 'node:path'
import { claimPortSlot, firstPort, portsPerSlot, slotCount } from './port-slot'

process.env.E2E_PORT_SLOT ||= String(claimPortSlot())
const slot = Number(process.env.E2E_PORT_SLOT)
if (!Number.isInteger(slot) || slot < 0 || slot >= slotCount) {
  throw new Error(`E2E_PORT_SLOT must be a whole number from 0 to ${slotCount - 1}.`)
}
/**
 * The slot's ports, by index: 0 the webhook stand-in, 1-6 and 8 the variants, 7 a second
 * back-office, 9 closed.
 */
function port(index: number): number {
  if (index >= portsPerSlot) throw new Error(`Port index ${index} is outside a slot's block.`)
  return firstPort + slot * portsPerSlot + index
}

/** Names this run's folders (builds, databases, test results): runs at once never share one. */
export const runName = `slot-${slot}`
const runDir = path.join('.build', 'e2e', runName)

export const webhookPort = port(0)
/** Nothing ever listens here: a build posting to it meets a refused connection. */
export const closedPort = port(9)

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
    port: port(1),
    env: {
      VITE_LEAD_WEBHOOK_URL: `${webhookOrigin}/lead`,
      VITE_PAGE_VIEW_WEBHOOK_URL: `${webhookOrigin}/page-view`,
    },
  },
  /** The lead webhook's host refuses connections. */
  refused: {
    port: port(2),
    env: {
      VITE_LEAD_WEBHOOK_URL: `http://127.0.0.1:${closedPort}/lead`,
      VITE_PAGE_VIEW_WEBHOOK_URL: `${webhookOrigin}/page-view`,
    },
  },
  /** A build with a (sample) Meta pixel id: consent banner and pixel. */
  pixel: {
    port: port(4),
    env: {
      VITE_LEAD_WEBHOOK_URL: `${webhookOrigin}/lead`,
      VITE_PAGE_VIEW_WEBHOOK_URL: `${webhookOrigin}/page-view`,
      VITE_META_PIXEL_ID: samplePixelId,
    },
  },
  /** No webhook configured: the site posts to its own /api/leads and /api/page-views. */
  relay: {
    port: port(3),
    env: {},
  },
  /**
   * A pixel and the relay: the server also reports consented leads to Meta's Conversions API,
   * whose address is the stand-in's.
   */
  pixelRelay: {
    port: port(5),
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
    port: port(6),
    env: {},
    serverEnv: { LEAD_FORWARD_URL: `${webhookOrigin}/admin-lead` },
    withAdmin: true,
  },
  /** The relay, on a site configured to show the day's real number of requests. */
  realActivity: {
    port: port(8),
    env: {},
    siteConfig: { activityCounter: 'real' },
  },
} as const satisfies Record<
  string,
  {
    port: number
    env: Record<string, string>
    serverEnv?: Record<string, string>
    /** Fields of the site configuration this variant sets its own way. */
    siteConfig?: Record<string, string>
    /** Builds the back-office too (scripts/build-admin.ts) and serves it. */
    withAdmin?: boolean
  }
>

export type VariantName = keyof typeof variants

/**
 * Where each variant's build, configuration and data live during this run, relative to the
 * project's root.
 */
export function variantDirs(name: VariantName) {
  return {
    dist: path.join(runDir, name),
    adminDist: path.join(runDir, `${name}-admin`),
    data: path.join(runDir, `${name}-data`),
    siteConfig: path.join(runDir, `${name}.site.config.yaml`),
  }
}

/** A second back-office server, started by the expiry test itself with a short idle timeout. */
export const adminShortIdlePort = port(7)
/** That server's own database, so its accounts never mix with the admin variant's. */
export const adminShortIdleDataDir = path.join(runDir, 'admin-short-idle-data')

export function variantUrl(name: VariantName, path = '/'): string {
  return `http://127.0.0.1:${variants[name].port}${path}`
}
