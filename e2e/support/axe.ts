import { createRequire } from 'node:module'
import { readFileSync } from 'node:fs'
import { expect, type Page } from '@playwright/test'
import type { AxeResults } from 'axe-core'

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
)

/** Runs axe-core (WCAG 2.2 A and AA rules and axe's best practices) on the page. */
async function violations(page: Page): Promise<AxeResults['violations']> {
  // Twice on one page would find axe already there.
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource })
  const results = await page.evaluate(() =>
    (
      window as unknown as {
        axe: { run: (context: Document, options: object) => Promise<AxeResults> }
      }
    ).axe.run(document, {
      runOnly: {
        type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'],
      },
    }),
  )
  return results.violations
}

const described = (violation: AxeResults['violations'][number]) =>
  `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`

/** Fails on serious or critical findings. */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  const serious = (await violations(page))
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(described)
  expect(serious, 'serious or critical accessibility violations').toEqual([])
}

/** Fails on any finding, whatever its impact: the back-office's bar. */
export async function expectNoA11yViolations(page: Page): Promise<void> {
  expect((await violations(page)).map(described), 'accessibility violations').toEqual([])
}
