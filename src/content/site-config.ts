/**
 * The broker's identity, in one place. Legal pages, the consent label and the footer read it.
 * Every value below is a SAMPLE: replace them all before going live (the production build lists
 * those left, see `findSampleValues`).
 */
export interface PostalAddress {
  street: string
  postalCode: string
  city: string
  country: string
}

export interface SiteConfig {
  /** Trading name shown in the header, titles and footer. */
  brandName: string
  /** Public origin, without trailing slash; used for canonical and Open Graph URLs. */
  siteUrl: string
  company: {
    legalName: string
    legalForm: string
    shareCapital: string
    rcs: string
    /** Registration number at ORIAS, the French register of insurance intermediaries. */
    orias: string
    oriasCategory: string
    headOffice: PostalAddress
    email: string
    phone: string
  }
  publicationManager: string
  host: { name: string; address: PostalAddress; phone: string }
  mediator: { name: string; address: PostalAddress; website: string }
  complaints: { email: string; address: PostalAddress }
  dataProtection: { email: string; address: PostalAddress }
}

const headOffice: PostalAddress = {
  street: '1 rue de l’Exemple',
  postalCode: '75001',
  city: 'Paris',
  country: 'France',
}

/**
 * Who will call, as the consent label names them. Kept apart so that the landing page's script,
 * which shows the label, carries these two values and not the whole configuration.
 */
export const brokerIdentity = {
  legalName: 'Exemple Courtage SAS',
  /** Registration number at ORIAS, the French register of insurance intermediaries. */
  orias: '00 000 000',
}

export const siteConfig = {
  brandName: 'Exemple Assurance Prêt',
  siteUrl: 'https://www.example.fr',
  company: {
    ...brokerIdentity,
    legalForm: 'Société par actions simplifiée (SAS)',
    shareCapital: '10 000 €',
    rcs: 'RCS Paris 000 000 000',
    oriasCategory: 'Courtier en assurance (COA)',
    headOffice,
    email: 'contact@example.fr',
    phone: '01 00 00 00 00',
  },
  publicationManager: 'Prénom Nom (exemple), président',
  host: {
    name: 'Hébergeur Exemple SAS',
    address: {
      street: '2 avenue de l’Exemple',
      postalCode: '69000',
      city: 'Lyon',
      country: 'France',
    },
    phone: '04 00 00 00 00',
  },
  mediator: {
    name: 'Médiateur de l’assurance (exemple)',
    address: { street: 'TSA 00000', postalCode: '75000', city: 'Paris', country: 'France' },
    website: 'https://www.example.org',
  },
  complaints: { email: 'reclamations@example.fr', address: headOffice },
  dataProtection: { email: 'dpo@example.fr', address: headOffice },
} satisfies SiteConfig

/** The ACPR, supervisor of insurance intermediaries: a public fact, not a sample. */
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

const samplePatterns = [/exemple/i, /example\./i, /\b0{2,3}( 0{2,3})+\b/, /\b0{5}\b/, /Prénom Nom/]

/** Lists the dotted paths of configuration values that still look like the shipped samples. */
export function findSampleValues(config: unknown, prefix = ''): string[] {
  if (typeof config === 'string') {
    return samplePatterns.some((pattern) => pattern.test(config)) ? [prefix] : []
  }
  if (config !== null && typeof config === 'object') {
    return Object.entries(config).flatMap(([key, value]) =>
      findSampleValues(value, prefix ? `${prefix}.${key}` : key),
    )
  }
  return []
}
