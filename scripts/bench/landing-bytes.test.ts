import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { measureLandingBytes } from './landing-bytes'

describe('measureLandingBytes', () => {
  it('adds the loaded scripts, the inline scripts and measures the inline CSS', async () => {
    const inlineScript = 'console.log("inline loader")'.repeat(10)
    const css = 'body{color:red}'.repeat(20)
    const html = `<html><head><style>${css}</style><script type="module" data-after-paint="/a.js">${inlineScript}</script><script type="module" src="/b.js"></script></head></html>`
    const sizes: Record<string, number> = { '/a.js': 1_000, '/b.js': 500 }
    const bytes = await measureLandingBytes(
      html,
      ['/a.js', '/b.js', '/a.js'],
      async (path) => sizes[path] ?? 0,
    )
    expect(bytes.scripts).toEqual(['/a.js', '/b.js'])
    expect(bytes.javascriptGzip).toBe(1_500 + gzipSync(inlineScript, { level: 9 }).length)
    expect(bytes.cssGzip).toBe(gzipSync(css, { level: 9 }).length)
  })
})
