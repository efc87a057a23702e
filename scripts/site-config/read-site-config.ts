/**
 * Reads the broker's `site.config.yaml` (or `site.config.example.yaml` when there is none, or the
 * file SITE_CONFIG names), checks it, and lists the values still equal to the example's samples.
 * Node only, at build time: the Vite plugin (scripts/site-config-plugin.ts) runs it and hands the
 * bundles the values alone.
 */
import { existsSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { isMap, isNode, isScalar, isSeq, LineCounter, parseDocument, type Document } from 'yaml'
import {
  checkSiteConfig,
  formatPath,
  type FieldError,
  type FieldPath,
  type SiteConfig,
} from '../../common/site-config/site-config-schema.ts'

export const projectRoot = path.resolve(import.meta.dirname, '../..')
export const exampleConfigFile = path.join(projectRoot, 'site.config.example.yaml')
export const brokerConfigFile = path.join(projectRoot, 'site.config.yaml')

export class SiteConfigError extends Error {
  override name = 'SiteConfigError'
}

export interface SampleValue {
  path: string
  line: number
  value: string
}

export interface LoadedSiteConfig {
  /** The file read, absolute. */
  file: string
  config: SiteConfig
  /** Values still equal to the example's, or that read as placeholders. */
  samples: SampleValue[]
}

/** Which file the build reads: SITE_CONFIG, else site.config.yaml, else the example. */
export function siteConfigFile(env: NodeJS.ProcessEnv = process.env): string {
  const chosen = env.SITE_CONFIG?.trim()
  if (chosen) return path.resolve(chosen)
  return existsSync(brokerConfigFile) ? brokerConfigFile : exampleConfigFile
}

interface ParsedFile {
  config: SiteConfig
  lineOf(path: FieldPath): number
}

/** The line of a field (its key's), or of the nearest group above it when the field is missing. */
function lineFinder(doc: Document, lines: LineCounter): (path: FieldPath) => number {
  const lineAt = (node: unknown) =>
    isNode(node) && node.range ? lines.linePos(node.range[0]).line : undefined
  return (fieldPath) => {
    for (let length = fieldPath.length; length > 0; length--) {
      const key = fieldPath[length - 1]
      const parent = length === 1 ? doc.contents : doc.getIn(fieldPath.slice(0, length - 1), true)
      const line = isMap(parent)
        ? lineAt(parent.items.find((pair) => isScalar(pair.key) && pair.key.value === key)?.key)
        : isSeq(parent) && typeof key === 'number'
          ? lineAt(parent.items[key])
          : undefined
      if (line !== undefined) return line
    }
    return 1
  }
}

function parseFile(file: string, publicDir: string): ParsedFile {
  const shown = path.relative(process.cwd(), file) || file
  if (!existsSync(file)) throw new SiteConfigError(`${shown} does not exist.`)
  const lines = new LineCounter()
  // Failsafe: every value stays the text written, checked and converted by the schema.
  const doc = parseDocument(readFileSync(file, 'utf8'), {
    schema: 'failsafe',
    lineCounter: lines,
    uniqueKeys: true,
  })
  if (doc.errors.length > 0) {
    throw new SiteConfigError(
      `${shown} is not valid YAML:\n${doc.errors
        .map(
          (error) =>
            `  ${shown}:${lines.linePos(error.pos[0]).line}: ${error.message.split('\n')[0]}`,
        )
        .join('\n')}`,
    )
  }
  const lineOf = lineFinder(doc, lines)
  const result = checkSiteConfig(doc.toJS({ maxAliasCount: 100 }), {
    publicFileExists: (publicPath) =>
      statSync(path.join(publicDir, publicPath), { throwIfNoEntry: false })?.isFile() ?? false,
  })
  if (!result.config) {
    throw new SiteConfigError(
      `${shown} has ${result.errors.length === 1 ? 'a bad field' : `${result.errors.length} bad fields`}:\n${describeErrors(result.errors, shown, lineOf)}`,
    )
  }
  return { config: result.config, lineOf }
}

function describeErrors(
  errors: FieldError[],
  shown: string,
  lineOf: (path: FieldPath) => number,
): string {
  return errors
    .map((error) => `  ${shown}:${lineOf(error.path)}: ${formatPath(error.path)} ${error.message}`)
    .join('\n')
}

/** Values that are the example's own whatever the broker: never counted as samples. */
const genericFields = new Set(['legalForm', 'oriasCategory', 'country', 'city', 'postalCode'])
/** A second net for identity values the broker edited but left as placeholders. */
const placeholder = /\bexemple\b|\bexample\.|Prénom Nom/i

type Leaves = Map<string, { path: FieldPath; value: string }>

function identityLeaves(node: unknown, path: FieldPath = [], leaves: Leaves = new Map()): Leaves {
  if (typeof node === 'string') leaves.set(formatPath(path), { path, value: node })
  else if (node !== null && typeof node === 'object' && !Array.isArray(node)) {
    for (const [key, child] of Object.entries(node)) {
      if (!genericFields.has(key)) identityLeaves(child, [...path, key], leaves)
    }
  }
  return leaves
}

/**
 * The example's values are the samples: a field of the identity equal to the example's, and a
 * partner or testimonial sharing a name, text or logo with one of the example's, is one.
 */
export function findSamples(
  config: SiteConfig,
  example: SiteConfig,
  lineOf: (path: FieldPath) => number,
): SampleValue[] {
  // The review policy, the recipients and the counter are choices, not identity: the example's
  // may be right.
  const { partners, testimonials, reviewPolicy, privacy, activityCounter, ...identity } = config
  const exampleLeaves = identityLeaves({ ...example, partners: [], testimonials: [] })
  const samples: SampleValue[] = []
  const add = (path: FieldPath, value: string) =>
    samples.push({ path: formatPath(path), line: lineOf(path), value })
  for (const [key, leaf] of identityLeaves(identity)) {
    if (exampleLeaves.get(key)?.value === leaf.value || placeholder.test(leaf.value)) {
      add(leaf.path, leaf.value)
    }
  }
  const sampleSet = (values: string[]) => new Set(values)
  const partnerSamples = sampleSet(example.partners.flatMap((item) => [item.name, item.logo]))
  partners.forEach((partner, index) => {
    if (partnerSamples.has(partner.name) || partnerSamples.has(partner.logo)) {
      add(['partners', index], `${partner.name} (${partner.logo})`)
    }
  })
  const testimonialSamples = sampleSet(
    example.testimonials.flatMap((item) => [item.name, item.text]),
  )
  testimonials.forEach((testimonial, index) => {
    if (testimonialSamples.has(testimonial.name) || testimonialSamples.has(testimonial.text)) {
      add(['testimonials', index], `${testimonial.name}: ${testimonial.text}`)
    }
  })
  return samples
}

export interface ReadOptions {
  file?: string
  publicDir?: string
}

/** Reads and checks the configuration; throws a SiteConfigError naming every bad field. */
export function readSiteConfig(options: ReadOptions = {}): LoadedSiteConfig {
  const file = options.file ?? siteConfigFile()
  const publicDir = options.publicDir ?? path.join(projectRoot, 'public')
  const parsed = parseFile(file, publicDir)
  const example =
    file === exampleConfigFile
      ? parsed
      : parseFile(exampleConfigFile, path.join(projectRoot, 'public'))
  return {
    file,
    config: parsed.config,
    samples: findSamples(parsed.config, example.config, parsed.lineOf),
  }
}

/**
 * What the content modules import (common/site-config/site-config-values.ts), each a value of its own so
 * that a bundle keeps only what it reads: the landing script needs the broker's name and ORIAS
 * number for the consent label, and nothing else.
 */
export function siteConfigExports(loaded: LoadedSiteConfig) {
  return {
    siteConfigValues: loaded.config,
    brokerIdentity: {
      legalName: loaded.config.company.legalName,
      orias: loaded.config.company.orias,
    },
    demoSite: loaded.samples.length > 0,
  }
}

/**
 * What common/site-config/activity-counter-mode.ts exports: a module of its own, since the landing page's
 * inline loader reads it and can share no chunk with the landing code.
 */
export function activityCounterExports(loaded: LoadedSiteConfig) {
  return { activityCounterMode: loaded.config.activityCounter }
}
