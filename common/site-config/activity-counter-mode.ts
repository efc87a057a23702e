/**
 * The activity counter's mode (site.config.yaml's `activityCounter`), replaced by its value in
 * every Vite build like site-config-values.ts (scripts/site-config/site-config-plugin.ts). The landing page's
 * inline loader compares it at build time, so a site showing SPEC §4's figure ships no code for the
 * real count; a module of its own, so that the loader shares no chunk with the landing code.
 */
import { activityCounterExports, readSiteConfig } from '../../scripts/site-config/read-site-config'

export const activityCounterMode = activityCounterExports(readSiteConfig()).activityCounterMode
