/**
 * `npm run admin:add-user` and `admin:remove-user` as a person runs them: the password piped on
 * standard input, with the server stopped (the command opens the embedded database) and running
 * (the server runs it through its command socket).
 */
import { execFile } from 'node:child_process'
import { rm } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createFakeSite, createTempDir } from '../test-support/fake-site'
import { startRelayProcess } from '../test-support/relay-process'
import { openDatabase } from '../storage/open-database'

function adminCli(dataDir: string, args: string[], input: string) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    const child = execFile(
      process.execPath,
      ['--import', 'tsx', 'server/commands/admin-cli.ts', ...args],
      { env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    )
    child.stdin?.end(input)
  })
}

describe('the account commands on the embedded database', () => {
  let distDir: string
  let dataDir: string
  beforeAll(async () => {
    distDir = await createFakeSite()
    dataDir = await createTempDir('admin-cli-')
  })
  afterAll(async () => {
    await rm(distDir, { recursive: true, force: true })
    await rm(dataDir, { recursive: true, force: true })
  })

  it('refuses a password piped on two lines, or a common one, and creates nothing', async () => {
    const args = ['add-user', '--email', 'paul@courtier.fr', '--password-stdin']
    const twice = await adminCli(
      dataDir,
      args,
      'un mot de passe assez long\nun mot de passe assez long\n',
    )
    expect(twice).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'The password is read from a single line, but standard input has more than one (typed twice?): nothing was changed.\n',
    })
    const common = await adminCli(dataDir, args, 'Administrator\n')
    expect(common).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'This password is one of the most common ones, the first that guessers try: choose another.\n',
    })
  }, 60_000)

  it('creates an account with the server stopped, then resets and removes it while it runs', async () => {
    const password = 'un mot de passe assez long'
    const created = await adminCli(
      dataDir,
      ['add-user', '--email', 'Claire@Courtier.fr', '--password-stdin'],
      `${password}\n`,
    )
    expect(created).toEqual({
      code: 0,
      stdout: 'Account created for claire@courtier.fr.\n',
      stderr: '',
    })

    const server = await startRelayProcess({ DIST_DIR: distDir, DATA_DIR: dataDir })
    try {
      const tooShort = await adminCli(
        dataDir,
        ['add-user', '--email', 'claire@courtier.fr', '--password-stdin'],
        'court\n',
      )
      expect(tooShort.code).toBe(1)
      expect(tooShort.stderr).toBe('The password must be at least 12 characters long.\n')

      const reset = await adminCli(
        dataDir,
        ['add-user', '--email', 'claire@courtier.fr', '--password-stdin'],
        'un autre mot de passe, long',
      )
      expect(reset.stdout).toBe(
        'Password changed for claire@courtier.fr; its open sessions are closed.\n',
      )
      const removed = await adminCli(dataDir, ['remove-user', '--email', 'claire@courtier.fr'], '')
      expect(removed.stdout).toBe(
        'Account removed for claire@courtier.fr; its open sessions are closed.\n',
      )
      const again = await adminCli(dataDir, ['remove-user', '--email', 'claire@courtier.fr'], '')
      expect(again).toMatchObject({
        code: 1,
        stderr: 'There is no account for claire@courtier.fr.\n',
      })
      // The server logged the commands, never a password or its hash.
      expect(server.output()).toContain('"command":"admin add-user"')
      expect(server.output()).not.toMatch(/mot de passe|scrypt\$/)
    } finally {
      server.child.kill('SIGTERM')
      await server.exited
    }

    const db = await openDatabase({ databaseUrl: undefined, dataDir })
    try {
      const audit = await db.query<{ action: string }>('SELECT action FROM admin_audit ORDER BY id')
      expect(audit.map((row) => row.action)).toEqual([
        'account_created',
        'password_reset',
        'account_removed',
      ])
    } finally {
      await db.close()
    }
  }, 120_000)
})
