import { z } from 'zod'
import type { RuleMessageKey } from '../rule-messages'
import { defineCall } from './define'
import { wire } from './wire'
import { agreementIdsField, checkPhoneOfRegion, codeField, emailField, passwordKeyIdField, phoneFields, sealedPasswordField } from './fields'
import { LoginStateSchema } from './login'

/**
 * Registration by phone or email: the code sent for scene `register`, the password and its
 * confirmation each sealed with the password key (the gateway decrypts them, checks the password
 * rule again and that they match: `password.mismatch`), and the agreements of set 1 ticked
 * (their current `agreementId`s; none → `agreement.required`). A success logs the user in.
 * With the `bindLoginToken` of a third-party sign-in (./third-party.ts), the new account gets that
 * external account bound in the same transaction.
 */
const registrationFields = {
  code: codeField,
  password: sealedPasswordField,
  confirmPassword: sealedPasswordField,
  keyId: passwordKeyIdField,
  agreementIds: agreementIdsField.min(1, { error: 'agreement.required' satisfies RuleMessageKey }),
  bindLoginToken: z.string().trim().min(16).max(128).optional(),
}

export const RegisterByPhoneBodySchema = z.object({ ...phoneFields, ...registrationFields }).superRefine(checkPhoneOfRegion)

export const RegisterByEmailBodySchema = z.object({ email: emailField, ...registrationFields })

export const registerByPhonePwd = defineCall({
  ...wire.registerByPhonePwd,
  summary: 'Registers by phone, SMS code and password with the agreements ticked; answers the login state',
  tags: ['register'],
  body: RegisterByPhoneBodySchema,
  response: LoginStateSchema,
})

export const registerByEmailPwd = defineCall({
  ...wire.registerByEmailPwd,
  summary: 'Registers by email, email code and password with the agreements ticked; answers the login state',
  tags: ['register'],
  body: RegisterByEmailBodySchema,
  response: LoginStateSchema,
})
