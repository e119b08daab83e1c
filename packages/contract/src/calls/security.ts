import { z } from 'zod'
import type { RuleMessageKey } from '../rule-messages'
import { defineCall } from './define'
import { CertificationCheckBodySchema, personNameField, idNumberField } from './certification'
import { CANCELLATION_LOSSES, DEVICE_TYPES, IDENTITY_METHODS, SECURITY_EVENT_TYPES, wire } from './wire'
import { agreementIdsField, captchaTokenField, checkPhoneOfRegion, codeField, emailField, passwordKeyIdField, phoneFields, sealedPasswordField } from './fields'
import { SessionsEndedSchema, UserInfoSchema } from './user'
import { CodeSentSchema } from './verify'
import { AppAgreementSchema } from './agreement'

/**
 * Account security (SPEC §1, §2 safety package, §5, §6): the identity check, the password, the
 * phone and email, and the devices of an account.
 *
 * The identity check. `security/methods` lists the ways the account can prove who it is (only the
 * ones it has: no phone → no SMS, never verified → no ID number or bank card). One of them passed —
 * `validUserPassword`, `validOldPhoneCheckPassCode`, `validOldEmailCheckPassCode` (codes sent by
 * `sendPhonePassCode`/`sendEmailPassCode`, scene `verifyIdentity`), `security/validIdentityByRealName`
 * (against the user's own real-name record) — opens a privileged window of PRIVILEGED_WINDOW_S bound
 * to this login. Password changes, phone and email binding, unbinding and cancellation answer
 * IDENTITY_CHECK_REQUIRED outside it. Failed checks count toward IDENTITY_CHECK_DAILY_FAILURES;
 * a wrong password also toward the sign-in lockout.
 *
 * Recovery (logged out). A code of scene `resetPassword` (sent by `verify/sendPhoneCode` or
 * `verify/sendEmailCode`, which answer the same for a phone or email no account holds: the code
 * simply never arrives) or a real-name match gives a single-use reset ticket (RESET_TICKET_TTL_S).
 *
 * Every new password obeys SPEC §5 and is refused when it is the current one, one of the last
 * PASSWORD_HISTORY_SIZE, contains the phone, username or email local part, or is on the common
 * passwords list. A change or reset ends every other login and notifies the bound phone and email.
 */

export const IdentityPassSchema = z.object({
  method: z.enum(IDENTITY_METHODS),
  /** Seconds the privileged window stays open. */
  expiresIn: z.number().int(),
})
export type IdentityPass = z.infer<typeof IdentityPassSchema>

export const IdentityMethodsSchema = z.object({
  /** The ways this account can verify, each with where a code would go (masked) for sms and email. */
  methods: z.array(z.object({ method: z.enum(IDENTITY_METHODS), target: z.string().nullable() })),
  /** The open privileged window of this login, if any. */
  privileged: IdentityPassSchema.nullable(),
  hasPhone: z.boolean(),
  hasEmail: z.boolean(),
  hasPassword: z.boolean(),
})
export type IdentityMethods = z.infer<typeof IdentityMethodsSchema>

export const securityMethods = defineCall({
  ...wire.securityMethods,
  summary: 'The ways the logged-in user can verify their identity, and the open privileged window',
  tags: ['security'],
  response: IdentityMethodsSchema,
})

export const ValidUserPasswordBodySchema = z.object({ password: sealedPasswordField, keyId: passwordKeyIdField })

export const validUserPassword = defineCall({
  ...wire.validUserPassword,
  summary: 'Identity check by the current password (sealed like sign-in); failures count toward the sign-in lockout',
  tags: ['security'],
  body: ValidUserPasswordBodySchema,
  response: IdentityPassSchema,
})

export const PassCodeQuerySchema = z.object({ passCode: codeField })

export const validOldPhoneCheckPassCode = defineCall({
  ...wire.validOldPhoneCheckPassCode,
  summary: 'Identity check by the code sent to the bound phone (sendPhonePassCode, scene verifyIdentity)',
  tags: ['security'],
  query: PassCodeQuerySchema,
  response: IdentityPassSchema,
})

export const validOldEmailCheckPassCode = defineCall({
  ...wire.validOldEmailCheckPassCode,
  summary: 'Identity check by the code sent to the bound email (sendEmailPassCode, scene verifyIdentity)',
  tags: ['security'],
  query: PassCodeQuerySchema,
  response: IdentityPassSchema,
})

export const validIdentityByRealName = defineCall({
  ...wire.validIdentityByRealName,
  summary: "Identity check by real name + ID number, or bank card, against the user's own real-name record",
  tags: ['security'],
  body: CertificationCheckBodySchema,
  response: IdentityPassSchema,
})

/** A new password and its confirmation, each sealed with the password key. */
const newPasswordFields = {
  password: sealedPasswordField,
  confirmPassword: sealedPasswordField,
  keyId: passwordKeyIdField,
}

export const PasswordChangedSchema = z.object({
  /** How many other logins were ended. */
  sessionsEnded: z.number().int(),
})
export type PasswordChanged = z.infer<typeof PasswordChangedSchema>

/**
 * Inside the privileged window only the new password is needed. Outside it, the current password
 * and a code sent to the user's own phone (or email, `passCodeChannel`) by `sendPhonePassCode`
 * with scene `updatePassword` — both checked, the SPEC's update-password screen.
 */
export const UpdateUserPasswordBodySchema = z.object({
  oldPassword: sealedPasswordField.optional(),
  passCode: codeField.optional(),
  passCodeChannel: z.enum(['sms', 'email'], { error: 'field.invalid' satisfies RuleMessageKey }).default('sms'),
  ...newPasswordFields,
})

export const updateUserPassword = defineCall({
  ...wire.updateUserPassword,
  summary: 'Changes the password (privileged window, or current password + code); ends every other login',
  tags: ['security'],
  body: UpdateUserPasswordBodySchema,
  response: PasswordChangedSchema,
})

/** Where a recovery code went: a phone with its region, or an email; with the code received. */
export const ValidResetPasswordPassCodeBodySchema = z.discriminatedUnion(
  'channel',
  [
    z.object({ channel: z.literal('sms'), ...phoneFields, code: codeField }).superRefine(checkPhoneOfRegion),
    z.object({ channel: z.literal('email'), email: emailField, code: codeField }),
  ],
  { error: 'field.invalid' satisfies RuleMessageKey },
)

/** An account as a stranger who proved one of its contacts may see it: masked. */
export const AccountSummarySchema = z.object({
  phone: z.string().nullable(),
  email: z.string().nullable(),
  username: z.string().nullable(),
})
export type AccountSummary = z.infer<typeof AccountSummarySchema>

export const ResetTicketSchema = z.object({
  resetTicket: z.string(),
  expiresIn: z.number().int(),
  account: AccountSummarySchema,
})
export type ResetTicket = z.infer<typeof ResetTicketSchema>

export const validResetPasswordPassCode = defineCall({
  ...wire.validResetPasswordPassCode,
  summary: 'Password recovery: the code of scene resetPassword sent to a phone or email → a single-use reset ticket',
  tags: ['security'],
  body: ValidResetPasswordPassCodeBodySchema,
  response: ResetTicketSchema,
})

const ticketField = z
  .string({ error: 'field.required' satisfies RuleMessageKey })
  .regex(/^[A-Za-z0-9_-]{16,128}$/, { error: 'field.invalid' satisfies RuleMessageKey })

export const ResetPasswordByContactBodySchema = z.object({ resetTicket: ticketField, ...newPasswordFields })

export const resetPasswordByContact = defineCall({
  ...wire.resetPasswordByContact,
  summary: 'Password recovery: sets the new password with a reset ticket; ends every login of the account',
  tags: ['security'],
  body: ResetPasswordByContactBodySchema,
  response: PasswordChangedSchema,
})

export const ValidCertificationUserBodySchema = z.object({ name: personNameField, idNo: idNumberField, captchaToken: captchaTokenField })

export const CertifiedAccountsSchema = z.object({
  /** Single use by `pickCertificationUser` and `resetPasswordByIdNo`, valid RESET_TICKET_TTL_S. */
  pickToken: z.string(),
  expiresIn: z.number().int(),
  accounts: z.array(
    AccountSummarySchema.extend({
      /** Opaque reference of the account for `pickCertificationUser`. */
      accountRef: z.string(),
    }),
  ),
})
export type CertifiedAccounts = z.infer<typeof CertifiedAccountsSchema>

export const validCertificationUser = defineCall({
  ...wire.validCertificationUser,
  summary: 'Password recovery by real name: name + ID number (and a captcha token) → the verified account(s), masked',
  tags: ['security'],
  body: ValidCertificationUserBodySchema,
  response: CertifiedAccountsSchema,
})

export const PickCertificationUserBodySchema = z.object({
  pickToken: ticketField,
  accountRef: ticketField,
  channel: z.enum(['sms', 'email'], { error: 'field.invalid' satisfies RuleMessageKey }),
})

export const pickCertificationUser = defineCall({
  ...wire.pickCertificationUser,
  summary: 'Password recovery by real name: sends a code to a contact of the account picked',
  tags: ['security'],
  body: PickCertificationUserBodySchema,
  response: CodeSentSchema,
})

export const ResetPasswordByIdNoBodySchema = z.object({ pickToken: ticketField, code: codeField, ...newPasswordFields })

export const resetPasswordByIdNo = defineCall({
  ...wire.resetPasswordByIdNo,
  summary: 'Password recovery by real name: the code sent to the picked contact and the new password',
  tags: ['security'],
  body: ResetPasswordByIdNoBodySchema,
  response: PasswordChangedSchema,
})

/** The new phone and the code of scene `bind` sent to it (`verify/sendPhoneCode`). */
export const BindPhoneBodySchema = z.object({ ...phoneFields, code: codeField }).superRefine(checkPhoneOfRegion)
/** The new email and the code of scene `bind` sent to it (`verify/sendEmailCode`). */
export const BindEmailBodySchema = z.object({ email: emailField, code: codeField })

export const bindOrChangePhone = defineCall({
  ...wire.bindOrChangePhone,
  summary: 'Binds a phone, or replaces the bound one (privileged window; code sent to the new phone); notifies the old one',
  tags: ['security'],
  body: BindPhoneBodySchema,
  response: UserInfoSchema,
})

export const changePhone = defineCall({
  ...wire.changePhone,
  summary: 'Replaces the bound phone (privileged window; code sent to the new phone); notifies the old one',
  tags: ['security'],
  body: BindPhoneBodySchema,
  response: UserInfoSchema,
})

export const bindOrChangeEmail = defineCall({
  ...wire.bindOrChangeEmail,
  summary: 'Binds an email, or replaces the bound one (privileged window; code sent to the new email); notifies the old one',
  tags: ['security'],
  body: BindEmailBodySchema,
  response: UserInfoSchema,
})

export const changeEmail = defineCall({
  ...wire.changeEmail,
  summary: 'Replaces the bound email (privileged window; code sent to the new email); notifies the old one',
  tags: ['security'],
  body: BindEmailBodySchema,
  response: UserInfoSchema,
})

export const UnbindContactBodySchema = z.object({ channel: z.enum(['sms', 'email'], { error: 'field.invalid' satisfies RuleMessageKey }) })

export const unbindContact = defineCall({
  ...wire.unbindContact,
  summary: 'Removes the bound phone or email (privileged window); refused when it is the last way to sign in',
  tags: ['security'],
  body: UnbindContactBodySchema,
  response: UserInfoSchema,
})

/** Where and how a login or event happened, as far as the gateway can tell. */
const DeviceFields = {
  /** The `_c` client type (h5, weapp, ios, android, or an outer client id). */
  client: z.string(),
  deviceType: z.enum(DEVICE_TYPES),
  /** e.g. "iPhone", "HUAWEI P60", "Windows"; null when unknown. */
  deviceName: z.string().nullable(),
  /** e.g. "Chrome 131", "WeChat 8.0"; null when unknown. */
  browser: z.string().nullable(),
  /** The network address, masked (203.0.113.*). */
  ip: z.string(),
  /** Approximate place of the address in the caller's language; null when unknown. */
  place: z.string().nullable(),
}

export const DeviceSessionSchema = z.object({
  /** The login (session family) id, for `security/revokeSession`. */
  sessionId: z.string(),
  current: z.boolean(),
  ...DeviceFields,
  /** ISO times. */
  signedInAt: z.string(),
  lastActiveAt: z.string(),
})
export type DeviceSession = z.infer<typeof DeviceSessionSchema>

export const SecurityEventSchema = z.object({
  type: z.enum(SECURITY_EVENT_TYPES),
  /** ISO time. */
  at: z.string(),
  ...DeviceFields,
})
export type SecurityEvent = z.infer<typeof SecurityEventSchema>

export const SecurityActivitySchema = z.object({
  /** The live logins, this one first. */
  sessions: z.array(DeviceSessionSchema),
  /** Sign-ins and security events of the last SECURITY_HISTORY_DAYS, newest first. */
  events: z.array(SecurityEventSchema),
})
export type SecurityActivity = z.infer<typeof SecurityActivitySchema>

export const securityActivity = defineCall({
  ...wire.securityActivity,
  summary: 'Devices signed in and the sign-ins and security events of the last 30 days',
  tags: ['security'],
  response: SecurityActivitySchema,
})

export const RevokeSessionBodySchema = z.object({
  sessionId: z.string().uuid({ error: 'field.invalid' satisfies RuleMessageKey }),
})

export const revokeSession = defineCall({
  ...wire.revokeSession,
  summary: 'Signs one other device out (its login ends; its tokens answer 401)',
  tags: ['security'],
  body: RevokeSessionBodySchema,
  response: SessionsEndedSchema,
})

export const revokeOtherSessions = defineCall({
  ...wire.revokeOtherSessions,
  summary: 'Signs every other device out; this one stays signed in',
  tags: ['security'],
  response: SessionsEndedSchema,
})

/**
 * Account cancellation (SPEC §1: irreversible). `cancellationInfo` is the checklist: what is lost,
 * what the account holds now, the cancellation agreement (set 2) and the hotline. `cancelAccount`
 * needs the privileged window and the current cancellation agreement ticked; in one transaction it
 * ends every login and deletes the account with everything personal it holds, keeping only a
 * record without personal data. The phone, email and username can then register again.
 */
export const CancellationInfoSchema = z.object({
  losses: z.array(z.enum(CANCELLATION_LOSSES)),
  /** What the account holds now, masked, so the user sees what goes. */
  phone: z.string().nullable(),
  email: z.string().nullable(),
  username: z.string().nullable(),
  realNameLinked: z.boolean(),
  /** The current cancellation agreement(s) to tick (getAppAgreements type 2). */
  agreements: z.array(AppAgreementSchema),
  /** The cancellation hotline (SPEC §9). */
  hotline: z.string(),
  /** The open privileged window, if any (the identity check is the first condition). */
  privileged: IdentityPassSchema.nullable(),
})
export type CancellationInfo = z.infer<typeof CancellationInfoSchema>

export const cancellationInfo = defineCall({
  ...wire.cancellationInfo,
  summary: 'The cancellation checklist: what is deleted, what the account holds, the agreement to tick, the hotline',
  tags: ['security'],
  response: CancellationInfoSchema,
})

export const CancelAccountBodySchema = z.object({
  /** The current cancellation agreement's `agreementId` (getAppAgreements type 2), ticked. */
  agreementIds: agreementIdsField.min(1, { error: 'agreement.required' satisfies RuleMessageKey }),
})

export const CancelledSchema = z.object({
  /** ISO time the account ended. */
  cancelledAt: z.string(),
})

export const cancelAccount = defineCall({
  ...wire.cancelAccount,
  summary: 'Cancels the account for good (privileged window + the cancellation agreement ticked); every login ends',
  tags: ['security'],
  body: CancelAccountBodySchema,
  response: CancelledSchema,
})
