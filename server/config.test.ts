import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config'

/** The message of the ConfigError that `env` causes; fails the test when there is none. */
function configErrorFor(env: NodeJS.ProcessEnv, cwd?: string): string {
  let caught: unknown
  try {
    loadConfig(env, cwd)
  } catch (error) {
    caught = error
  }
  expect(caught).toBeInstanceOf(ConfigError)
  return (caught as ConfigError).message
}

describe('loadConfig', () => {
  it('uses the defaults with an empty environment', () => {
    expect(loadConfig({}, '/srv/app')).toStrictEqual({
      port: 3000,
      host: '0.0.0.0',
      distDir: path.resolve('/srv/app', 'dist'),
      dataDir: path.resolve('/srv/app', '.data'),
      databaseUrl: undefined,
      leadForwardUrl: undefined,
      pageViewForwardUrl: undefined,
      trustProxy: 'loopback',
      forwardTimeoutMs: 10_000,
    })
  })

  it('treats blank values as unset', () => {
    const config = loadConfig({ PORT: ' ', LEAD_FORWARD_URL: '', HOST: '  ' }, '/srv/app')
    expect(config.port).toBe(3000)
    expect(config.host).toBe('0.0.0.0')
    expect(config.leadForwardUrl).toBeUndefined()
  })

  it('reads every variable when valid', () => {
    expect(
      loadConfig(
        {
          PORT: '8080',
          HOST: '127.0.0.1',
          DIST_DIR: 'build',
          DATA_DIR: '/var/lib/leads',
          DATABASE_URL: 'postgres://relay:secret@db.example.com:5432/leads',
          TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
          FORWARD_TIMEOUT_MS: '5000',
          LEAD_FORWARD_URL: 'https://hooks.example.com/lead',
          PAGE_VIEW_FORWARD_URL: 'http://127.0.0.1:9000/pv',
        },
        '/srv/app',
      ),
    ).toStrictEqual({
      port: 8080,
      host: '127.0.0.1',
      distDir: path.resolve('/srv/app', 'build'),
      dataDir: '/var/lib/leads',
      databaseUrl: 'postgres://relay:secret@db.example.com:5432/leads',
      leadForwardUrl: 'https://hooks.example.com/lead',
      pageViewForwardUrl: 'http://127.0.0.1:9000/pv',
      trustProxy: '10.0.0.0/8,127.0.0.1',
      forwardTimeoutMs: 5000,
    })
  })

  it.each(['0', '65535'])('accepts the edge port %s', (port) => {
    expect(loadConfig({ PORT: port }).port).toBe(Number(port))
  })

  it.each(['abc', '70000', '-1', '65536', '3000.5'])('rejects PORT=%j naming PORT', (port) => {
    const message = configErrorFor({ PORT: port })
    expect(message).toContain('PORT')
    expect(message).toContain(port)
  })

  it.each(['not a url', 'ftp://files.example.com/lead', '/api/leads'])(
    'rejects LEAD_FORWARD_URL=%j naming LEAD_FORWARD_URL',
    (value) => {
      const message = configErrorFor({ LEAD_FORWARD_URL: value })
      expect(message).toContain('LEAD_FORWARD_URL')
    },
  )

  it.each([
    ['HOST', 'not a host!'],
    ['DATABASE_URL', 'mysql://db.example.com/leads'],
    ['DATABASE_URL', 'not a url'],
    ['TRUST_PROXY', 'everyone'],
    ['FORWARD_TIMEOUT_MS', '10'],
  ])('rejects %s=%j naming the variable', (name, value) => {
    const message = configErrorFor({ [name]: value })
    expect(message).toContain(name)
  })

  it('never repeats the database password in its error', () => {
    const message = configErrorFor({ DATABASE_URL: 'postgres://relay:hunter2@/leads' })
    expect(message).toContain('DATABASE_URL')
    expect(message).not.toContain('hunter2')
  })

  it('rejects a DATA_DIR that is a file', () => {
    const message = configErrorFor({ DATA_DIR: 'package.json' }, process.cwd())
    expect(message).toContain('DATA_DIR must be a directory')
  })

  it('reports every bad variable together in one ConfigError', () => {
    const message = configErrorFor({
      PORT: 'abc',
      LEAD_FORWARD_URL: 'not a url',
      PAGE_VIEW_FORWARD_URL: 'ftp://x.example.com',
    })
    expect(message).toContain('PORT')
    expect(message).toContain('LEAD_FORWARD_URL')
    expect(message).toContain('PAGE_VIEW_FORWARD_URL')
    expect(message.split('\n').filter((line) => line.startsWith('  - '))).toHaveLength(3)
  })
})
