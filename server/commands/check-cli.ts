/**
 * `npm run check [-- --url https://…]`: the going-live check (going-live-check.ts) against the
 * running server, with this machine's .env. Exit code 0 only when every line passes.
 */
import { existsSync } from 'node:fs'
import { ConfigError, loadConfig } from '../config'
import { formatLine, goingLiveCheck } from './going-live-check'
import { runCommand } from './run-command'

function urlFrom(args: readonly string[], publicUrl: string | undefined): string {
  const [flag, value, ...rest] = args
  if (flag === undefined) {
    if (publicUrl) return publicUrl
    throw new ConfigError(
      'Set PUBLIC_URL in .env, or pass the address: npm run check -- --url https://…',
    )
  }
  if (flag !== '--url' || !value || rest.length > 0 || !URL.canParse(value)) {
    throw new ConfigError('Usage: npm run check [-- --url https://your-site]')
  }
  return value
}

async function main(): Promise<void> {
  if (existsSync('.env')) process.loadEnvFile('.env')
  const config = loadConfig(process.env)
  const url = urlFrom(process.argv.slice(2), config.publicUrl)
  const lines = await goingLiveCheck({
    config,
    env: process.env,
    url,
    command: async (args) => {
      let output = ''
      await runCommand(args, async (chunk) => {
        output += chunk
      })
      return output
    },
  })
  for (const line of lines) console.log(formatLine(line))
  const failed = lines.filter((line) => line.status === 'fail').length
  console.log(failed === 0 ? 'All checks passed.' : `${failed} check(s) failed.`)
  process.exitCode = failed === 0 ? 0 : 1
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 2
})
