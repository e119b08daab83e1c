import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import path from 'node:path'
import { loadOrCreate256BitKey } from './key-file'

const VERSION = 'v1'
const IV_BYTES = 12
const TAG_BYTES = 16

export interface FieldCipher {
  /**
   * AES-256-GCM with a fresh IV: `v1.<iv>.<ciphertext+tag>` (base64url). `context` (e.g. the
   * column and the owner's id) is authenticated, so a value copied to another row fails to decrypt.
   */
  encrypt(plain: string, context?: string): string
  /** Throws when the value was altered, made with another key, or for another context. */
  decrypt(sealed: string, context?: string): string
}

/** Field encryption for ID and bank-card numbers, key made at first start in `<keysDir>/field-aes256.key`. */
export function loadFieldCipher(keysDir: string): FieldCipher {
  const key = loadOrCreate256BitKey(path.join(keysDir, 'field-aes256.key'))

  return {
    encrypt(plain, context = '') {
      const iv = randomBytes(IV_BYTES)
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(context, 'utf8'))
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()])
      return [VERSION, iv.toString('base64url'), sealed.toString('base64url')].join('.')
    },
    decrypt(sealed, context = '') {
      const [version, ivText, bodyText, ...rest] = sealed.split('.')
      if (version !== VERSION || !ivText || !bodyText || rest.length) throw new Error('Not a sealed field value')
      const body = Buffer.from(bodyText, 'base64url')
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(ivText, 'base64url'))
        .setAAD(Buffer.from(context, 'utf8'))
        .setAuthTag(body.subarray(body.length - TAG_BYTES))
      return Buffer.concat([decipher.update(body.subarray(0, body.length - TAG_BYTES)), decipher.final()]).toString('utf8')
    },
  }
}
