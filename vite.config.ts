import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, loadEnv } from 'vite'
import type { PageScript } from './common/routes/routes.ts'
import { siteConfigPlugin } from './scripts/site-config/site-config-plugin.ts'

/** Browser entries; the build script pre-renders the HTML pages that load them. */
export const clientEntries = {
  afterPaint: 'src/entry-after-paint.ts',
  landing: 'src/landing-app.tsx',
  notFound: 'src/entry-not-found.ts',
  consent: 'src/entry-consent.ts',
  styles: 'src/styles.css',
} as const satisfies Record<PageScript | 'afterPaint' | 'consent' | 'styles', string>

export default defineConfig(({ mode }) => {
  const env = { ...loadEnv(mode, process.cwd(), 'VITE_'), ...process.env }
  // Builds without a pixel id contain no consent code at all, not even an unused file.
  const withConsent = Boolean(env.VITE_META_PIXEL_ID?.trim())
  const input = Object.fromEntries(
    Object.entries(clientEntries).filter(([name]) => name !== 'consent' || withConsent),
  )
  return {
    plugins: [siteConfigPlugin(), react(), tailwindcss()],
    resolve: {
      alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
    },
    build: {
      manifest: true,
      target: 'es2022',
      rolldownOptions: {
        input,
        // Constants one module exports (the estimate's event name, say) are copied where they are
        // used: the inlined loader can then share them with the landing code without importing
        // a shared chunk, which an inline script cannot do.
        optimization: { inlineConst: { mode: 'all' } },
      },
    },
  }
})
