/**
 * `npm run og-image`: draws the Open Graph picture (1200×630 PNG, the size Facebook shows) from
 * the site's own copy and colours, with the system's Chromium, into public/og-image.png.
 * Run it again after changing the brand name or the pitch.
 */
import path from 'node:path'
import { chromium } from '@playwright/test'
import { chromiumArgs, findChromium } from '../e2e/support/chromium'
import { hero } from '../src/content/landing'
import { siteConfig } from '../common/site-config/site-config'

const escape = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;')

const html = `<!doctype html><html lang="fr"><body style="margin:0">
<div style="width:1200px;height:630px;box-sizing:border-box;padding:72px 80px;background:#172554;color:#fff;
  font-family:system-ui,sans-serif;display:flex;flex-direction:column;justify-content:space-between">
  <div style="display:flex;align-items:center;gap:20px;font-size:36px;font-weight:800">
    <svg viewBox="0 0 32 32" width="64" height="64"><path d="M16 3 4 8v8c0 7 5 11.5 12 13 7-1.5 12-6 12-13V8z" fill="#f59e0b"/>
    <path d="m11 16 3.5 3.5L21.5 12" stroke="#172554" stroke-width="3" fill="none"/></svg>${escape(siteConfig.brandName)}
  </div>
  <div style="font-size:68px;font-weight:800;line-height:1.1">${escape(hero.title)}</div>
  <div style="display:flex;flex-wrap:wrap;gap:12px 36px;font-size:28px;font-weight:700;color:#dbeafe">
    ${hero.highlights.map((item) => `<span style="white-space:nowrap">✓ ${escape(item)}</span>`).join('')}
  </div>
</div></body></html>`

const executablePath = findChromium()
if (!executablePath) throw new Error('No Chromium found: install it or set CHROMIUM_PATH.')
const browser = await chromium.launch({ executablePath, args: chromiumArgs })
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } })
await page.setContent(html)
const target = path.resolve(import.meta.dirname, '..', 'public', 'og-image.png')
await page.screenshot({ path: target, type: 'png' })
await browser.close()
console.log(`Wrote ${path.relative(process.cwd(), target)}`)
