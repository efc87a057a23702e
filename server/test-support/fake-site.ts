import { mkdir, mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { policyRecordFile, type PolicyRecord } from '../../common/site-config/privacy-recipients'

/**
 * A minimal build for server tests: the pages the static server looks for, and the `_headers`
 * file and privacy-policy record the build writes (a policy naming every recipient). The real
 * build is exercised by the browser tests.
 */
export async function createFakeSite(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'relay-site-'))
  await mkdir(path.join(dir, 'assets'))
  await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>Accueil</title>')
  await writeFile(path.join(dir, '404.html'), '<!doctype html><title>Oops! Page not found</title>')
  await writeFile(
    path.join(dir, '_headers'),
    "/*\n  Content-Security-Policy: default-src 'self'; frame-ancestors 'none'\n  X-Content-Type-Options: nosniff\n",
  )
  const record: PolicyRecord = {
    names: {
      leadWebhook: true,
      pageViewWebhook: true,
      emailProvider: true,
      notificationService: true,
      metaConversionsApi: true,
    },
    builtWith: [],
    configFile: 'site.config.yaml',
  }
  await writeFile(path.join(dir, policyRecordFile), JSON.stringify(record))
  return dir
}

/** The back-office's build as the server looks for it: its page and one hashed asset. */
export async function createFakeAdminSite(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'relay-admin-'))
  await mkdir(path.join(dir, 'assets'))
  await writeFile(
    path.join(dir, 'index.html'),
    '<!doctype html><title>Espace courtier</title><script type="module" src="/admin/assets/admin-AbC123.js"></script>',
  )
  await writeFile(
    path.join(dir, 'assets', 'admin-AbC123.js'),
    'document.title = "Espace courtier"\n',
  )
  return dir
}

export async function createTempDir(prefix: string): Promise<string> {
  return mkdtemp(path.join(tmpdir(), prefix))
}
