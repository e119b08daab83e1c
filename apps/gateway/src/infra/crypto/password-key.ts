import { constants, createHash, createPrivateKey, createPublicKey, generateKeyPairSync, privateDecrypt } from 'node:crypto'
import path from 'node:path'
import { AppError } from '../../lib/app-error'
import { loadOrCreateKeyFile } from './key-file'

const MODULUS_BITS = 2048
const CIPHERTEXT_BYTES = MODULUS_BITS / 8

export interface PasswordKey {
  /** SPKI PEM handed to clients. */
  readonly publicKeyPem: string
  /** First 16 hex digits of the SHA-256 of the SPKI (DER): changes when the pair is replaced. */
  readonly keyId: string
  /** Decrypts an RSA-OAEP-SHA256 ciphertext (base64) to the UTF-8 password; BAD_REQUEST when it cannot. */
  decryptPassword(ciphertextBase64: string): string
  /**
   * Refuses a body sealed with another key (PASSWORD_KEY_CHANGED, so the client refetches the key
   * and seals again); a body without a keyId is left to decryption.
   */
  assertKeyId(keyId: string | undefined): void
}

/**
 * The RSA-2048 pair of password transport, made at first start in `<keysDir>/password-rsa.pem`.
 * Only OAEP with SHA-256 is accepted: PKCS#1 v1.5 is refused by Node 20 and must not be used.
 */
export function loadPasswordKey(keysDir: string): PasswordKey {
  const pem = loadOrCreateKeyFile(path.join(keysDir, 'password-rsa.pem'), () =>
    generateKeyPairSync('rsa', { modulusLength: MODULUS_BITS }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  )
  const privateKey = createPrivateKey(pem)
  const publicKey = createPublicKey(privateKey)
  const spki = publicKey.export({ type: 'spki', format: 'der' })
  const keyId = createHash('sha256').update(spki).digest('hex').slice(0, 16)

  return {
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    keyId,
    assertKeyId(sealedWith) {
      if (sealedWith !== undefined && sealedWith !== keyId) throw new AppError('PASSWORD_KEY_CHANGED')
    },
    decryptPassword(ciphertextBase64) {
      const ciphertext = Buffer.from(ciphertextBase64, 'base64')
      if (ciphertext.length !== CIPHERTEXT_BYTES) throw new AppError('BAD_REQUEST')
      try {
        const plain = privateDecrypt(
          { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
          ciphertext,
        )
        return new TextDecoder('utf-8', { fatal: true }).decode(plain)
      } catch (error) {
        throw new AppError('BAD_REQUEST', { cause: error })
      }
    },
  }
}
