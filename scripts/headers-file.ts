/**
 * The response headers every page needs, written by the build into `dist/_headers` (the format
 * Netlify and Cloudflare Pages read) and applied by our own server from that same file, so that
 * every way of hosting the site sends the same policy.
 */
import type { ClientEnv } from '../src/config/client-env'
import { callerVcardHeaders, callerVcardPath } from '../common/site-config/caller-vcard'

/** Hosts the Meta pixel loads from and sends to, allowed only in builds with a pixel id. */
export const metaPixelHosts = {
  script: ['https://connect.facebook.net'],
  connect: ['https://connect.facebook.net', 'https://www.facebook.com'],
  img: ['https://www.facebook.com'],
} as const

function originOf(url: string): string | undefined {
  return url.startsWith('/') ? undefined : new URL(url).origin
}

/** `scriptHashes`: CSP sources (`'sha256-…'`) of the inline scripts the pages carry. */
export function contentSecurityPolicy(
  env: ClientEnv,
  scriptHashes: readonly string[] = [],
): string {
  const pixel = env.metaPixelId !== undefined
  const webhooks = [env.leadEndpoint, env.pageViewEndpoint]
    .map(originOf)
    .filter((origin) => origin !== undefined)
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...scriptHashes, ...(pixel ? metaPixelHosts.script : [])],
    // Inline <style> (the critical CSS) and style attributes; no inline script anywhere.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', ...(pixel ? metaPixelHosts.img : [])],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...new Set(webhooks), ...(pixel ? metaPixelHosts.connect : [])],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  }
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ')
}

export function securityHeaders(
  env: ClientEnv,
  scriptHashes: readonly string[] = [],
): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(env, scriptHashes),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
  }
}

export function renderHeadersFile(env: ClientEnv, scriptHashes: readonly string[] = []): string {
  const lines = [
    '/*',
    ...Object.entries(securityHeaders(env, scriptHashes)).map(
      ([name, value]) => `  ${name}: ${value}`,
    ),
  ]
  lines.push('/assets/*', '  Cache-Control: public, max-age=31536000, immutable')
  lines.push(
    callerVcardPath,
    ...Object.entries(callerVcardHeaders).map(([name, value]) => `  ${name}: ${value}`),
  )
  return `${lines.join('\n')}\n`
}
