import { z } from 'zod'
import { PUBLIC_KEY_CACHE_S } from '../constants'
import type { RuleMessageKey } from '../rule-messages'
import { defineCall } from './define'
import { PASSWORD_CIPHER, wire } from './wire'
import { agreementIdsField, captchaTokenField, checkPhoneOfRegion, codeField, passwordKeyIdField, phoneFields, sealedPasswordField } from './fields'

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
  ...wire.getPasswordPubKey,
  summary: 'Public key the client encrypts passwords with (RSA-OAEP-SHA256)',
  tags: ['login'],
  response: PasswordPubKeySchema,
})

export const LoginStateSchema = z.object({
  userId: z.string(),
  accessToken: z.string(),
  /** Empty after a quick login. */
  refreshToken: z.string(),
  /** Seconds the access token stays valid. */
  expiresIn: z.number().int(),
  /** Seconds the refresh token stays valid (0 when there is none). */
  refreshExpiresIn: z.number().int(),
})
export type LoginState = z.infer<typeof LoginStateSchema>

export const LoginByAccountBodySchema = z.object({
  /** A phone (mainland number, or +<dial code><number>), an email or a username. */
  account: z
    .string({ error: 'field.required' satisfies RuleMessageKey })
    .trim()
    .min(1, { error: 'field.required' satisfies RuleMessageKey })
    .max(254, { error: 'field.invalid' satisfies RuleMessageKey }),
  password: sealedPasswordField,
  keyId: passwordKeyIdField,
  captchaToken: captchaTokenField,
})

export const loginByAccount = defineCall({
  ...wire.loginByAccount,
  summary:
    'Password login by phone, email or username (needs a captcha token); repeated failures lock the account for a while',
  tags: ['login'],
  body: LoginByAccountBodySchema,
  response: LoginStateSchema,
})

export const LoginSignupByPhoneCodeBodySchema = z
  .object({
    ...phoneFields,
    code: codeField,
    /** Needed only when the phone has no account yet: the agreements of set 1 the user ticked. */
    agreementIds: agreementIdsField.optional(),
  })
  .superRefine(checkPhoneOfRegion)

export const LoginSignupResultSchema = LoginStateSchema.extend({
  /** True when this call created the account. */
  created: z.boolean(),
})
export type LoginSignupResult = z.infer<typeof LoginSignupResultSchema>

export const loginSignupByPhoneCode = defineCall({
  ...wire.loginSignupByPhoneCode,
  summary: 'Logs in with an SMS code (scene login), creating the account of a new phone (then the agreements are required)',
  tags: ['login'],
  body: LoginSignupByPhoneCodeBodySchema,
  response: LoginSignupResultSchema,
})

export const RefreshTokenBodySchema = z.object({
  refreshToken: z.string({ error: 'field.required' satisfies RuleMessageKey }).min(1).max(128),
})

export const refreshToken = defineCall({
  ...wire.refreshToken,
  summary: 'A new token pair for a refresh token (rotated: a refresh token reused ends its whole login)',
  tags: ['login'],
  body: RefreshTokenBodySchema,
  response: LoginStateSchema,
})
