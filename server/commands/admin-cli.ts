/**
 * `npm run admin:add-user -- --email ADDRESS --password-stdin` creates a back-office account, or
 * gives an existing one a new password; `npm run admin:remove-user -- --email ADDRESS` removes one.
 * The password is read from standard input (one line; asked twice, without echo, at a
 * terminal), never from the arguments, which other users of the machine can see; it is hashed
 * here, so that only its hash reaches the database or the running server.
 */
import { existsSync } from 'node:fs'
import readline from 'node:readline'
import { Writable } from 'node:stream'
import { text } from 'node:stream/consumers'
import { ConfigError } from '../config'
import { accountCommandArguments } from './admin-commands'
import { runCommand } from './run-command'

/** One line typed at the terminal, not shown on it. */
async function askHidden(prompt: string): Promise<string> {
  const silent = new Writable({ write: (_chunk, _encoding, done) => done() })
  const reader = readline.createInterface({ input: process.stdin, output: silent, terminal: true })
  process.stderr.write(prompt)
  try {
    return await new Promise<string>((resolve) => reader.question('', resolve))
  } finally {
    reader.close()
    process.stderr.write('\n')
  }
}

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    // A file or a pipe: one line, without the line end `echo` or a file adds. A second line is
    // refused rather than kept: someone piping the password twice, as it is asked at a terminal,
    // would otherwise get an account whose password nobody can type.
    const password = (await text(process.stdin)).replace(/\r?\n$/, '')
    if (/[\r\n]/.test(password)) {
      throw new Error(
        'The password is read from a single line, but standard input has more than one (typed twice?): nothing was changed.',
      )
    }
    return password
  }
  const password = await askHidden('Password: ')
  if ((await askHidden('Same password again: ')) !== password) {
    throw new Error('The two passwords differ; nothing was changed.')
  }
  return password
}

async function main(): Promise<void> {
  if (existsSync('.env')) process.loadEnvFile('.env')
  const args = await accountCommandArguments(process.argv.slice(2), readPassword)
  await runCommand(args, async (chunk) => void process.stdout.write(chunk))
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error)
  process.exitCode = 1
})
