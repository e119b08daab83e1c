import { createHmac } from 'node:crypto'
import path from 'node:path'
import { loadOrCreate256BitKey } from './key-file'

export interface HmacKey {
  /**
   * Hex HMAC-SHA256 of `value` for a purpose (e.g. "code:register:+8613800138000"): what the
   * gateway keeps instead of a short secret (a verification code), so a dump of the KV store does
   * not give the codes away, and a value made for one purpose does not match another.
   */
  digest(purpose: string, value: string): string
}

/** The HMAC key of short secrets, made at first start in `<keysDir>/secret-hmac.key`. */
export function loadHmacKey(keysDir: string): HmacKey {
  const key = loadOrCreate256BitKey(path.join(keysDir, 'secret-hmac.key'))
  return {
    digest: (purpose, value) => createHmac('sha256', key).update(purpose).update('\0').update(value).digest('hex'),
  }
}
