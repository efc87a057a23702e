import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

/** Browser entries; the build script pre-renders the HTML pages that load them. */
export const clientEntries = {
  landing: 'src/entry-landing.tsx',
  notFound: 'src/entry-not-found.ts',
  styles: 'src/styles.css',
} as const

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    manifest: true,
    target: 'es2022',
    rolldownOptions: { input: clientEntries },
  },
})
