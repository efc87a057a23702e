/**
 * The broker's checked site configuration (site.config.yaml). Every Vite build and Vitest never
 * run this file: scripts/site-config-plugin.ts puts the values themselves in its place, each export
 * a constant of its own, so that no YAML parser reaches a bundle and a bundle keeps only the values
 * it reads. Tools that run the TypeScript as it is (tsx, Playwright) read the file here.
 */
import { readSiteConfig, siteConfigExports } from '../../scripts/site-config/read-site-config'

const values = siteConfigExports(readSiteConfig())

export const siteConfigValues = values.siteConfigValues
/** Who will call, as the consent label names them: all the landing script carries. */
export const brokerIdentity = values.brokerIdentity
/** Whether sample values remain: every page then says it is a demonstration. */
export const demoSite = values.demoSite
