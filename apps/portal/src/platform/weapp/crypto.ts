import { encryptOaepWithJsencrypt } from '../shared/oaep-fallback'
import type { CryptoAdapter } from '../types'

/**
 * The mini-program has no WebCrypto: OAEP goes through jsencrypt. Random bytes come from
 * Math.random mixed with the clock, which is enough for nonces and the device id (not for keys).
 */
export function createMiniCrypto(): CryptoAdapter {
  let counter = 0
  return {
    encryptOaepSha256: async (pem, plaintext) => encryptOaepWithJsencrypt(pem, plaintext),
    randomBytes(size) {
      const out = new Uint8Array(size)
      const t = Date.now()
      for (let i = 0; i < size; i++) {
        counter = (counter + 1) & 0xffff
        out[i] = (Math.floor(Math.random() * 256) ^ ((t >> (i % 32)) & 0xff) ^ counter) & 0xff
      }
      return out
    },
  }
}
