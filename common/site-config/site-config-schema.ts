/**
 * The shape of `site.config.yaml` and the checks each field passes. The file is parsed with YAML's
 * failsafe schema, so every value arrives here as a string (a postal code keeps its leading zero,
 * "non" stays a word) and is turned into a number or a yes/no here. Pure: reading the file, and
 * whether a logo exists, are the caller's (read-site-config.ts).
 */
import { displayPhone, nationalDigits } from '../phone.ts'
import { withFrenchSpacing } from './french-spacing.ts'

export interface PostalAddress {
  street: string
  postalCode: string
  city: string
  country: string
}

export interface Partner {
  name: string
  /** Public path of the logo file, under `public/` (`/partners/alpha.svg`). */
  logo: string
  alt: string
}

/** An advisor who calls visitors back, as the confirmation screen names and shows them. */
export interface Advisor {
  /** The name visitors read, such as "Claire": a first name is enough. */
  name: string
  /** Public path of a photo under `public/` (`/conseillers/claire.webp`), when there is one. */
  photo: string | undefined
}

/** Who calls the visitors back: the confirmation screen and email name them. */
export interface CallerTeam {
  /** The team's name, after "de l’équipe"; the brand name when none is given. */
  name: string | undefined
  advisors: Advisor[]
}

/** A customer review, with what Code de la consommation D111-17 asks to show beside it. */
export interface Testimonial {
  /** The name the reviewer agreed to show, such as "Claire D.". */
  name: string
  text: string
  /** The reviewer's own rating, 1 to 5. */
  rating: number
  /** When the review was given, `YYYY-MM-DD`. */
  date: string
  /** How it was collected, in French: "Avis recueilli par e-mail après la signature". */
  collection: string
}

/** A processor that receives visitors' data, as the privacy policy names it. */
export interface Recipient {
  name: string
  /** Whether it may process data outside the European Union. */
  outsideEu: boolean
}

/**
 * Who receives visitors' data besides the broker and the host. A recipient used but not declared
 * stops the build (VITE_* addresses) or the server's start (server variables).
 */
export interface PrivacyRecipients {
  /** Receives the leads: VITE_LEAD_WEBHOOK_URL or LEAD_FORWARD_URL. */
  leadWebhook: Recipient | undefined
  /** Receives the ad-click ids of page views: VITE_PAGE_VIEW_WEBHOOK_URL or PAGE_VIEW_FORWARD_URL. */
  pageViewWebhook: Recipient | undefined
  /** Sends the alert and confirmation emails: SMTP_URL. */
  emailProvider: Recipient | undefined
  /** Relays the alerts to advisors' phones (first name, initial, estimate): NTFY_URL. */
  notificationService: Recipient | undefined
  /** Leads reported to Meta's Conversions API: META_CAPI_TOKEN. */
  metaConversionsApi: boolean
}

/**
 * What the "activity of the day" counter shows: SPEC §4's figure (31, then a random 0 to 2 every
 * 30 s), the day's real number of requests counted by the relay, or nothing. An invented count can
 * be a misleading commercial practice (Code de la consommation, L121-2) for a real broker.
 */
export const activityCounterModes = ['spec', 'real', 'off'] as const
export type ActivityCounterMode = (typeof activityCounterModes)[number]

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
  /** The number the broker's advisers call from, so that visitors recognise the call. */
  callerPhone: string
  /** Who calls from that number: optional, the brand's team when absent. */
  callerTeam: CallerTeam
  publicationManager: string
  host: { name: string; address: PostalAddress; phone: string }
  mediator: { name: string; address: PostalAddress; website: string }
  complaints: { email: string; address: PostalAddress }
  dataProtection: { email: string; address: PostalAddress }
  partners: Partner[]
  reviewPolicy: {
    /** Whether reviews go through a check before they are shown (D111-17). */
    checked: boolean
    /** How they are checked, in French; required when they are. */
    method: string | undefined
  }
  testimonials: Testimonial[]
  /** The daily-activity counter: `spec` (the default), `real` or `off`. */
  activityCounter: ActivityCounterMode
  privacy: PrivacyRecipients
}

export type FieldPath = readonly (string | number)[]

export interface FieldError {
  path: FieldPath
  message: string
}

export function formatPath(path: FieldPath): string {
  return path
    .map((key, index) => (typeof key === 'number' ? `[${key}]` : index === 0 ? key : `.${key}`))
    .join('')
}

/** An address as an email client takes it: no spaces, one `@`, a dot in the domain. */
const emailAddress = /^[^\s@<>,;]+@[^\s@<>,;.]+(\.[^\s@<>,;.]+)+$/
const imageExtensions = /\.(svg|png|webp|avif|jpe?g)$/i

/** SIREN numbers end with a Luhn check digit: a typo in one digit fails it. */
function passesLuhn(digits: string): boolean {
  let sum = 0
  for (const [index, char] of [...digits].reverse().entries()) {
    const doubled = Number(char) * (index % 2 === 1 ? 2 : 1)
    sum += doubled > 9 ? doubled - 9 : doubled
  }
  return sum % 10 === 0
}

const group = (digits: string, sizes: number[]) => {
  let start = 0
  return sizes
    .map((size) => digits.slice(start, (start += size)))
    .join('\u00a0')
    .trim()
}

type Check = (value: string) => { value: string } | { error: string }

const ok = (value: string) => ({ value })
const fail = (error: string) => ({ error })

const checks = {
  text: (value) => ok(withFrenchSpacing(value)),
  email: (value) =>
    emailAddress.test(value)
      ? ok(value)
      : fail('must be an email address, such as contact@cabinet.fr'),
  url: (value) => {
    try {
      const url = new URL(value)
      if (url.protocol === 'https:' || url.protocol === 'http:')
        return ok(url.href.replace(/\/$/, ''))
    } catch {
      // Reported below.
    }
    return fail('must be a full web address starting with https://')
  },
  httpsOrigin: (value) => {
    try {
      const url = new URL(value)
      if (url.protocol === 'https:' && url.pathname === '/' && !url.search && !url.hash) {
        return ok(url.origin)
      }
    } catch {
      // Reported below.
    }
    return fail('must be the site’s https address alone, such as https://www.cabinet.fr')
  },
  /** 8 digits, shown `NN NNN NNN` with no-break spaces. */
  orias: (value) =>
    /^\d{2} ?\d{3} ?\d{3}$/.test(value)
      ? ok(group(value.replace(/ /g, ''), [2, 3, 3]))
      : fail('must be the 8-digit ORIAS number, written "NN NNN NNN" or "NNNNNNNN"'),
  /** "RCS <city> <SIREN>", the SIREN written in groups of 3 and checked. */
  rcs: (value) => {
    const match = /^RCS\s+(\S.*?)\s+((?:[AB]\s+)?)(\d{3}) ?(\d{3}) ?(\d{3})$/.exec(value)
    if (!match) return fail('must read "RCS <city> <9-digit SIREN>", such as RCS Lyon 123 456 789')
    const siren = `${match[3]}${match[4]}${match[5]}`
    if (!passesLuhn(siren)) return fail(`has a SIREN (${siren}) whose check digit is wrong`)
    return ok(`RCS ${match[1]} ${match[2]}${group(siren, [3, 3, 3])}`)
  },
  /** A French number, shown `0N NN NN NN NN` with no-break spaces. */
  phone: (value) => {
    const digits = nationalDigits(value)
    return /^0[1-9]\d{8}$/.test(digits)
      ? ok(displayPhone(digits))
      : fail('must be a French phone number of 10 digits, such as 01 23 45 67 89')
  },
  postalCode: (value) =>
    /^\d{5}$/.test(value)
      ? ok(value)
      : fail('must be a French postal code of 5 digits, such as 75001'),
  amount: (value) =>
    /^\d{1,3}( ?\d{3})*(,\d{1,2})? ?€$/.test(value)
      ? ok(withFrenchSpacing(value.replace(/(\d)(?=(\d{3})+(,|\s?€))/g, '$1 ')))
      : fail('must be an amount in euros, such as 10 000 €'),
  rating: (value) =>
    /^[1-5]$/.test(value) ? ok(value) : fail('must be a whole number from 1 to 5'),
  date: (value) => {
    const date = new Date(`${value}T00:00:00Z`)
    return /^\d{4}-\d{2}-\d{2}$/.test(value) && date.toISOString().startsWith(value)
      ? ok(value)
      : fail('must be a date written YYYY-MM-DD, such as 2026-03-14')
  },
  activityCounterMode: (value) =>
    (activityCounterModes as readonly string[]).includes(value)
      ? ok(value)
      : fail(`must be one of ${activityCounterModes.join(', ')}`),
  yesNo: (value) =>
    /^(oui|non|true|false)$/i.test(value)
      ? ok(String(/^(oui|true)$/i.test(value)))
      : fail('must be oui or non'),
} satisfies Record<string, Check>

/**
 * Reads fields by path from the parsed file, collecting one error per bad field and remembering
 * which keys it read, so that a key it never read (a typo) is reported too.
 */
class FieldReader {
  readonly errors: FieldError[] = []
  private readonly known = new Set<string>()

  constructor(private readonly root: unknown) {}

  private at(path: FieldPath): unknown {
    for (let length = 1; length <= path.length; length++) {
      this.known.add(formatPath(path.slice(0, length)))
    }
    return path.reduce<unknown>(
      (node, key) => (node !== null && typeof node === 'object' ? (node as never)[key] : undefined),
      this.root,
    )
  }

  fail(path: FieldPath, message: string): void {
    this.errors.push({ path, message })
  }

  present(path: FieldPath): boolean {
    const value = this.at(path)
    return value !== undefined && value !== ''
  }

  value(path: FieldPath, check: Check = checks.text): string {
    const value = this.at(path)
    if (value === undefined || value === '') {
      this.fail(path, 'is missing')
      return ''
    }
    if (typeof value !== 'string') {
      this.fail(path, 'must be a single value, not a list or a group of fields')
      return ''
    }
    const result = check(value.trim())
    if ('error' in result) {
      this.fail(path, `${result.error} (got "${value.trim()}")`)
      return ''
    }
    return result.value
  }

  list<T>(path: FieldPath, read: (itemPath: FieldPath) => T): T[] {
    const value = this.at(path)
    if (!Array.isArray(value) || value.length === 0) {
      this.fail(path, 'must be a list of at least one item, each starting with "- "')
      return []
    }
    return value.map((_item, index) => read([...path, index]))
  }

  /** Paths in the file that no read asked for. */
  unknownPaths(node: unknown = this.root, path: FieldPath = []): FieldPath[] {
    if (path.length > 0 && !this.known.has(formatPath(path))) return [path]
    if (node === null || typeof node !== 'object') return []
    return Object.entries(node).flatMap(([key, child]) =>
      this.unknownPaths(child, [...path, Array.isArray(node) ? Number(key) : key]),
    )
  }
}

export interface SchemaContext {
  /** Whether a file exists at this path under `public/`. */
  publicFileExists(publicPath: string): boolean
}

/** Checks the parsed file; returns the configuration, or one error per bad field. */
export function checkSiteConfig(
  raw: unknown,
  context: SchemaContext,
): { config: SiteConfig; errors: [] } | { config: undefined; errors: FieldError[] } {
  const r = new FieldReader(raw)
  const address = (path: FieldPath): PostalAddress => ({
    street: r.value([...path, 'street']),
    postalCode: r.value([...path, 'postalCode'], checks.postalCode),
    city: r.value([...path, 'city']),
    country: r.value([...path, 'country']),
  })
  const recipient = (key: string): Recipient | undefined =>
    r.present(['privacy', key])
      ? {
          name: r.value(['privacy', key, 'name']),
          outsideEu: r.value(['privacy', key, 'outsideEu'], checks.yesNo) === 'true',
        }
      : undefined
  const image = (path: FieldPath): string => {
    const file = r.value(path, (value) => {
      const publicPath = `/${value.replace(/^\/+/, '')}`
      if (!imageExtensions.test(publicPath)) {
        return fail('must be an image file (.svg, .png, .webp, .avif or .jpg)')
      }
      if (publicPath.split('/').includes('..')) return fail('must stay inside public/')
      if (!context.publicFileExists(publicPath)) {
        return fail(`names a file that does not exist: public${publicPath}`)
      }
      return ok(publicPath)
    })
    return file
  }

  const headOffice = address(['company', 'headOffice'])
  const addressOr = (path: FieldPath) => (r.present(path) ? address(path) : headOffice)
  const config: SiteConfig = {
    brandName: r.value(['brandName']),
    siteUrl: r.value(['siteUrl'], checks.httpsOrigin),
    company: {
      legalName: r.value(['company', 'legalName']),
      legalForm: r.value(['company', 'legalForm']),
      shareCapital: r.value(['company', 'shareCapital'], checks.amount),
      rcs: r.value(['company', 'rcs'], checks.rcs),
      orias: r.value(['company', 'orias'], checks.orias),
      oriasCategory: r.value(['company', 'oriasCategory']),
      headOffice,
      email: r.value(['company', 'email'], checks.email),
      phone: r.value(['company', 'phone'], checks.phone),
    },
    callerPhone: r.value(['callerPhone'], checks.phone),
    callerTeam: {
      name: r.present(['callerTeam', 'name']) ? r.value(['callerTeam', 'name']) : undefined,
      advisors: r.present(['callerTeam', 'advisors'])
        ? r.list(['callerTeam', 'advisors'], (path) => ({
            name: r.value([...path, 'name']),
            photo: r.present([...path, 'photo']) ? image([...path, 'photo']) : undefined,
          }))
        : [],
    },
    publicationManager: r.value(['publicationManager']),
    host: {
      name: r.value(['host', 'name']),
      address: address(['host', 'address']),
      phone: r.value(['host', 'phone'], checks.phone),
    },
    mediator: {
      name: r.value(['mediator', 'name']),
      address: address(['mediator', 'address']),
      website: r.value(['mediator', 'website'], checks.url),
    },
    complaints: {
      email: r.value(['complaints', 'email'], checks.email),
      address: addressOr(['complaints', 'address']),
    },
    dataProtection: {
      email: r.value(['dataProtection', 'email'], checks.email),
      address: addressOr(['dataProtection', 'address']),
    },
    partners: r.list(['partners'], (path) => ({
      name: r.value([...path, 'name']),
      logo: image([...path, 'logo']),
      alt: r.value([...path, 'alt']),
    })),
    reviewPolicy: {
      checked: r.value(['reviewPolicy', 'checked'], checks.yesNo) === 'true',
      method: r.present(['reviewPolicy', 'method'])
        ? r.value(['reviewPolicy', 'method'])
        : undefined,
    },
    activityCounter: r.present(['activityCounter'])
      ? (r.value(['activityCounter'], checks.activityCounterMode) as ActivityCounterMode)
      : 'spec',
    testimonials: r.list(['testimonials'], (path) => ({
      name: r.value([...path, 'name']),
      text: r.value([...path, 'text']),
      rating: Number(r.value([...path, 'rating'], checks.rating)),
      date: r.value([...path, 'date'], checks.date),
      collection: r.value([...path, 'collection']),
    })),
    privacy: {
      leadWebhook: recipient('leadWebhook'),
      pageViewWebhook: recipient('pageViewWebhook'),
      emailProvider: recipient('emailProvider'),
      notificationService: recipient('notificationService'),
      metaConversionsApi: r.present(['privacy', 'metaConversionsApi'])
        ? r.value(['privacy', 'metaConversionsApi'], checks.yesNo) === 'true'
        : false,
    },
  }
  if (config.reviewPolicy.checked && !config.reviewPolicy.method) {
    r.fail(
      ['reviewPolicy', 'method'],
      'is missing: say how reviews are checked, since reviewPolicy.checked is oui',
    )
  }
  for (const path of r.unknownPaths()) {
    r.fail(path, 'is not a known field (a typo, or a field at the wrong indentation?)')
  }
  return r.errors.length > 0 ? { config: undefined, errors: r.errors } : { config, errors: [] }
}
