import { readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants as zlib, gzip } from 'node:zlib'

const compressible = /\.(html|js|css|svg|xml|txt|json|webmanifest)$/

/** Writes `.br` and `.gz` twins of every text file, as a CDN would serve them. */
export async function precompress(dir: string): Promise<void> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  const brotli = promisify(brotliCompress)
  const gz = promisify(gzip)
  for (const entry of entries) {
    // Root names starting with _ are read by the server and hosts, never sent to a browser.
    if (!entry.isFile() || !compressible.test(entry.name) || entry.name.startsWith('_')) continue
    const file = path.join(entry.parentPath, entry.name)
    const content = await readFile(file)
    await writeFile(
      `${file}.br`,
      await brotli(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
    )
    await writeFile(`${file}.gz`, await gz(content, { level: 9 }))
  }
}
