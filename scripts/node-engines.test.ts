/**
 * The README promises Node 20.19 or later (package.json's `engines`). Every package `npm ci`
 * installs must accept the oldest Node of that promise, or `npm ci` prints an EBADENGINE warning
 * a broker reads as "this does not run on my Node", and the package may use what that Node lacks.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import semver from 'semver'
import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '..')
const readJson = (file: string): unknown => JSON.parse(readFileSync(path.join(root, file), 'utf8'))

const manifest = readJson('package.json') as { engines: { node: string } }
const lock = readJson('package-lock.json') as {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>
}

describe('the Node version the project promises', () => {
  const promised = manifest.engines.node
  const oldest = semver.minVersion(promised)

  it('is a range with a lowest version', () => {
    expect(oldest, promised).not.toBeNull()
  })

  it('is accepted by every installed package', () => {
    const refusing = Object.entries(lock.packages).flatMap(([where, entry]) => {
      const wanted = Array.isArray(entry.engines) ? undefined : entry.engines?.node
      if (!where || !wanted || !oldest) return []
      return semver.satisfies(oldest, wanted) ? [] : [`${where}@${entry.version}: node ${wanted}`]
    })
    expect(refusing, `packages that refuse Node ${oldest?.version}`).toEqual([])
  })
})
