import '../zod-config'
import {
  DEFAULT_PHONE_REGION,
  checkPhoneOfRegion,
  codeField,
  emailField,
  rules,
  type RuleMessageKey,
} from '@ess/contract'
import { z } from 'zod'

// Without zod (../forms/messages.ts); here too for the screens that import their schemas directly.
export { fieldMessage } from '../forms/messages'

/**
 * The sign-in and registration forms, built from the contract's rules (SPEC §5) so the messages
 * are the rule message keys the gateway uses too. The screens validate with these through
 * react-hook-form's zod resolver and show `fieldMessage(key, locale)` inline; the sign-in and
 * registration screens load them after their first paint (../forms/lazy.ts).
 */
const agreed = z.boolean().refine((v) => v, { error: 'agreement.required' satisfies RuleMessageKey })
const required = (key: RuleMessageKey = 'field.required') => z.string({ error: key }).trim().min(1, { error: key })

export const passwordLoginForm = z.object({
  account: required(),
  // Any password may be tried at login (older ones may predate today's rule); only not empty.
  password: z.string({ error: 'password.required' }).min(1, { error: 'password.required' satisfies RuleMessageKey }),
  agreed,
})
export type PasswordLoginForm = z.infer<typeof passwordLoginForm>

export const phoneTarget = { region: z.string().default(DEFAULT_PHONE_REGION), phone: z.string() }

/** Just the phone (to ask for a code before the rest of the form is filled in). */
export const phoneForm = z.object(phoneTarget).superRefine(checkPhoneOfRegion)
export const emailForm = z.object({ email: emailField })

export const codeLoginForm = z.object({ ...phoneTarget, code: codeField, agreed }).superRefine(checkPhoneOfRegion)
export type CodeLoginForm = z.input<typeof codeLoginForm>

export const newPassword = {
  password: rules.password,
  confirmPassword: z.string({ error: 'password.required' }).min(1, { error: 'password.required' satisfies RuleMessageKey }),
}
export const matching = <T extends { password: string; confirmPassword: string }>(v: T, ctx: z.RefinementCtx) => {
  if (v.confirmPassword && v.password !== v.confirmPassword) {
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'password.mismatch' satisfies RuleMessageKey })
  }
}

export const registerPhoneForm = z
  .object({ ...phoneTarget, code: codeField, ...newPassword, agreed })
  .superRefine((v, ctx) => {
    checkPhoneOfRegion(v, ctx)
    matching(v, ctx)
  })
export type RegisterPhoneForm = z.input<typeof registerPhoneForm>

export const registerEmailForm = z.object({ email: emailField, code: codeField, ...newPassword, agreed }).superRefine(matching)
export type RegisterEmailForm = z.input<typeof registerEmailForm>

/**
 * The message key of the first issue of a value against a schema (e.g. the phone before sending
 * a code), to hand to the form's `setError`; the field shows it through `fieldMessage`.
 */
export function firstIssueKey(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value)
  return result.success ? undefined : (result.error.issues[0]?.message ?? 'field.invalid')
}
