import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { changedInputs, computeStamp, describeChanges, viteValues } from './build-stamp.mjs'

let root: string
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'build-stamp-'))
  await mkdir(path.join(root, 'src/content'), { recursive: true })
  await writeFile(path.join(root, 'src/content/landing.ts'), 'export const title = "A"\n')
})
afterEach(() => rm(root, { recursive: true, force: true }))

describe('the build stamp', () => {
  it('changes with a source file, not with a test beside it', async () => {
    const before = computeStamp(root, 'site', {})
    await writeFile(path.join(root, 'src/content/landing.test.ts'), 'test')
    expect(changedInputs(before, computeStamp(root, 'site', {}))).toEqual([])
    await writeFile(path.join(root, 'src/content/landing.ts'), 'export const title = "B"\n')
    expect(changedInputs(before, computeStamp(root, 'site', {}))).toEqual([
      'src/content/landing.ts',
    ])
  })

  it("names the broker's configuration first when it appears, then the variables", async () => {
    const before = computeStamp(root, 'site', {})
    await writeFile(path.join(root, 'site.config.yaml'), 'brand: Courtier\n')
    await writeFile(path.join(root, 'src/content/landing.ts'), 'export const title = "B"\n')
    const now = computeStamp(root, 'site', { VITE_META_PIXEL_ID: '123456' })
    expect(changedInputs(before, now)).toEqual([
      'site.config.yaml',
      'VITE_META_PIXEL_ID',
      'src/content/landing.ts',
    ])
  })

  it('holds VITE_* values hashed, and the server stamp none of them', () => {
    const stamp = computeStamp(root, 'site', { VITE_LEAD_WEBHOOK_URL: 'https://hook.example/a' })
    expect(Object.keys(stamp.env)).toEqual(['VITE_LEAD_WEBHOOK_URL'])
    expect(JSON.stringify(stamp)).not.toContain('hook.example')
    const server = computeStamp(root, 'server', { VITE_LEAD_WEBHOOK_URL: 'https://hook.example/a' })
    expect(server.env).toEqual({})
  })

  it('reads VITE_* values as Vite does: .env files in order, then the environment', async () => {
    await writeFile(path.join(root, '.env'), 'VITE_A=from-env\nVITE_B=from-env\nSECRET=x\n')
    await writeFile(path.join(root, '.env.production'), 'VITE_B=from-mode\nVITE_C=\n')
    await writeFile(path.join(root, '.env.staging'), 'VITE_B=from-staging\n')
    expect(viteValues(root, { VITE_A: 'from-process' })).toEqual({
      VITE_A: 'from-process',
      VITE_B: 'from-mode',
    })
    expect(viteValues(root, { MODE: 'staging' })).toEqual({
      VITE_A: 'from-env',
      VITE_B: 'from-staging',
    })
  })

  it('says what changed in one short line', () => {
    expect(describeChanges(['site.config.yaml'])).toBe('site.config.yaml changed')
    expect(describeChanges(['VITE_A', 'src/a.ts'])).toBe('VITE_A and src/a.ts changed')
    expect(describeChanges(['a', 'b', 'c', 'd', 'e'])).toBe('a, b, c and 2 more changed')
  })
})
