/**
 * Compiles the broker's site.config.yaml into the bundles: src/config/site-config-values.ts is
 * replaced by the checked values, one `export const` each, so that the YAML parser stays in the
 * build and tree-shaking drops what a bundle does not read. A bad field stops the build with the
 * file's messages.
 */
import path from 'node:path'
import type { Plugin } from 'vite'
import { readSiteConfig, siteConfigExports } from '../src/config/read-site-config.ts'

const valuesModule = path.resolve(import.meta.dirname, '../src/config/site-config-values.ts')

export function siteConfigPlugin(): Plugin {
  return {
    name: 'site-config',
    enforce: 'pre',
    load(id) {
      if (id.split('?')[0] !== valuesModule) return null
      const loaded = readSiteConfig()
      this.addWatchFile(loaded.file)
      return Object.entries(siteConfigExports(loaded))
        .map(([name, value]) => `export const ${name} = ${JSON.stringify(value)};`)
        .join('\n')
    },
  }
}
