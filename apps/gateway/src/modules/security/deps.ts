import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../../db/client'
import type { FieldCipher } from '../../infra/crypto/field-cipher'
import type { HmacKey } from '../../infra/crypto/hmac-key'
import type { PasswordKey } from '../../infra/crypto/password-key'
import type { Kv } from '../../infra/kv'
import type { Notifier } from '../../infra/notifier'

export interface SecurityDeps {
  db: Database
  kv: Kv
  now: () => Date
  hmacKey: HmacKey
  passwordKey: PasswordKey
  fieldCipher: FieldCipher
  notifier: Notifier
  log: FastifyBaseLogger
  /** The hotline named in security notices. */
  servicePhone: string
  /** Seconds before a destination may get another code (CODE_RESEND_SECONDS). */
  codeResendSeconds: number
}
