import '../zod-config'
import { checkPhoneOfRegion, codeField, emailField, type RuleMessageKey } from '@ess/contract'
import { z } from 'zod'
import { matching, newPassword, phoneTarget } from '../auth/forms'

/**
 * The account security forms, from the contract's rules (SPEC §5) like the sign-in forms, so the
 * form and the gateway refuse the same input in the same words.
 */
const anyPassword = z.string({ error: 'password.required' }).min(1, { error: 'password.required' satisfies RuleMessageKey })

/** The identity check by a code sent to the user's own phone or email. */
export const identityCodeForm = z.object({ code: codeField })
export type IdentityCodeForm = z.input<typeof identityCodeForm>

/** The identity check by the current password (any password may be tried, as at sign-in). */
export const identityPasswordForm = z.object({ password: anyPassword })
export type IdentityPasswordForm = z.input<typeof identityPasswordForm>

/** A new password and its confirmation (inside the privileged window, or after recovery). */
export const newPasswordForm = z.object({ ...newPassword }).superRefine(matching)
export type NewPasswordForm = z.input<typeof newPasswordForm>

/** Outside the window: the current password, the new pair and a code to the user's own contact. */
export const changeWithCodeForm = z.object({ oldPassword: anyPassword, code: codeField, ...newPassword }).superRefine(matching)
export type ChangeWithCodeForm = z.input<typeof changeWithCodeForm>

/** A phone (with its region) and the code sent to it: recovery by phone, binding a phone. */
export const phoneCodeForm = z.object({ ...phoneTarget, code: codeField }).superRefine(checkPhoneOfRegion)
export type PhoneCodeForm = z.input<typeof phoneCodeForm>

/** An email and the code sent to it: recovery by email, binding an email. */
export const emailCodeForm = z.object({ email: emailField, code: codeField })
export type EmailCodeForm = z.input<typeof emailCodeForm>

/** Recovery by real name, last step: the code sent to the picked contact and the new pair. */
export const codeAndNewPasswordForm = z.object({ code: codeField, ...newPassword }).superRefine(matching)
export type CodeAndNewPasswordForm = z.input<typeof codeAndNewPasswordForm>
