import { z } from 'zod'
import { PasswordPubKeySchema } from '../calls/login'
import { passwordKeyIdField, sealedPasswordField } from '../calls/fields'
import { LOCALES } from '../locale'
import { rules } from '../rule-schemas'
import type { RuleMessageKey } from '../rule-messages'
import { CONSOLE_RECOVERY_CODE_COUNT, CONSOLE_ROLES, OPERATOR_PASSWORD_MIN_LENGTH } from './access'
import { defineConsoleCall } from './define'

/**
 * The operators' sign-in and own security (console-design.md). Sign-in is two steps: the password
 * step answers a short-lived single-use challenge (not a session), which one second factor (TOTP,
 * a recovery code or a passkey) turns into the session cookie. The session's CSRF token comes in
 * the answer and from `me`; every state-changing console call carries it in `x-csrf-token`.
 */

const TAGS = ['console-auth']

/** Operators' passwords, checked on the server after decryption: the SPEC §5 rule and 12 characters at least. */
export const operatorPasswordRule = rules.password.min(OPERATOR_PASSWORD_MIN_LENGTH, {
  error: 'password.operatorTooShort' satisfies RuleMessageKey,
})

const emailField = z
  .string({ error: 'field.required' satisfies RuleMessageKey })
  .trim()
  .toLowerCase()
  .min(3, { error: 'field.required' satisfies RuleMessageKey })
  .max(254, { error: 'email.invalid' satisfies RuleMessageKey })
  .pipe(z.email({ error: 'email.invalid' satisfies RuleMessageKey }))

/** The single-use token of the password step (opaque, CONSOLE_CHALLENGE_MS). */
const challengeField = z
  .string({ error: 'field.required' satisfies RuleMessageKey })
  .regex(/^[A-Za-z0-9_-]{16,128}$/, { error: 'field.invalid' satisfies RuleMessageKey })

/** A TOTP code: six digits. */
export const totpCodeField = z
  .string({ error: 'field.required' satisfies RuleMessageKey })
  .trim()
  .regex(/^\d{6}$/, { error: 'code.invalid' satisfies RuleMessageKey })

/** A recovery code as handed out (`xxxxx-xxxxx`); case, spaces and the hyphen do not matter. */
export const recoveryCodeField = z
  .string({ error: 'field.required' satisfies RuleMessageKey })
  .transform((value) => value.replace(/[\s-]/g, '').toLowerCase())
  .pipe(z.string().regex(/^[a-z0-9]{10}$/, { error: 'field.invalid' satisfies RuleMessageKey }))

/**
 * A WebAuthn JSON as @simplewebauthn/browser hands it (startAuthentication / startRegistration);
 * the gateway's @simplewebauthn/server checks every field of it.
 */
export const WebAuthnResponseSchema = z
  .object({
    id: z.string().max(1024),
    rawId: z.string().max(1024),
    type: z.literal('public-key'),
    response: z.record(z.string(), z.unknown()),
    clientExtensionResults: z.record(z.string(), z.unknown()).optional(),
    authenticatorAttachment: z.string().optional(),
  })
  .loose()
export type WebAuthnResponse = z.infer<typeof WebAuthnResponseSchema>

/** WebAuthn options for @simplewebauthn/browser's startAuthentication / startRegistration (`optionsJSON`). */
export const WebAuthnOptionsSchema = z.object({ challenge: z.string() }).loose()

export const CONSOLE_FACTORS = ['totp', 'recovery', 'passkey'] as const
export type ConsoleFactor = (typeof CONSOLE_FACTORS)[number]

export const ConsoleOperatorSchema = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string(),
  roles: z.array(z.enum(CONSOLE_ROLES)),
  locale: z.enum(LOCALES),
})
export type ConsoleOperator = z.infer<typeof ConsoleOperatorSchema>

export const ConsoleSessionTimesSchema = z.object({
  id: z.string(),
  /** When the session ends unless another call comes first (30 minutes after the last one). */
  idleExpiresAt: z.iso.datetime(),
  /** When the session ends whatever happens (12 hours after the sign-in). */
  expiresAt: z.iso.datetime(),
})

export const ConsoleSignedInSchema = z.object({
  operator: ConsoleOperatorSchema,
  /** Send it as `x-csrf-token` on every POST, PUT, PATCH and DELETE of this session. */
  csrfToken: z.string(),
  session: ConsoleSessionTimesSchema,
})
export type ConsoleSignedIn = z.infer<typeof ConsoleSignedInSchema>

export const getConsolePublicKey = defineConsoleCall({
  method: 'GET',
  path: '/console/auth/public-key',
  summary: 'Public key the console encrypts passwords with (RSA-OAEP-SHA256; the same key pair as the portal)',
  tags: TAGS,
  access: 'public',
  response: PasswordPubKeySchema,
})

export const ConsolePasswordBodySchema = z.object({ email: emailField, password: sealedPasswordField, keyId: passwordKeyIdField })
export const ConsoleChallengeSchema = z.object({
  challenge: z.string(),
  /** The second factors this operator can use now (passkey only when one is registered). */
  factors: z.array(z.enum(CONSOLE_FACTORS)),
  expiresAt: z.iso.datetime(),
})

export const consoleSignInPassword = defineConsoleCall({
  method: 'POST',
  path: '/console/auth/password',
  summary: 'Sign-in, step 1: email and password; answers a single-use 5-minute challenge for the second factor (not a session). Wrong email or password answer alike; repeated failures lock the operator',
  tags: TAGS,
  access: 'public',
  body: ConsolePasswordBodySchema,
  response: ConsoleChallengeSchema,
})

export const consoleSignInTotp = defineConsoleCall({
  method: 'POST',
  path: '/console/auth/totp',
  summary: 'Sign-in, step 2: a TOTP code (a code already used in its window is refused); sets the session cookie',
  tags: TAGS,
  access: 'public',
  body: z.object({ challenge: challengeField, code: totpCodeField }),
  response: ConsoleSignedInSchema,
})

export const consoleSignInRecovery = defineConsoleCall({
  method: 'POST',
  path: '/console/auth/recovery',
  summary: 'Sign-in, step 2: one of the recovery codes (used up); sets the session cookie',
  tags: TAGS,
  access: 'public',
  body: z.object({ challenge: challengeField, code: recoveryCodeField }),
  response: ConsoleSignedInSchema,
})

export const consoleSignInPasskeyOptions = defineConsoleCall({
  method: 'POST',
  path: '/console/auth/passkey/options',
  summary: "Sign-in, step 2 with a passkey: the WebAuthn authentication options for the challenge's operator",
  tags: TAGS,
  access: 'public',
  body: z.object({ challenge: challengeField }),
  response: WebAuthnOptionsSchema,
})

export const consoleSignInPasskey = defineConsoleCall({
  method: 'POST',
  path: '/console/auth/passkey',
  summary: 'Sign-in, step 2: the passkey assertion for the options; sets the session cookie',
  tags: TAGS,
  access: 'public',
  body: z.object({ challenge: challengeField, response: WebAuthnResponseSchema }),
  response: ConsoleSignedInSchema,
})

export const ConsoleMeSchema = ConsoleSignedInSchema.extend({
  /** Until when sensitive actions are allowed without the second factor again; null when not stepped up. */
  stepUpUntil: z.iso.datetime().nullable(),
})

export const consoleMe = defineConsoleCall({
  method: 'GET',
  path: '/console/auth/me',
  summary: 'The signed-in operator, the CSRF token and the times of the session (each call keeps it alive)',
  tags: TAGS,
  access: { resource: 'account', action: 'show' },
  response: ConsoleMeSchema,
})

export const ConsoleStepUpBodySchema = z.union([
  z.object({ code: totpCodeField }),
  z.object({ passkey: WebAuthnResponseSchema }),
])

export const consoleStepUpOptions = defineConsoleCall({
  method: 'POST',
  path: '/console/auth/step-up/options',
  summary: 'WebAuthn options for a step-up with a passkey',
  tags: TAGS,
  access: { resource: 'account', action: 'edit' },
  response: WebAuthnOptionsSchema,
})

export const consoleStepUp = defineConsoleCall({
  method: 'POST',
  path: '/console/auth/step-up',
  summary: 'The second factor again (TOTP code or passkey): sensitive actions are allowed for 5 minutes (otherwise 403 STEP_UP_REQUIRED)',
  tags: TAGS,
  access: { resource: 'account', action: 'edit' },
  body: ConsoleStepUpBodySchema,
  response: z.object({ stepUpUntil: z.iso.datetime() }),
})

export const consoleSignOut = defineConsoleCall({
  method: 'POST',
  path: '/console/auth/sign-out',
  summary: 'Ends this session and clears its cookie',
  tags: TAGS,
  access: { resource: 'account', action: 'edit' },
  response: z.object({ signedOut: z.literal(true) }),
})

export const ConsoleSessionItemSchema = ConsoleSessionTimesSchema.extend({
  createdAt: z.iso.datetime(),
  lastSeenAt: z.iso.datetime(),
  ip: z.string(),
  userAgent: z.string(),
  /** The session of this call. */
  current: z.boolean(),
})

export const consoleSessions = defineConsoleCall({
  method: 'GET',
  path: '/console/auth/sessions',
  summary: "The operator's own live sessions",
  tags: TAGS,
  access: { resource: 'account', action: 'show' },
  response: z.object({ items: z.array(ConsoleSessionItemSchema) }),
})

export const ConsoleIdParamsSchema = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'field.invalid' satisfies RuleMessageKey }) })

export const consoleRevokeSession = defineConsoleCall({
  method: 'DELETE',
  path: '/console/auth/sessions/:id',
  summary: 'Ends one of the operator\'s own sessions',
  tags: TAGS,
  access: { resource: 'account', action: 'edit' },
  params: ConsoleIdParamsSchema,
  response: z.object({ revoked: z.literal(true) }),
})

export const ConsolePasskeySchema = z.object({ id: z.string(), name: z.string(), createdAt: z.iso.datetime(), lastUsedAt: z.iso.datetime().nullable() })

export const consolePasskeys = defineConsoleCall({
  method: 'GET',
  path: '/console/auth/passkeys',
  summary: "The operator's own passkeys",
  tags: TAGS,
  access: { resource: 'account', action: 'show' },
  response: z.object({ items: z.array(ConsolePasskeySchema) }),
})

export const consolePasskeyRegistrationOptions = defineConsoleCall({
  method: 'POST',
  path: '/console/auth/passkeys/registration-options',
  summary: 'WebAuthn registration options for a new passkey of the operator (step-up)',
  tags: TAGS,
  access: { resource: 'account', action: 'create' },
  response: WebAuthnOptionsSchema,
})

export const consoleRegisterPasskey = defineConsoleCall({
  method: 'POST',
  path: '/console/auth/passkeys',
  summary: 'Registers the passkey made for the registration options (step-up)',
  tags: TAGS,
  access: { resource: 'account', action: 'create' },
  body: z.object({ response: WebAuthnResponseSchema, name: z.string().trim().min(1).max(64).optional() }),
  response: ConsolePasskeySchema,
})

export const RecoveryCodesSchema = z.object({
  /** Shown once; each signs in once in place of a TOTP code. */
  recoveryCodes: z.array(z.string()).length(CONSOLE_RECOVERY_CODE_COUNT),
})

export const consoleRegenerateRecoveryCodes = defineConsoleCall({
  method: 'POST',
  path: '/console/auth/recovery-codes',
  summary: 'Replaces the recovery codes with 10 new ones, shown once (step-up)',
  tags: TAGS,
  access: { resource: 'account', action: 'create' },
  response: RecoveryCodesSchema,
})

export const consolePasswordChange = defineConsoleCall({
  method: 'POST',
  path: '/console/auth/password-change',
  summary: "Changes the operator's password (the current one required); ends the operator's other sessions",
  tags: TAGS,
  access: { resource: 'account', action: 'edit' },
  body: z.object({ currentPassword: sealedPasswordField, newPassword: sealedPasswordField, keyId: passwordKeyIdField }),
  response: z.object({ changed: z.literal(true), otherSessionsEnded: z.number().int() }),
})

export const EnrollmentParamsSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{32,128}$/, { error: 'field.invalid' satisfies RuleMessageKey }),
})

export const consoleEnrollment = defineConsoleCall({
  method: 'GET',
  path: '/console/auth/enrollment/:token',
  summary: 'An enrollment link (24 h, once): the email and the TOTP secret to add to an authenticator app',
  tags: TAGS,
  access: 'public',
  params: EnrollmentParamsSchema,
  response: z.object({ email: z.string(), totpUri: z.string(), totpSecret: z.string() }),
})

export const consoleEnroll = defineConsoleCall({
  method: 'POST',
  path: '/console/auth/enrollment/:token',
  summary: 'Completes an enrollment: sets the password and proves the authenticator with a TOTP code; answers the 10 recovery codes once',
  tags: TAGS,
  access: 'public',
  params: EnrollmentParamsSchema,
  body: z.object({ password: sealedPasswordField, keyId: passwordKeyIdField, totpCode: totpCodeField }),
  response: RecoveryCodesSchema,
})

/** The console's auth calls, for the gateway's registration and the route matrix test. */
export const consoleAuthCalls = {
  getConsolePublicKey,
  consoleSignInPassword,
  consoleSignInTotp,
  consoleSignInRecovery,
  consoleSignInPasskeyOptions,
  consoleSignInPasskey,
  consoleMe,
  consoleStepUpOptions,
  consoleStepUp,
  consoleSignOut,
  consoleSessions,
  consoleRevokeSession,
  consolePasskeys,
  consolePasskeyRegistrationOptions,
  consoleRegisterPasskey,
  consoleRegenerateRecoveryCodes,
  consolePasswordChange,
  consoleEnrollment,
  consoleEnroll,
} as const
