import { base64ToBytes, bytesToBase64, pemBody } from '../shared/base64'
import type { CryptoAdapter } from '../types'

/** WebCrypto RSA-OAEP-SHA256; jsencrypt (loaded on demand) where `crypto.subtle` is missing (plain http). */
export function createWebCrypto(): CryptoAdapter {
  return {
    async encryptOaepSha256(publicKeyPem, plaintext) {
      const subtle = globalThis.crypto?.subtle
      if (!subtle) {
        const { encryptOaepWithJsencrypt } = await import('../shared/oaep-fallback')
        return encryptOaepWithJsencrypt(publicKeyPem, plaintext)
      }
      const der = base64ToBytes(pemBody(publicKeyPem))
      const key = await subtle.importKey('spki', der, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt'])
      const cipher = await subtle.encrypt({ name: 'RSA-OAEP' }, key, new TextEncoder().encode(plaintext))
      return bytesToBase64(new Uint8Array(cipher))
    },
    randomBytes(size) {
      return globalThis.crypto.getRandomValues(new Uint8Array(size))
    },
  }
}
