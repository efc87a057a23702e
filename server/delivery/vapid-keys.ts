/**
 * The relay's VAPID key pair (RFC 8292), which push services use to know that a notification
 * comes from the server the advisor's browser subscribed to: `VAPID_PUBLIC_KEY` and
 * `VAPID_PRIVATE_KEY` as `npx web-push generate-vapid-keys` prints them (base64url, an
 * uncompressed P-256 point and its 32-byte scalar), or a pair made once and kept in DATA_DIR.
 */
import { createECDH } from 'node:crypto'
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'

export interface VapidKeys {
  publicKey: string
  privateKey: string
}

const base64url = /^[A-Za-z0-9_-]+$/

/** The bytes of a base64url text, `undefined` when it is not one (padding tolerated). */
function decoded(text: string): Buffer | undefined {
  const bare = text.replace(/=+$/, '')
  return base64url.test(bare) ? Buffer.from(bare, 'base64url') : undefined
}

/** Whether `bytes` is an uncompressed point on P-256 (a VAPID key, a browser's `p256dh`). */
export function isP256Point(bytes: Buffer): boolean {
  if (bytes.length !== 65 || bytes[0] !== 4) return false
  try {
    const ecdh = createECDH('prime256v1')
    ecdh.generateKeys()
    ecdh.computeSecret(bytes)
    return true
  } catch {
    return false
  }
}

export function isVapidPublicKey(text: string): boolean {
  const bytes = decoded(text)
  return bytes !== undefined && isP256Point(bytes)
}

export function isVapidPrivateKey(text: string): boolean {
  return decoded(text)?.length === 32
}

/** Whether `privateKey` is the private half of `publicKey`. */
export function isVapidPair({ publicKey, privateKey }: VapidKeys): boolean {
  try {
    const ecdh = createECDH('prime256v1')
    ecdh.setPrivateKey(decoded(privateKey) ?? Buffer.alloc(0))
    return ecdh.getPublicKey().equals(decoded(publicKey) ?? Buffer.alloc(0))
  } catch {
    return false
  }
}

export function generateVapidKeys(): VapidKeys {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  // A scalar with leading zero bytes comes out shorter: padded to the 32 bytes RFC 8292 expects.
  const scalar = Buffer.alloc(32)
  const raw = ecdh.getPrivateKey()
  raw.copy(scalar, 32 - raw.length)
  return {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    privateKey: scalar.toString('base64url'),
  }
}

/**
 * The configured pair, or the one kept in `DATA_DIR/vapid-keys.json` (owner-only), made on the
 * first start: the browsers' subscriptions are bound to the public key, so it must outlive a
 * restart. `generated` tells the start log to warn that several instances need the variables.
 */
export async function loadVapidKeys(
  configured: VapidKeys | undefined,
  dataDir: string,
): Promise<VapidKeys & { generated: boolean }> {
  if (configured) return { ...configured, generated: false }
  const file = path.join(dataDir, 'vapid-keys.json')
  const existing = await readFile(file, 'utf8')
    .then(
      (text) => JSON.parse(text) as Partial<VapidKeys> | null,
      () => undefined,
    )
    .catch(() => undefined)
  if (
    typeof existing?.publicKey === 'string' &&
    typeof existing.privateKey === 'string' &&
    isVapidPair({ publicKey: existing.publicKey, privateKey: existing.privateKey })
  ) {
    return { publicKey: existing.publicKey, privateKey: existing.privateKey, generated: true }
  }
  await mkdir(dataDir, { recursive: true, mode: 0o700 })
  const keys = generateVapidKeys()
  await writeFile(file, `${JSON.stringify(keys)}\n`, { mode: 0o600 })
  await chmod(file, 0o600)
  return { ...keys, generated: true }
}
