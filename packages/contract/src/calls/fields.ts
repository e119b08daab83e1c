import { z } from 'zod'
import { rules } from '../rule-schemas'
import type { RuleMessageKey } from '../rule-messages'
import { DEFAULT_PHONE_REGION, INTERNATIONAL_MOBILE } from './wire'

/**
 * Request fields shared by the sign-in, registration and verification calls. Every issue message
 * is a rule message key, so the portal's forms and the gateway's refusals say the same words.
 */

const internationalMobile = z
  .string({ error: 'mobile.required' satisfies RuleMessageKey })
  .min(1, { error: 'mobile.required' satisfies RuleMessageKey })
  .regex(INTERNATIONAL_MOBILE, { error: 'mobile.invalid' satisfies RuleMessageKey })

export const phoneRegionField = z
  .string()
  .regex(/^[A-Z]{2}$/, { error: 'field.invalid' satisfies RuleMessageKey })
  .default(DEFAULT_PHONE_REGION)

/** A phone with its region: mainland numbers follow the SPEC §5 mobile rule, others 4-14 digits. */
export const phoneFields = {
  region: phoneRegionField,
  phone: z.string({ error: 'mobile.required' satisfies RuleMessageKey }),
}

/** Checks `phone` by the rule of its region (a refinement of an object holding `phoneFields`). */
export function checkPhoneOfRegion(value: { region: string; phone: string }, ctx: z.RefinementCtx) {
  const rule = value.region === DEFAULT_PHONE_REGION ? rules.mobile : internationalMobile
  const result = rule.safeParse(value.phone)
  if (!result.success) ctx.addIssue({ code: 'custom', path: ['phone'], message: result.error.issues[0].message })
}

/** Email, trimmed; the gateway compares addresses in lower case. */
export const emailField = z.string({ error: 'field.required' satisfies RuleMessageKey }).trim().max(254, { error: 'email.invalid' }).pipe(rules.email)

/** Six-digit code from SMS or email. */
export const codeField = rules.verificationCode

/**
 * A password sealed with the key of `login/getPasswordPubKey`: base64 of its RSA-OAEP-SHA256
 * ciphertext (344 characters with the 2048-bit key). The gateway decrypts it and checks the
 * password rule again.
 */
export const sealedPasswordField = z
  .string({ error: 'password.required' satisfies RuleMessageKey })
  .min(1, { error: 'password.required' satisfies RuleMessageKey })
  .max(1024, { error: 'field.invalid' satisfies RuleMessageKey })
  .regex(/^[A-Za-z0-9+/]+={0,2}$/, { error: 'field.invalid' satisfies RuleMessageKey })

/**
 * The `keyId` of the public key the passwords of a body were sealed with (from
 * `login/getPasswordPubKey`). When the gateway's key pair has been replaced meanwhile, the call
 * answers PASSWORD_KEY_CHANGED and the client fetches the new key and seals again. Optional for
 * older clients: without it a ciphertext of a replaced key simply fails to decrypt (400).
 */
export const passwordKeyIdField = z
  .string()
  .regex(/^[0-9a-f]{16}$/, { error: 'field.invalid' satisfies RuleMessageKey })
  .optional()

/** The token `verify/checkCaptcha` hands out for a solved puzzle (single use, short-lived). */
export const captchaTokenField = z
  .string({ error: 'field.required' satisfies RuleMessageKey })
  .min(1, { error: 'field.required' satisfies RuleMessageKey })
  .max(128, { error: 'field.invalid' satisfies RuleMessageKey })

/** The `agreementId`s (of `agreement/getAppAgreements`) of the agreements the user ticked. */
export const agreementIdsField = z
  .array(z.string().regex(/^\d{1,12}$/, { error: 'field.invalid' satisfies RuleMessageKey }), {
    error: 'agreement.required' satisfies RuleMessageKey,
  })
  .max(20, { error: 'field.invalid' satisfies RuleMessageKey })
