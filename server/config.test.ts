import path from 'node:path'
import { describe, expect, it } from 'vitest'
import webPush from 'web-push'
import { ConfigError, loadConfig } from './config'

/** The message of the ConfigError that `env` causes; fails the test when there is none. */
function configErrorFor(env: NodeJS.ProcessEnv, cwd?: string, serving = false): string {
  let caught: unknown
  try {
    loadConfig(env, cwd, { serving })
  } catch (error) {
    caught = error
  }
  expect(caught).toBeInstanceOf(ConfigError)
  return (caught as ConfigError).message
}

const vapidKeys = webPush.generateVAPIDKeys()

describe('loadConfig', () => {
  it('uses the defaults with an empty environment', () => {
    expect(loadConfig({}, '/srv/app')).toStrictEqual({
      port: 3000,
      host: '0.0.0.0',
      distDir: path.resolve('/srv/app', 'dist'),
      dataDir: path.resolve('/srv/app', '.data'),
      backupDir: path.resolve('/srv/app', '.backups'),
      backupKeep: 14,
      databaseUrl: undefined,
      leadForwardUrl: undefined,
      pageViewForwardUrl: undefined,
      trustProxy: 'loopback',
      forwardTimeoutMs: 10_000,
      leadForwardSecret: undefined,
      leadForwardHeader: undefined,
      deliveryConcurrency: 16,
      smtp: undefined,
      appSecret: undefined,
      publicUrl: undefined,
      meta: undefined,
      ntfy: undefined,
      leadEscalateMinutes: 5,
      adminDistDir: path.resolve('/srv/app', 'dist-admin'),
      adminSessionIdleMinutes: 720,
      adminSessionMaxDays: 7,
      vapid: undefined,
      vapidSubject: undefined,
      healthToken: undefined,
    })
  })

  it('reads HEALTH_TOKEN, refusing a short one or one with spaces without showing it', () => {
    const token = 'a'.repeat(20) + '-health'
    expect(loadConfig({ HEALTH_TOKEN: ` ${token} ` }).healthToken).toBe(token)
    for (const value of ['court', 'un jeton avec des espaces dedans']) {
      const message = configErrorFor({ HEALTH_TOKEN: value })
      expect(message).toContain('HEALTH_TOKEN must be 24 to 200 printable characters')
      expect(message).not.toContain(value)
    }
  })

  it('reads the back-office settings, refusing a session longer than 12 hours idle', () => {
    const config = loadConfig(
      { ADMIN_DIST_DIR: 'build/admin', ADMIN_SESSION_IDLE_MINUTES: '0.1' },
      '/srv/app',
    )
    expect(config.adminDistDir).toBe(path.resolve('/srv/app', 'build/admin'))
    expect(config.adminSessionIdleMinutes).toBe(0.1)
    for (const value of ['721', '0', '-5', 'douze heures']) {
      expect(configErrorFor({ ADMIN_SESSION_IDLE_MINUTES: value })).toContain(
        `ADMIN_SESSION_IDLE_MINUTES must be a number of minutes from 0.05 to 720, got "${value}".`,
      )
    }
  })

  it('ends a session after ADMIN_SESSION_MAX_DAYS days whatever its use, 7 unless set', () => {
    expect(loadConfig({ ADMIN_SESSION_MAX_DAYS: ' 2 ' }, '/srv/app').adminSessionMaxDays).toBe(2)
    for (const value of ['0', '31', '1.5', 'une semaine']) {
      expect(configErrorFor({ ADMIN_SESSION_MAX_DAYS: value })).toContain(
        `ADMIN_SESSION_MAX_DAYS must be a whole number from 1 to 30, got "${value}".`,
      )
    }
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
          BACKUP_DIR: '/var/backups/leads',
          BACKUP_KEEP: '30',
          DATABASE_URL: 'postgres://relay:secret@db.example.com:5432/leads',
          TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
          FORWARD_TIMEOUT_MS: '5000',
          LEAD_FORWARD_URL: 'https://hooks.example.com/lead',
          PAGE_VIEW_FORWARD_URL: 'http://127.0.0.1:9000/pv',
          LEAD_FORWARD_SECRET: `whsec_${Buffer.alloc(24, 7).toString('base64')}`,
          LEAD_FORWARD_HEADER: 'x-make-apikey: abc 123',
          DELIVERY_CONCURRENCY: '32',
          SMTP_URL: 'smtps://relay:secret@smtp.example.com:465',
          MAIL_FROM: 'Courtier <alertes@example.com>',
          LEAD_ALERT_TO: 'a@example.com, b@example.com',
          LEAD_CONFIRMATION: 'off',
          APP_SECRET: 'x'.repeat(40),
          PUBLIC_URL: 'https://www.example.com/',
          META_CAPI_TOKEN: 'EAAB-sample-token',
          META_PIXEL_ID: '123456789012345',
          META_GRAPH_URL: 'http://127.0.0.1:9100/graph/',
          META_GRAPH_VERSION: 'v24.0',
          META_TEST_EVENT_CODE: 'TEST12345',
          META_STAGE_EVENTS: ' rendez_vous:Schedule , signe:Purchase,perdu:LeadLost ',
          NTFY_URL: 'https://ntfy.sh/alertes-courtier-x7',
          NTFY_TOKEN: 'tk_abc123',
          LEAD_ESCALATE_MINUTES: '10',
          VAPID_PUBLIC_KEY: vapidKeys.publicKey,
          VAPID_PRIVATE_KEY: ` ${vapidKeys.privateKey} `,
          VAPID_SUBJECT: 'mailto:contact@example.com',
          HEALTH_TOKEN: 'jeton-de-sante-de-24-caracteres-au-moins',
        },
        '/srv/app',
      ),
    ).toStrictEqual({
      port: 8080,
      host: '127.0.0.1',
      distDir: path.resolve('/srv/app', 'build'),
      dataDir: '/var/lib/leads',
      backupDir: '/var/backups/leads',
      backupKeep: 30,
      databaseUrl: 'postgres://relay:secret@db.example.com:5432/leads',
      leadForwardUrl: 'https://hooks.example.com/lead',
      pageViewForwardUrl: 'http://127.0.0.1:9000/pv',
      trustProxy: '10.0.0.0/8,127.0.0.1',
      forwardTimeoutMs: 5000,
      leadForwardSecret: Buffer.alloc(24, 7),
      leadForwardHeader: { name: 'x-make-apikey', value: 'abc 123' },
      deliveryConcurrency: 32,
      smtp: {
        url: 'smtps://relay:secret@smtp.example.com:465',
        from: 'Courtier <alertes@example.com>',
        alertTo: ['a@example.com', 'b@example.com'],
        confirmation: false,
      },
      appSecret: 'x'.repeat(40),
      publicUrl: 'https://www.example.com',
      meta: {
        accessToken: 'EAAB-sample-token',
        pixelId: '123456789012345',
        graphUrl: 'http://127.0.0.1:9100/graph',
        graphVersion: 'v24.0',
        testEventCode: 'TEST12345',
        stageEvents: { rendez_vous: 'Schedule', signe: 'Purchase', perdu: 'LeadLost' },
      },
      ntfy: { url: 'https://ntfy.sh/alertes-courtier-x7', token: 'tk_abc123' },
      leadEscalateMinutes: 10,
      adminDistDir: path.resolve('/srv/app', 'dist-admin'),
      adminSessionIdleMinutes: 720,
      adminSessionMaxDays: 7,
      vapid: vapidKeys,
      vapidSubject: 'mailto:contact@example.com',
      healthToken: 'jeton-de-sante-de-24-caracteres-au-moins',
    })
  })

  it('takes the VAPID keys as web-push prints them, both or neither, one message per mistake', () => {
    const other = webPush.generateVAPIDKeys()
    const key = (env: NodeJS.ProcessEnv) => loadConfig(env, '/srv/app').vapid
    expect(key({})).toBeUndefined()
    expect(
      key({ VAPID_PUBLIC_KEY: vapidKeys.publicKey, VAPID_PRIVATE_KEY: vapidKeys.privateKey }),
    ).toEqual(vapidKeys)
    expect(configErrorFor({ VAPID_PUBLIC_KEY: vapidKeys.publicKey })).toContain(
      'VAPID_PRIVATE_KEY must be set with VAPID_PUBLIC_KEY: set both (from one run of `npx web-push generate-vapid-keys`) or neither.',
    )
    expect(configErrorFor({ VAPID_PRIVATE_KEY: vapidKeys.privateKey })).toContain(
      'VAPID_PUBLIC_KEY must be set with VAPID_PRIVATE_KEY',
    )
    const both = configErrorFor({ VAPID_PUBLIC_KEY: 'abc', VAPID_PRIVATE_KEY: 'secret-value' })
    expect(both).toContain(
      'VAPID_PUBLIC_KEY must be an uncompressed P-256 public key in base64url (65 bytes, as `npx web-push generate-vapid-keys` prints it), got "abc".',
    )
    expect(both).toContain(
      'VAPID_PRIVATE_KEY must be a P-256 private key in base64url (32 bytes, as `npx web-push generate-vapid-keys` prints it) (the value is not shown).',
    )
    expect(both).not.toContain('secret-value')
    // 65 bytes that are not a point of the curve.
    const offCurve = Buffer.alloc(65, 1)
    offCurve[0] = 4
    expect(
      configErrorFor({
        VAPID_PUBLIC_KEY: offCurve.toString('base64url'),
        VAPID_PRIVATE_KEY: vapidKeys.privateKey,
      }),
    ).toContain('VAPID_PUBLIC_KEY must be an uncompressed P-256 public key')
    const mismatched = configErrorFor({
      VAPID_PUBLIC_KEY: vapidKeys.publicKey,
      VAPID_PRIVATE_KEY: other.privateKey,
    })
    expect(mismatched).toContain(
      'VAPID_PRIVATE_KEY is not the private key of VAPID_PUBLIC_KEY: copy both from one run of `npx web-push generate-vapid-keys`.',
    )
    expect(mismatched).not.toContain(other.privateKey)
  })

  it('takes a VAPID_SUBJECT that is a mailto: address or an https: URL', () => {
    for (const subject of ['mailto:contact@cabinet.fr', 'https://cabinet.fr/contact']) {
      expect(loadConfig({ VAPID_SUBJECT: subject }, '/srv/app').vapidSubject).toBe(subject)
    }
    for (const subject of [
      'contact@cabinet.fr',
      'http://cabinet.fr',
      'mailto:personne',
      'https://',
    ]) {
      expect(configErrorFor({ VAPID_SUBJECT: subject })).toContain(
        `VAPID_SUBJECT must be a mailto: address or an https: URL, such as mailto:contact@cabinet.fr, got "${subject}".`,
      )
    }
  })

  it("turns Meta's Conversions API on with a token, with the build's pixel id and Meta's address", () => {
    expect(
      loadConfig({ META_CAPI_TOKEN: 'EAAB-token', VITE_META_PIXEL_ID: '987654321' }).meta,
    ).toStrictEqual({
      accessToken: 'EAAB-token',
      pixelId: '987654321',
      graphUrl: 'https://graph.facebook.com',
      graphVersion: 'v25.0',
      testEventCode: undefined,
      stageEvents: {
        en_cours: 'Contact',
        rendez_vous: 'Schedule',
        devis_envoye: 'SubmitApplication',
        signe: 'Purchase',
      },
    })
    expect(loadConfig({ META_PIXEL_ID: '987654321' }).meta).toBeUndefined()
    expect(
      loadConfig({ META_CAPI_TOKEN: 'x', META_PIXEL_ID: '987654321', META_STAGE_EVENTS: 'off' })
        .meta?.stageEvents,
    ).toEqual({})
  })

  it('reports every bad Meta variable, one message each, never showing the token', () => {
    const message = configErrorFor({
      META_CAPI_TOKEN: 'EAAB secret-token',
      META_PIXEL_ID: 'px-1',
      META_GRAPH_URL: 'graph.facebook.com',
      META_GRAPH_VERSION: '25',
      META_TEST_EVENT_CODE: 'TEST 1',
    })
    for (const name of [
      'META_CAPI_TOKEN',
      'META_PIXEL_ID',
      'META_GRAPH_URL',
      'META_GRAPH_VERSION',
      'META_TEST_EVENT_CODE',
    ]) {
      expect(message.split('\n').filter((line) => line.includes(`- ${name} `))).toHaveLength(1)
    }
    expect(message).not.toContain('secret-token')
    expect(configErrorFor({ META_CAPI_TOKEN: 'EAAB-token' })).toMatch(
      /META_CAPI_TOKEN is set but META_PIXEL_ID/,
    )
  })

  it.each([
    'signe',
    'signe:Purchase,signe:Other',
    'gagne:Purchase',
    'nouveau:Lead',
    'signe:Pur chase',
    'signe:Purchase:x',
    'signe:Purchase,',
  ])('refuses META_STAGE_EVENTS=%j with one message naming the stages', (value) => {
    const message = configErrorFor({ META_STAGE_EVENTS: value })
    const lines = message.split('\n').filter((line) => line.includes('- META_STAGE_EVENTS '))
    expect(lines).toHaveLength(1)
    expect(lines[0]).toContain('en_cours, rendez_vous, devis_envoye, signe, perdu')
  })

  it('reports every bad delivery variable at once, one message each, never showing a secret', () => {
    const message = configErrorFor({
      SMTP_URL: 'http://user:hunter2@smtp.example.com',
      LEAD_ALERT_TO: 'pas-une-adresse',
      LEAD_FORWARD_SECRET: 'whsec_c2hvcnQ=',
      LEAD_FORWARD_HEADER: 'no colon here',
      DELIVERY_CONCURRENCY: '0',
      LEAD_CONFIRMATION: 'maybe',
      APP_SECRET: 'short',
    })
    for (const name of [
      'SMTP_URL',
      'MAIL_FROM',
      'LEAD_ALERT_TO',
      'LEAD_FORWARD_SECRET',
      'LEAD_FORWARD_HEADER',
      'DELIVERY_CONCURRENCY',
      'LEAD_CONFIRMATION',
      'APP_SECRET',
    ]) {
      expect(message.split('\n').filter((line) => line.includes(`- ${name} `))).toHaveLength(1)
    }
    expect(message).not.toContain('hunter2')
    expect(message).not.toContain('c2hvcnQ')
    expect(message).not.toContain('short')
  })

  it('refuses an unparsable SMTP_URL and an alert address without SMTP_URL', () => {
    expect(configErrorFor({ SMTP_URL: 'not a url', MAIL_FROM: 'a@b.fr' })).toMatch(/SMTP_URL/)
    expect(configErrorFor({ LEAD_ALERT_TO: 'a@b.fr' })).toMatch(/LEAD_ALERT_TO is set but SMTP_URL/)
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

  it('reads LEAD_ESCALATE_MINUTES, off or 0 turning it off, and refuses an ntfy without a topic', () => {
    expect(loadConfig({ LEAD_ESCALATE_MINUTES: 'off' }).leadEscalateMinutes).toBe(0)
    expect(loadConfig({ LEAD_ESCALATE_MINUTES: '0' }).leadEscalateMinutes).toBe(0)
    const message = (env: NodeJS.ProcessEnv) => {
      try {
        loadConfig(env)
      } catch (error) {
        return (error as Error).message
      }
      return ''
    }
    expect(message({ LEAD_ESCALATE_MINUTES: 'soon' })).toContain(
      'LEAD_ESCALATE_MINUTES must be a whole number from 0 to 1440',
    )
    expect(message({ NTFY_URL: 'https://ntfy.sh/' })).toContain('NTFY_URL must name a topic')
    expect(message({ NTFY_TOKEN: 'tk_x' })).toContain('NTFY_TOKEN is set but NTFY_URL is not')
    const bad = message({ NTFY_URL: 'https://ntfy.sh/t', NTFY_TOKEN: 'tk secret' })
    expect(bad).toContain('NTFY_TOKEN must be one word')
    expect(bad).not.toContain('secret')
  })

  it('refuses to start a server on PostgreSQL that would make its own secret or push keys', () => {
    const onPostgres = { DATABASE_URL: 'postgres://relay@127.0.0.1/leads' }
    // Commands (export, erasure, accounts) need neither.
    expect(() => loadConfig(onPostgres)).not.toThrow()
    const message = configErrorFor(onPostgres, undefined, true)
    expect(message).toContain('APP_SECRET must be set when DATABASE_URL is set')
    expect(message).toContain(
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set when DATABASE_URL is set',
    )
    expect(message.split('\n').filter((line) => line.startsWith('  - '))).toHaveLength(2)
    expect(() =>
      loadConfig(
        {
          ...onPostgres,
          APP_SECRET: 'un-secret-d-au-moins-trente-deux-caracteres',
          VAPID_PUBLIC_KEY: vapidKeys.publicKey,
          VAPID_PRIVATE_KEY: vapidKeys.privateKey,
        },
        undefined,
        { serving: true },
      ),
    ).not.toThrow()
    // The embedded database, one instance by nature, still makes its own.
    expect(() => loadConfig({}, undefined, { serving: true })).not.toThrow()
  })

  it('never repeats the database password in its error', () => {
    const message = configErrorFor({ DATABASE_URL: 'postgres://relay:hunter2@/leads' })
    expect(message).toContain('DATABASE_URL')
    expect(message).not.toContain('hunter2')
  })

  it('takes TEST_CLOCK_START as a UTC moment, never in production', () => {
    expect(loadConfig({ TEST_CLOCK_START: '2026-12-02T14:00:00Z' }).testClockStart).toEqual(
      new Date('2026-12-02T14:00:00Z'),
    )
    expect(configErrorFor({ TEST_CLOCK_START: 'mercredi' })).toContain(
      'TEST_CLOCK_START must be a UTC moment',
    )
    expect(
      configErrorFor({ TEST_CLOCK_START: '2026-12-02T14:00:00Z', NODE_ENV: 'production' }),
    ).toContain('TEST_CLOCK_START is for browser tests only')
  })

  it('rejects a DATA_DIR that is a file', () => {
    const message = configErrorFor({ DATA_DIR: 'package.json' }, process.cwd())
    expect(message).toContain('DATA_DIR must be a directory')
  })

  it('keeps backups in BACKUP_DIR (.backups by default), the last BACKUP_KEEP (14 by default)', () => {
    expect(configErrorFor({ BACKUP_DIR: 'package.json' }, process.cwd())).toContain(
      'BACKUP_DIR must be a directory',
    )
    for (const value of ['0', '1001', '2.5', 'tous']) {
      expect(configErrorFor({ BACKUP_KEEP: value })).toContain(
        `BACKUP_KEEP must be a whole number from 1 to 1000, got "${value}".`,
      )
    }
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
