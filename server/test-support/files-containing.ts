import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'

/**
 * The files under `dir` (folders named in `skip` left out) whose bytes hold one of `needles`, as
 * UTF-8 text: what `grep -rl` would list.
 */
export async function filesContaining(
  dir: string,
  needles: readonly string[],
  skip: readonly string[] = [],
): Promise<string[]> {
  const patterns = needles.map((needle) => Buffer.from(needle, 'utf8'))
  const found: string[] = []
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue
    const file = path.join(entry.parentPath, entry.name)
    if (
      path
        .relative(dir, file)
        .split(path.sep)
        .some((part) => skip.includes(part))
    )
      continue
    const bytes = await readFile(file)
    if (patterns.some((pattern) => bytes.includes(pattern))) found.push(path.relative(dir, file))
  }
  return found
}
