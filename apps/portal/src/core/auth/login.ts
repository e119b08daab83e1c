import { calls, type LoginState } from '@ess/contract'
import { request } from '../http/request'
import { encryptPassword } from '../password'
import { grantPrivacyConsent } from './consent'
import { completeLogin, type LoginSuccessOptions } from './session'

/**
 * The sign-in and registration calls. Each rejects with the RequestError of a refusal (already
 * toasted in the user's language) and completes the login on success.
 */
const THROW = { needThrowErr: true } as const

async function finish(state: LoginState, options: LoginSuccessOptions): Promise<LoginState> {
  await completeLogin(state, options)
  return state
}

export async function loginByPassword(
  input: { account: string; password: string; captchaToken: string },
  options: LoginSuccessOptions = {},
): Promise<LoginState> {
  grantPrivacyConsent()
  const { cipher } = await encryptPassword(input.password)
  const state = await request(calls.loginByAccount, { account: input.account.trim(), password: cipher, captchaToken: input.captchaToken }, THROW)
  return finish(state, options)
}

/** SMS-code login; a new phone gets an account (then the agreements ticked are needed). */
export async function loginByCode(
  input: { region: string; phone: string; code: string; agreementIds: string[] },
  options: LoginSuccessOptions = {},
): Promise<LoginState> {
  grantPrivacyConsent()
  const state = await request(
    calls.loginSignupByPhoneCode,
    { region: input.region, phone: input.phone, code: input.code, agreementIds: input.agreementIds },
    THROW,
  )
  return finish(state, options)
}

async function sealPair(password: string, confirmPassword: string) {
  const [a, b] = await Promise.all([encryptPassword(password), encryptPassword(confirmPassword)])
  return { password: a.cipher, confirmPassword: b.cipher }
}

export async function registerByPhone(
  input: { region: string; phone: string; code: string; password: string; confirmPassword: string; agreementIds: string[] },
  options: LoginSuccessOptions = {},
): Promise<LoginState> {
  grantPrivacyConsent()
  const sealed = await sealPair(input.password, input.confirmPassword)
  const state = await request(
    calls.registerByPhonePwd,
    { region: input.region, phone: input.phone, code: input.code, agreementIds: input.agreementIds, ...sealed },
    THROW,
  )
  return finish(state, options)
}

export async function registerByEmail(
  input: { email: string; code: string; password: string; confirmPassword: string; agreementIds: string[] },
  options: LoginSuccessOptions = {},
): Promise<LoginState> {
  grantPrivacyConsent()
  const sealed = await sealPair(input.password, input.confirmPassword)
  const state = await request(
    calls.registerByEmailPwd,
    { email: input.email.trim(), code: input.code, agreementIds: input.agreementIds, ...sealed },
    THROW,
  )
  return finish(state, options)
}
