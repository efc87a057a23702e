/**
 * The deploy path, tried for real in a throwaway copy of the project: a full install builds the
 * site and the server, `npm ci --omit=dev` drops the development dependencies (TypeScript, tsx,
 * Vite…), then `npm start` must serve the site and the relay, `npm run leads:export` must read the
 * lead back, `npm run backup` must dump the database the running server holds, `npm run
 * admin:add-user` must make an account the back-office's login takes, and SIGTERM must stop the
 * server cleanly. Usage: tsx scripts/test-production-install.ts
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, realpathSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import path from 'node:path'
import { leadFormCopy } from '../common/lead/lead-form-copy'
import { freePort } from '../server/test-support/free-port'
import { copyProject } from './copy-project'

const root = path.resolve(import.meta.dirname, '..')

function run(
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv = {},
  input?: string,
): string {
  const result = spawnSync(command, args, {
    cwd,
    input,
    encoding: 'utf8',
    env: { ...process.env, ...env },
    maxBuffer: 64 * 1024 * 1024,
  })
  if (result.status !== 0) {
    throw new Error(
      `${command} ${args.join(' ')} failed (exit ${result.status}):\n${result.stdout}${result.stderr}`,
    )
  }
  return result.stdout
}

async function waitForHealth(origin: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`npm start exited with ${server.exitCode}`)
    try {
      if ((await fetch(`${origin}/healthz`)).status === 200) return
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error('npm start did not answer /healthz within 120 s')
}

function check(condition: boolean, what: string): void {
  if (!condition) throw new Error(`Production install: ${what}`)
  console.log(`  ok: ${what}`)
}

async function main(): Promise<void> {
  const copy = await copyProject(root, 'production-install-')
  try {
    // The installed packages as hard links: as fast as a copy gets, and `npm ci` then replaces
    // them in the copy only. Resolved first: in a git worktree node_modules may be a link to
    // another checkout's, which `npm ci` must never empty.
    const packages = realpathSync(path.join(root, 'node_modules'))
    run('cp', ['-al', packages, path.join(copy, 'node_modules')], root)

    console.log('Full install: npm run build')
    run('npm', ['run', 'build'], copy)
    console.log('Production install: npm ci --omit=dev')
    run('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund'], copy)
    for (const tool of ['tsx', 'typescript', 'vite']) {
      check(!existsSync(path.join(copy, 'node_modules', tool)), `${tool} is not installed`)
    }

    const port = await freePort()
    const origin = `http://127.0.0.1:${port}`
    const env = { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: path.join(copy, 'data') }
    const server = spawn('npm', ['start'], {
      cwd: copy,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    let errors = ''
    server.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()))
    try {
      await waitForHealth(origin, server)
      const page = await fetch(`${origin}/`)
      check(
        page.status === 200 && (await page.text()).includes('<html lang="fr"'),
        'npm start serves the landing page',
      )
      const email = `production-${Date.now()}@exemple.fr`
      const lead = await fetch(`${origin}/api/leads`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          nom: 'Martin',
          prenom: 'Zoé',
          email,
          telephone: '0612345678',
          source: 'facebook_ads',
          page_url: `${origin}/`,
          timestamp: new Date().toISOString(),
          consentement: true,
          consentement_texte: leadFormCopy.consentLabel,
        }),
      })
      check(lead.status === 202, 'the relay stores a lead (202)')
      const csv = run('npm', ['run', '--silent', 'leads:export'], copy, env)
      check(csv.includes(email), 'npm run leads:export reads it back')
      const backup = run('npm', ['run', '--silent', 'backup'], copy, env)
      check(
        /^Backup written to .*\/backup-[\dT-]+Z\.sql\.gz\.$/m.test(backup),
        'npm run backup dumps the database the server holds',
      )

      const admin = { email: 'courtier@exemple.fr', password: 'un mot de passe assez long' }
      const created = run(
        'npm',
        ['run', '--silent', 'admin:add-user', '--', '--email', admin.email, '--password-stdin'],
        copy,
        env,
        admin.password,
      )
      check(created.includes('Account created'), 'npm run admin:add-user creates an account')
      const login = await fetch(`${origin}/admin/api/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: origin },
        body: JSON.stringify(admin),
      })
      const cookie = login.headers.get('set-cookie')?.split(';')[0] ?? ''
      check(login.status === 200 && cookie !== '', 'the back-office login takes that account')
      const shell = await fetch(`${origin}/admin`, { headers: { Cookie: cookie } })
      const script = /src="(\/admin\/assets\/[^"]+\.js)"/.exec(await shell.text())?.[1]
      const bundle = script ? await fetch(`${origin}${script}`) : undefined
      check(
        shell.status === 200 && bundle?.status === 200,
        'npm start serves the back-office built by npm run build',
      )
    } finally {
      const exited = new Promise<number | null>((resolve) => server.once('exit', resolve))
      server.kill('SIGTERM')
      const code = await exited
      check(
        code === 0,
        `npm start stops on SIGTERM with exit code 0${code ? ` (got ${code})` : ''}`,
      )
      if (code !== 0) console.error(errors)
    }
  } finally {
    await rm(copy, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
