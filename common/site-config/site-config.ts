/**
 * The broker's identity, partners, reviews and declared recipients, read from site.config.yaml
 * (site.config.example.yaml until the broker writes theirs) and checked at build time: see the
 * docs/configuration.md. Legal pages, the consent label, the footer and the emails read
 * it from here.
 */
import { brokerIdentity, demoSite, siteConfigValues } from './site-config-values'
import type { PostalAddress, SiteConfig } from './site-config-schema'

export type { Partner, PostalAddress, SiteConfig, Testimonial } from './site-config-schema'

export const siteConfig: SiteConfig = siteConfigValues

/**
 * Who will call, as the consent label names them. A value of its own so that the landing page's
 * script, which shows the label, carries these two values and not the whole configuration.
 */
export { brokerIdentity }

/** Whether sample values remain: every page then says it is a demonstration site. */
export { demoSite }

/** The ACPR, supervisor of insurance intermediaries: a public fact, not a setting. */
export const supervisor = {
  name: 'Autorité de contrôle prudentiel et de résolution (ACPR)',
  address: {
    street: '4 place de Budapest, CS 92459',
    postalCode: '75436',
    city: 'Paris Cedex 09',
    country: 'France',
  },
  website: 'https://acpr.banque-france.fr',
} as const

export function formatAddress(address: PostalAddress): string {
  return `${address.street}, ${address.postalCode} ${address.city}, ${address.country}`
}
