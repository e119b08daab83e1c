import { wire, type LoginState } from '@ess/contract/wire'
import { RequestError, request, type RequestOptions } from '../http/request'
import { encryptPassword, type EncryptedPassword } from '../password'
import { platform } from '../platform'
import { toast } from '../toast'
import { grantPrivacyConsent } from './consent'
import { completeLogin, type LoginSuccessOptions } from './session'

/**
 * The sign-in and registration calls. Each rejects with the RequestError of a refusal (already
 * toasted in the user's language) and completes the login on success.
 */
const THROW = { needThrowErr: true } as const

export type Seal = (password: string) => Promise<EncryptedPassword>

type SealedSend<T> = (seal: Seal, options: RequestOptions & typeof THROW) => Promise<T>

/**
 * Seals the passwords of a call and sends it. When the gateway's key pair was replaced inside the
 * client's 1200 s key cache (PASSWORD_KEY_CHANGED, answered before anything is spent), the key is
 * fetched again and the call sent once more; the user sees nothing of it.
 */
async function sendWithCurrentKey<T>(send: SealedSend<T>, handledErrorCodes: readonly string[]): Promise<T> {
  try {
    return await send((p) => encryptPassword(p), { ...THROW, handledErrorCodes: ['PASSWORD_KEY_CHANGED', ...handledErrorCodes] })
  } catch (error) {
    if (!(error instanceof RequestError) || error.errorCode !== 'PASSWORD_KEY_CHANGED') throw error
    return send((p) => encryptPassword(p, { freshKey: true }), { ...THROW, handledErrorCodes })
  }
}

/** Longest wait before the one retry of a busy answer; a longer Retry-After is left to the user. */
const BUSY_RETRY_MAX_S = 30

/**
 * Sends a call that carries passwords. When the gateway's password checks are all taken (a sign-in
 * storm: PASSWORD_WORK_BUSY, answered before anything of the call is spent), the user reads its
 * message ("try again in N s") and the call is sent once more after those seconds.
 */
export async function sendSealed<T>(send: SealedSend<T>): Promise<T> {
  try {
    return await sendWithCurrentKey(send, ['PASSWORD_WORK_BUSY'])
  } catch (error) {
    if (!(error instanceof RequestError) || error.errorCode !== 'PASSWORD_WORK_BUSY') throw error
    const seconds = error.retryAfterS ?? 1
    toast(error.message)
    if (seconds > BUSY_RETRY_MAX_S) throw error
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000))
    return sendWithCurrentKey(send, [])
  }
}

async function finish(state: LoginState, options: LoginSuccessOptions): Promise<LoginState> {
  await completeLogin(state, options)
  return state
}

export async function loginByPassword(
  input: { account: string; password: string; captchaToken: string },
  options: LoginSuccessOptions = {},
): Promise<LoginState> {
  grantPrivacyConsent()
  const state = await sendSealed(async (seal, requestOptions) => {
    const { cipher, keyId } = await seal(input.password)
    return request(wire.loginByAccount, { account: input.account.trim(), password: cipher, keyId, captchaToken: input.captchaToken }, requestOptions)
  })
  return finish(state, options)
}

/** SMS-code login; a new phone gets an account (then the agreements ticked are needed). */
export async function loginByCode(
  input: { region: string; phone: string; code: string; agreementIds: string[] },
  options: LoginSuccessOptions = {},
): Promise<LoginState> {
  grantPrivacyConsent()
  const state = await request(
    wire.loginSignupByPhoneCode,
    { region: input.region, phone: input.phone, code: input.code, agreementIds: input.agreementIds },
    THROW,
  )
  return finish(state, options)
}

/**
 * The mini-program's WeChat quick sign-in: the code of the phone-number button (WeChat verified the
 * phone), and a fresh wx.login code so the gateway binds the open id to the account. A new phone
 * gets an account with the agreements ticked.
 */
export async function loginByWechatPhone(input: { phoneCode: string; agreementIds: string[] }, options: LoginSuccessOptions = {}): Promise<LoginState> {
  grantPrivacyConsent()
  const loginCode = (await platform().system.wechatLoginCode()) ?? undefined
  const state = await request(wire.weChatMiniQuickLogin, { phoneCode: input.phoneCode, loginCode, agreementIds: input.agreementIds }, THROW)
  return finish(state, options)
}

export async function sealPair(seal: Seal, password: string, confirmPassword: string) {
  const [a, b] = await Promise.all([seal(password), seal(confirmPassword)])
  return { password: a.cipher, confirmPassword: b.cipher, keyId: a.keyId }
}

export async function registerByPhone(
  input: { region: string; phone: string; code: string; password: string; confirmPassword: string; agreementIds: string[]; bindLoginToken?: string },
  options: LoginSuccessOptions = {},
): Promise<LoginState> {
  grantPrivacyConsent()
  const state = await sendSealed(async (seal, requestOptions) => {
    const sealed = await sealPair(seal, input.password, input.confirmPassword)
    const body = { region: input.region, phone: input.phone, code: input.code, agreementIds: input.agreementIds, bindLoginToken: input.bindLoginToken, ...sealed }
    return request(wire.registerByPhonePwd, body, requestOptions)
  })
  return finish(state, options)
}

export async function registerByEmail(
  input: { email: string; code: string; password: string; confirmPassword: string; agreementIds: string[]; bindLoginToken?: string },
  options: LoginSuccessOptions = {},
): Promise<LoginState> {
  grantPrivacyConsent()
  const state = await sendSealed(async (seal, requestOptions) => {
    const sealed = await sealPair(seal, input.password, input.confirmPassword)
    const body = { email: input.email.trim(), code: input.code, agreementIds: input.agreementIds, bindLoginToken: input.bindLoginToken, ...sealed }
    return request(wire.registerByEmailPwd, body, requestOptions)
  })
  return finish(state, options)
}
