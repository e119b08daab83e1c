import { z } from 'zod'
import { PUBLIC_KEY_CACHE_S } from '../constants'
import { defineCall } from './define'

/** Password transport: RSA-OAEP with SHA-256 (GUIDE §2); the key is cached PUBLIC_KEY_CACHE_S by the client. */
export const PASSWORD_CIPHER = 'RSA-OAEP-256' as const

export const PasswordPubKeySchema = z.object({
  /** SPKI PEM. */
  publicKey: z.string(),
  /** Changes when the key pair is replaced; sent back with ciphertexts. */
  keyId: z.string(),
  algorithm: z.literal(PASSWORD_CIPHER),
  cacheSeconds: z.literal(PUBLIC_KEY_CACHE_S),
})
export type PasswordPubKey = z.infer<typeof PasswordPubKeySchema>

export const getPasswordPubKey = defineCall({
  method: 'GET',
  path: '/user/api/login/getPasswordPubKey',
  summary: 'Public key the client encrypts passwords with (RSA-OAEP-SHA256)',
  tags: ['login'],
  access: 'public',
  response: PasswordPubKeySchema,
})
