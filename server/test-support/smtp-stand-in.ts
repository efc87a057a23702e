/**
 * A real SMTP server on 127.0.0.1 (the `smtp-server` package) standing in for the broker's mail
 * provider: it records every message it accepts, parsed, and can be switched to refuse with a
 * temporary (451) or permanent (550) reply, or be stopped and started again on the same port.
 */
import type { AddressInfo } from 'node:net'
import { performance } from 'node:perf_hooks'
import { simpleParser, type ParsedMail } from 'mailparser'
import { SMTPServer } from 'smtp-server'

export type SmtpMode = 'ok' | 'tempfail' | 'reject'

export interface ReceivedMail {
  from: string
  to: string[]
  parsed: ParsedMail
  /** When the message's last byte had arrived, on this process's `performance.now()` clock. */
  receivedAt: number
}

export interface SmtpStandIn {
  /** `smtp://user:password@127.0.0.1:port`, credentials checked. */
  url: string
  port: number
  mode: SmtpMode
  received: ReceivedMail[]
  /** Messages refused, by recipient. */
  refused: string[]
  stop(): Promise<void>
  start(): Promise<void>
}

export const smtpUser = 'relais'
export const smtpPassword = 'mot-de-passe-smtp-de-test'

export async function startSmtpStandIn(): Promise<SmtpStandIn> {
  let server: SMTPServer | undefined
  const standIn: SmtpStandIn = {
    url: '',
    port: 0,
    mode: 'ok',
    received: [],
    refused: [],
    async stop() {
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()))
      server = undefined
    },
    async start() {
      server = new SMTPServer({
        secure: false,
        disabledCommands: ['STARTTLS'],
        allowInsecureAuth: true,
        logger: false,
        onAuth(auth, _session, callback) {
          if (auth.username === smtpUser && auth.password === smtpPassword) {
            callback(null, { user: auth.username })
          } else {
            callback(Object.assign(new Error('Invalid credentials'), { responseCode: 535 }))
          }
        },
        onData(stream, session, callback) {
          const to = session.envelope.rcptTo.map((address) => address.address)
          const chunks: Buffer[] = []
          stream.on('data', (chunk: Buffer) => chunks.push(chunk))
          stream.on('end', () => {
            const receivedAt = performance.now()
            if (standIn.mode !== 'ok') {
              standIn.refused.push(...to)
              const code = standIn.mode === 'tempfail' ? 451 : 550
              callback(Object.assign(new Error(`Refused (${code})`), { responseCode: code }))
              return
            }
            simpleParser(Buffer.concat(chunks)).then(
              (parsed) => {
                const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : ''
                standIn.received.push({ from, to, parsed, receivedAt })
                callback()
              },
              (error: Error) => callback(error),
            )
          })
        },
      })
      const listening = server
      await new Promise<void>((resolve) => listening.listen(standIn.port, '127.0.0.1', resolve))
      standIn.port = (listening.server.address() as AddressInfo).port
      standIn.url = `smtp://${smtpUser}:${smtpPassword}@127.0.0.1:${standIn.port}`
    },
  }
  await standIn.start()
  return standIn
}
