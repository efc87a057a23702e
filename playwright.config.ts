import { defineConfig, devices } from '@playwright/test'
import { chromiumArgs, findChromium } from './e2e/support/chromium'
import { runName, variants, variantUrl, webhookPort, type VariantName } from './e2e/support/ports'

const variantServers = (Object.keys(variants) as VariantName[]).map((name) => ({
  command: `node --import tsx e2e/support/serve-variant.ts ${name}`,
  url: variantUrl(name, '/'),
  reuseExistingServer: false,
  timeout: 180_000,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
}))

export default defineConfig({
  testDir: './e2e',
  // Playwright empties this folder when a run starts: each run has its own.
  outputDir: `test-results/${runName}`,
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // A test that fails twice fails the run. One that passes at its second attempt is listed as
  // flaky in the report, to be looked into: on this shared two-core machine a page once waited
  // 30 s for a checkbox to be "stable" (2026-11-24), and passed the seven times it ran again.
  retries: 1,
  workers: 2,
  timeout: 30_000,
  reporter: process.env.CI ? [['list'], ['github']] : [['list']],
  use: {
    baseURL: variantUrl('webhooks'),
    trace: 'retain-on-failure',
    launchOptions: { executablePath: findChromium(), args: chromiumArgs },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    {
      command: 'node --import tsx e2e/support/webhook-server.ts',
      url: `http://127.0.0.1:${webhookPort}/__requests`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    ...variantServers,
  ],
})
