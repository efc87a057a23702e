/**
 * The repository stands alone: every relative link of the README and of docs/ opens a file of
 * the repository (and a heading of it when it names one), every `docs/…` path the code mentions
 * exists, every `SPEC §n` names a section of docs/spec/SPEC.md, and nothing points to a folder
 * outside the clone.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '..')

function filesUnder(folder: string, extension: RegExp): string[] {
  return readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => extension.test(file))
    .map((file) => path.join(folder, file))
}

const markdownFiles = ['README.md', ...filesUnder('docs', /\.md$/)]
/** The user's documents and the research, kept word for word: their paths are other projects'. */
const ownMarkdown = markdownFiles.filter((file) => !/^docs\/(spec|research)\//.test(file))
const codeFiles = [
  ...['src', 'server', 'scripts', 'e2e'].flatMap((folder) => filesUnder(folder, /\.(ts|tsx|mjs)$/)),
  ...readdirSync(root).filter((file) => /\.(ts|js|json)$|^\.env\.example$/.test(file)),
].filter((file) => file !== path.relative(root, import.meta.filename))

const read = (file: string) => readFileSync(path.join(root, file), 'utf8')

/** Markdown without its code, where a link-like text is an example rather than a link. */
function prose(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '')
}

/** Inline links and images, `[text](target "title")`, and reference definitions. */
function linkTargets(markdown: string): string[] {
  const text = prose(markdown)
  const inline = [...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)]
  const references = [...text.matchAll(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)]
  return [...inline, ...references].map((match) => match[1]!)
}

/** GitHub's anchors: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>()
  for (const [, heading] of prose(markdown).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = heading!
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-')
    let anchor = base
    for (let n = 1; anchors.has(anchor); n++) anchor = `${base}-${n}`
    anchors.add(anchor)
  }
  return anchors
}

/** What is wrong with a link of `file`, or nothing when it opens what it names. */
function brokenLink(file: string, target: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return undefined
  const [pathPart = '', anchor] = target.split('#')
  const resolved =
    pathPart === ''
      ? path.join(root, file)
      : pathPart.startsWith('/')
        ? path.join(root, pathPart)
        : path.resolve(path.dirname(path.join(root, file)), decodeURIComponent(pathPart))
  if (path.relative(root, resolved).startsWith('..')) return 'points outside the repository'
  const stats = statSync(resolved, { throwIfNoEntry: false })
  if (!stats) return 'names no file'
  if (anchor && stats.isFile() && resolved.endsWith('.md')) {
    if (!anchorsOf(readFileSync(resolved, 'utf8')).has(anchor)) return 'names no heading'
  }
  return undefined
}

/** `docs/…` paths named in text, left of a `/` or a word they belong to a web address. */
function docsPaths(text: string): string[] {
  return [...text.matchAll(/(?<![\w./-])docs\/[\w./-]*[\w/]/g)].map((match) => match[0])
}

describe('the repository stands alone', () => {
  it('has a README a newcomer finishes: 200 lines at most, the rest in docs/', () => {
    expect(read('README.md').trimEnd().split('\n').length).toBeLessThanOrEqual(200)
  })

  it.each(markdownFiles)('every relative link of %s opens a file of the repository', (file) => {
    const broken = linkTargets(read(file)).flatMap((target) => {
      const problem = brokenLink(file, target)
      return problem ? [`${target}: ${problem}`] : []
    })
    expect(broken).toEqual([])
  })

  it('every docs/ path that the code, the README and the decision records mention exists', () => {
    const missing = [...codeFiles, ...ownMarkdown].flatMap((file) =>
      docsPaths(read(file))
        .filter((mention) => !statSync(path.join(root, mention), { throwIfNoEntry: false }))
        .map((mention) => `${file}: ${mention}`),
    )
    expect(missing).toEqual([])
  })

  it('every SPEC §n names a section of docs/spec/SPEC.md', () => {
    const sections = new Set(
      [...read('docs/spec/SPEC.md').matchAll(/^## (\d+)\./gm)].map((match) => match[1]),
    )
    expect(sections.size).toBeGreaterThan(5)
    const unknown = [...codeFiles, ...ownMarkdown].flatMap((file) =>
      [...read(file).matchAll(/SPEC §(\d+)((?:,\s*§\d+)*)/g)]
        .flatMap((match) => [match[1]!, ...(match[2]!.match(/\d+/g) ?? [])])
        .filter((section) => !sections.has(section))
        .map((section) => `${file}: SPEC §${section}`),
    )
    expect(unknown).toEqual([])
  })

  it('nothing points to the folders the project was written beside', () => {
    const outside = [...codeFiles, ...markdownFiles].flatMap((file) =>
      [...read(file).matchAll(/\.\.\/shared\/|\/work\/|\bshared\/(spec|research)\//g)].map(
        (match) => `${file}: ${match[0]}`,
      ),
    )
    expect(outside).toEqual([])
  })
})
