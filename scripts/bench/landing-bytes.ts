import { gzipSync } from 'node:zlib'

/**
 * Bytes a visitor downloads for the landing page's code, gzip-compressed as a host serves them:
 * every script the page loaded (including those started after the first paint), the scripts
 * inlined in its HTML, and the CSS inlined there too.
 */
export async function measureLandingBytes(
  html: string,
  scriptPaths: string[],
  fetchGzipSize: (path: string) => Promise<number>,
): Promise<{ javascriptGzip: number; cssGzip: number; scripts: string[] }> {
  const scripts = [...new Set(scriptPaths)]
  const sizes = await Promise.all(scripts.map(fetchGzipSize))
  const inlined = (pattern: RegExp) =>
    [...html.matchAll(pattern)].map((match) => match[1] ?? '').join('')
  const css = inlined(/<style>([\s\S]*?)<\/style>/g)
  const inlineScripts = inlined(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)
  const inlineScriptGzip = inlineScripts ? gzipSync(inlineScripts, { level: 9 }).length : 0
  return {
    javascriptGzip: sizes.reduce((sum, size) => sum + size, 0) + inlineScriptGzip,
    cssGzip: gzipSync(css, { level: 9 }).length,
    scripts,
  }
}
