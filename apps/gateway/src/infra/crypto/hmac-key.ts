import { createHmac, randomBytes } from 'node:crypto'
import path from 'node:path'
import { loadOrCreateKeyFile } from './key-file'

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
  const file = path.join(keysDir, 'secret-hmac.key')
  const key = Buffer.from(loadOrCreateKeyFile(file, () => randomBytes(32).toString('base64')).trim(), 'base64')
  if (key.length !== 32) throw new Error(`${file} does not hold a 256-bit key`)
  return {
    digest: (purpose, value) => createHmac('sha256', key).update(purpose).update('\0').update(value).digest('hex'),
  }
}
