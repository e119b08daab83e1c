import { PUBLIC_KEY_CACHE_S, wire, type PasswordPubKey } from '@ess/contract/wire'
import { request } from './http/request'
import { platform } from './platform'
import { clientStorage, type CachedPublicKey } from './storage'

/**
 * The gateway's password public key, cached PUBLIC_KEY_CACHE_S (1200 s) in storage.
 * Concurrent callers share one fetch.
 */
let inflight: Promise<CachedPublicKey> | null = null

export async function getPublicKey({ force = false, now = Date.now } = {}): Promise<CachedPublicKey> {
  const cached = clientStorage.get('publicKey')
  if (!force && cached && now() - cached.cachedAt < PUBLIC_KEY_CACHE_S * 1000 && now() >= cached.cachedAt) return cached
  inflight ??= request(wire.getPasswordPubKey, undefined, { needThrowErr: true })
    .then((key: PasswordPubKey) => {
      const entry: CachedPublicKey = { publicKey: key.publicKey, keyId: key.keyId, cachedAt: now() }
      clientStorage.set('publicKey', entry)
      return entry
    })
    .finally(() => {
      inflight = null
    })
  return inflight
}

export interface EncryptedPassword {
  /** base64 RSA-OAEP-SHA256 ciphertext of the UTF-8 password. */
  cipher: string
  /** The key it was encrypted with (sent back so the gateway picks the right private key). */
  keyId: string
}

/**
 * Encrypts a password for the wire (GUIDE §2): passwords never travel in clear. `freshKey` fetches
 * the key again first (after the gateway answered PASSWORD_KEY_CHANGED).
 */
export async function encryptPassword(password: string, { freshKey = false } = {}): Promise<EncryptedPassword> {
  const key = await getPublicKey({ force: freshKey })
  const cipher = await platform().crypto.encryptOaepSha256(key.publicKey, password)
  return { cipher, keyId: key.keyId }
}

/** Test helper. */
export function resetPublicKeyState(): void {
  inflight = null
}
