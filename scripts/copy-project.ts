/**
 * A throwaway copy of the project as git knows it (working tree included, ignored files such as
 * dist/, .env and node_modules left out), for the tests that try `npm run build` and `npm start`
 * for real without touching the working copy. The caller provides node_modules as it needs them.
 */
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { cp, mkdtemp } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

export async function copyProject(root: string, prefix: string): Promise<string> {
  const copy = await mkdtemp(path.join(os.tmpdir(), prefix))
  const files = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  )
    .split('\0')
    .filter((file) => file && file !== 'node_modules' && existsSync(path.join(root, file)))
  for (const file of files) await cp(path.join(root, file), path.join(copy, file))
  return copy
}
