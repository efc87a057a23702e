/**
 * A Web Push service for tests, over HTTPS on loopback with a certificate made at test time: it
 * answers what each test asks (201, 410, 503, or a dropped connection), and reads what it got as
 * the advisor's browser would. It decrypts with the subscription's own private key and auth
 * secret (RFC 8291 on RFC 8188's aes128gcm, written here from the RFCs with node:crypto, checked
 * against RFC 8291's worked example and against `web-push`), and reads the VAPID header
 * (RFC 8292), checking its ES256 signature against the key the header names.
 */
import { execFileSync } from 'node:child_process'
import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
  type ECDH,
} from 'node:crypto'
import { readFileSync } from 'node:fs'
import type { IncomingHttpHeaders } from 'node:http'
import { createServer } from 'node:https'
import { Agent } from 'node:https'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { createTempDir } from './fake-site'

/** What a browser keeps for one subscription: its key pair and auth secret, never sent anywhere. */
export interface DeviceKeys {
  ecdh: ECDH
  auth: Buffer
  /** As `PushSubscription.toJSON().keys` gives them. */
  json: { p256dh: string; auth: string }
}

export function newDeviceKeys(): DeviceKeys {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  const auth = randomBytes(16)
  return {
    ecdh,
    auth,
    json: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
  }
}

/**
 * RFC 8291 §3.4 and RFC 8188 §2: the header (salt, record size, the sender's public key), then
 * records of `rs` bytes, each ending with a padding delimiter (2 for the last, 1 before it).
 */
export function decryptPush(body: Buffer, device: Pick<DeviceKeys, 'ecdh' | 'auth'>): Buffer {
  const salt = body.subarray(0, 16)
  const recordSize = body.readUInt32BE(16)
  const idLength = body.readUInt8(20)
  const senderPublic = body.subarray(21, 21 + idLength)
  if (idLength !== 65 || recordSize < 18) throw new Error('not an aes128gcm Web Push message')
  const shared = device.ecdh.computeSecret(senderPublic)
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    device.ecdh.getPublicKey(),
    senderPublic,
  ])
  const ikm = Buffer.from(hkdfSync('sha256', shared, device.auth, keyInfo, 32))
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: aes128gcm\0', 16))
  const baseNonce = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: nonce\0', 12))
  const records: Buffer[] = []
  const content = body.subarray(21 + idLength)
  for (let offset = 0, index = 0; offset < content.length; offset += recordSize, index += 1) {
    const record = content.subarray(offset, offset + recordSize)
    const nonce = Buffer.from(baseNonce)
    // The record's sequence number, XORed into the nonce's end (RFC 8188 §2.3).
    nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ index) >>> 0, 8)
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce)
    decipher.setAuthTag(record.subarray(record.length - 16))
    const padded = Buffer.concat([
      decipher.update(record.subarray(0, record.length - 16)),
      decipher.final(),
    ])
    let end = padded.length - 1
    while (end >= 0 && padded[end] === 0) end -= 1
    const last = offset + recordSize >= content.length
    if (padded[end] !== (last ? 2 : 1)) throw new Error('bad padding delimiter')
    records.push(padded.subarray(0, end))
  }
  return Buffer.concat(records)
}

export interface VapidHeader {
  claims: { aud?: unknown; exp?: unknown; sub?: unknown }
  header: { typ?: unknown; alg?: unknown }
  /** The `k=` parameter: the application server's public key, base64url. */
  publicKey: string
  /** Whether the JWT's ES256 signature checks out against that key. */
  signatureValid: boolean
}

/** RFC 8292 §3: `Authorization: vapid t=<JWT>, k=<public key>`. */
export function readVapidHeader(authorization: string | undefined): VapidHeader {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? '')
  if (!match?.[1] || !match[2]) throw new Error(`not a VAPID header: ${authorization}`)
  const [head = '', payload = '', signature = ''] = match[1].split('.')
  const point = Buffer.from(match[2], 'base64url')
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  })
  const signatureValid = verify(
    'sha256',
    Buffer.from(`${head}.${payload}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  )
  const json = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString()) as object
  return {
    header: json(head),
    claims: json(payload),
    publicKey: match[2],
    signatureValid,
  }
}

export interface ReceivedPush {
  /** The endpoint's path: which device it was for. */
  path: string
  headers: IncomingHttpHeaders
  body: Buffer
  /** When the whole request had arrived, on this process's `performance.now()` clock. */
  receivedAt: number
}

/** How the stand-in answers: an HTTP status, or `'drop'` to cut the connection (an outage). */
export type PushAnswer = number | 'drop'

export interface PushServiceStandIn {
  origin: string
  /** The certificate in PEM, and its file for NODE_EXTRA_CA_CERTS. */
  ca: string
  caFile: string
  /** An HTTPS agent that trusts the certificate, for a relay running in the test's process. */
  agent: Agent
  /** Every request, answered 2xx or not, in order of arrival. */
  received: ReceivedPush[]
  /** Connections that failed their TLS handshake (a client not trusting the certificate). */
  tlsFailures: () => number
  /** A new device's endpoint on this service. */
  endpoint(device: string): string
  /** How requests for `device` (every device when omitted) are answered from now on. */
  answer(answer: PushAnswer, device?: string): void
  stop(): Promise<void>
}

/** A self-signed certificate for 127.0.0.1, made by openssl in a directory of its own. */
function selfSignedCertificate(dir: string): { key: string; cert: string; certFile: string } {
  const keyFile = path.join(dir, 'key.pem')
  const certFile = path.join(dir, 'cert.pem')
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'],
      ...['-keyout', keyFile, '-out', certFile, '-days', '2', '-subj', '/CN=127.0.0.1'],
      ...['-addext', 'subjectAltName=IP:127.0.0.1'],
    ],
    { stdio: 'ignore' },
  )
  return { key: readFileSync(keyFile, 'utf8'), cert: readFileSync(certFile, 'utf8'), certFile }
}

export async function startPushServiceStandIn(): Promise<PushServiceStandIn> {
  const { key, cert, certFile } = selfSignedCertificate(await createTempDir('push-service-'))
  const received: ReceivedPush[] = []
  const answers = new Map<string, PushAnswer>()
  let defaultAnswer: PushAnswer = 201
  const server = createServer({ key, cert }, (request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const devicePath = request.url ?? '/'
      received.push({
        path: devicePath,
        headers: request.headers,
        body: Buffer.concat(chunks),
        receivedAt: performance.now(),
      })
      const answer = answers.get(devicePath) ?? defaultAnswer
      if (answer === 'drop') {
        request.socket.destroy()
        return
      }
      response.writeHead(answer, { 'content-type': 'text/plain' }).end(String(answer))
    })
  })
  let tlsFailures = 0
  server.on('tlsClientError', () => (tlsFailures += 1))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`
  const agent = new Agent({ ca: cert, keepAlive: false })
  return {
    origin,
    ca: cert,
    caFile: certFile,
    agent,
    received,
    tlsFailures: () => tlsFailures,
    endpoint: (device) => `${origin}/push/${device}`,
    answer(answer, device) {
      if (device === undefined) {
        defaultAnswer = answer
        answers.clear()
      } else answers.set(`/push/${device}`, answer)
    },
    async stop() {
      agent.destroy()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
