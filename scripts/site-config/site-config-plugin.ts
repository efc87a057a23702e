/**
 * Compiles the broker's site.config.yaml into the bundles: common/site-config/site-config-values.ts
 * and common/site-config/activity-counter-mode.ts are replaced by the checked values, one `export const` each,
 * so that the YAML parser stays in the build and tree-shaking drops what a bundle does not read. A
 * bad field stops the build with the file's messages.
 */
import path from 'node:path'
import type { Plugin } from 'vite'
import {
  activityCounterExports,
  readSiteConfig,
  siteConfigExports,
  type LoadedSiteConfig,
} from './read-site-config.ts'

const configModule = (file: string) =>
  path.resolve(import.meta.dirname, '../../common/site-config', file)
const modules = new Map<string, (loaded: LoadedSiteConfig) => Record<string, unknown>>([
  [configModule('site-config-values.ts'), siteConfigExports],
  [configModule('activity-counter-mode.ts'), activityCounterExports],
])

export function siteConfigPlugin(): Plugin {
  return {
    name: 'site-config',
    enforce: 'pre',
    load(id) {
      const exportsOf = modules.get(id.split('?')[0] ?? '')
      if (!exportsOf) return null
      const loaded = readSiteConfig()
      this.addWatchFile(loaded.file)
      return Object.entries(exportsOf(loaded))
        .map(([name, value]) => `export const ${name} = ${JSON.stringify(value)};`)
        .join('\n')
    },
  }
}
