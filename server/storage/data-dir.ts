/**
 * DATA_DIR holds leads (the embedded database's files, its WAL) and the secret signing withdrawal
 * links: no other user of the machine may read them. A DATA_DIR this server creates is owner-only,
 * but one made beforehand, files copied in, or PGlite's own files (created 0666 less the umask)
 * may be readable by anyone. So at each start every directory under it is set to 0700 and every
 * file to 0600, whatever they were, and the process umask becomes 077 so that files created later
 * (new WAL segments, tables) are owner-only from the start.
 */
import { chmod, lstat, mkdir, readdir } from 'node:fs/promises'
import path from 'node:path'
import { ConfigError } from '../config'

const directoryMode = 0o700
const fileMode = 0o600

/** Creates DATA_DIR, owner-only, unless it exists. */
export async function createDataDir(dataDir: string): Promise<void> {
  await mkdir(dataDir, { recursive: true, mode: directoryMode }).catch((error: unknown) => {
    throw new ConfigError(
      `DATA_DIR "${dataDir}" cannot be created (${(error as NodeJS.ErrnoException).code}).`,
    )
  })
}

/** Creates DATA_DIR if needed and makes all in it owner-only; resolves with the paths it fixed. */
export async function secureDataDir(dataDir: string): Promise<string[]> {
  process.umask(0o077)
  await createDataDir(dataDir)
  const fixed: string[] = []
  const visit = async (full: string): Promise<void> => {
    const stats = await lstat(full)
    // A link is not followed: what it points to may not be ours to change.
    if (stats.isSymbolicLink()) return
    const wanted = stats.isDirectory() ? directoryMode : fileMode
    if ((stats.mode & 0o777) !== wanted) {
      await chmod(full, wanted).catch((error: unknown) => {
        throw new ConfigError(
          `DATA_DIR: "${full}" cannot be made owner-only (${(error as NodeJS.ErrnoException).code}); ` +
            'run the server as the owner of DATA_DIR.',
        )
      })
      fixed.push(path.relative(dataDir, full) || '.')
    }
    if (stats.isDirectory()) {
      for (const entry of await readdir(full)) await visit(path.join(full, entry))
    }
  }
  await visit(dataDir)
  return fixed
}
