/**
 * The lint rule that keeps the three programs apart (eslint.config.js): each folder may import
 * common/ and itself, never another program. Linted as `npm run lint` lints, on text placed in
 * each folder.
 */
import path from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '..')
const eslint = new ESLint({ cwd: root })

async function refusals(file: string, specifier: string): Promise<string[]> {
  const code = `import { thing } from '${specifier}'\nexport const used = thing\n`
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) })
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message)
}

describe('imports between the programs', () => {
  it.each([
    ['server/api/example.ts', '../../src/features/lead/lead-form'],
    ['server/api/example.ts', '@/content/landing'],
    ['server/example.ts', '../admin/api'],
    ['server/api/example.ts', '../../scripts/build'],
    ['admin/screens/example.tsx', '../../server/storage/lead-store'],
    ['admin/example.ts', '../src/content/landing'],
    ['admin/example.ts', '@/content/landing'],
    ['src/features/lead/example.ts', '../../../server/api/parse-lead'],
    ['src/example.ts', '../admin/api'],
    ['common/lead/example.ts', '../../src/content/landing'],
    ['common/example.ts', '../server/config'],
    ['common/example.ts', '../admin/api'],
  ])('refuses %s importing %s', async (file, specifier) => {
    expect(await refusals(file, specifier)).toEqual([
      expect.stringMatching(/is another program: share the code through common\/ instead/),
    ])
  })

  it.each([
    ['server/api/example.ts', '../../common/lead/lead-contract'],
    ['server/api/example.ts', '../storage/lead-store'],
    ['admin/screens/example.tsx', '../../common/back-office/screens-api'],
    ['src/features/lead/example.ts', '../../../common/lead/lead-schema'],
    ['src/features/lead/example.ts', '@/content/landing'],
    ['common/lead/example.ts', '../phone'],
    ['scripts/example.ts', '../server/config'],
    ['server/api/example.test.ts', '../../src/content/landing'],
  ])('lets %s import %s', async (file, specifier) => {
    expect(await refusals(file, specifier)).toEqual([])
  })
})
