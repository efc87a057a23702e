import type { Page } from '@playwright/test'

/**
 * Waits until React owns the element: before that, a blur or a keystroke reaches only the
 * server-rendered HTML and no handler runs (the landing code starts after `load`).
 */
export async function waitForHydration(page: Page, selector: string): Promise<void> {
  await page.waitForFunction(
    (target) =>
      Object.keys(document.querySelector(target) ?? {}).some((key) => key.startsWith('__react')),
    selector,
  )
}
