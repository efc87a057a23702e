import { test as base, expect } from '@playwright/test'

/** Matches no text at all. */
const nothing = /(?!)/

/**
 * A page whose console shows an error the test did not expect fails the test: an error in the
 * console is a bug a visitor meets. Tests that expect some say which with
 * `test.use({ expectedConsoleErrors: /pattern/ })`.
 */
export const test = base.extend<{ expectedConsoleErrors: RegExp; consoleErrors: string[] }>({
  expectedConsoleErrors: [nothing, { option: true }],
  consoleErrors: [
    async ({ page, expectedConsoleErrors }, use) => {
      const errors: string[] = []
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text())
      })
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`))
      await use(errors)
      const unexpected = errors.filter((text) => !expectedConsoleErrors.test(text))
      expect(unexpected, 'unexpected console errors').toEqual([])
    },
    { auto: true },
  ],
})

export { expect }
