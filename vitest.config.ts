import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'
import { siteConfigPlugin } from './scripts/site-config/site-config-plugin.ts'

export default defineConfig({
  plugins: [siteConfigPlugin(), react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    include: [
      'src/**/*.test.{ts,tsx}',
      'common/**/*.test.ts',
      'admin/**/*.test.{ts,tsx}',
      'server/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    environment: 'node',
    setupFiles: ['./vitest.setup.ts'],
    restoreMocks: true,
    // Typing into a form in jsdom takes a few seconds on a loaded two-core machine; 5 s failed
    // there while the same test takes 1 s on a quiet one.
    testTimeout: 15_000,
    // Most server tests wait on child processes, sockets and timers rather than compute: two
    // files at a time on two cores halve the run (541 s to 266 s) where Vitest's default of one
    // worker per core less one would run them one by one.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
})
