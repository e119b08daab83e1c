import type { CodeScene, CodeSent, Locale, PassCodeScene } from '@ess/contract'
import type { Database } from '../../db/client'
import { mask } from '../../infra/crypto/mask'
import { AppError } from '../../lib/app-error'
import type { ClientOrigin } from '../../lib/client-origin'
import { type Phone, maskEmail, normaliseEmail, resolvePhone } from '../user/contact'
import { type AccountKey, accountExists, findUserById } from '../user/queries'
import { type CaptchaDeps, spendCaptchaToken } from './captcha'
import { type CodeDeps, sendCode } from './codes'

export type VerifyDeps = CodeDeps & CaptchaDeps & { db: Database }

/**
 * Whether a scene may send to this destination: sign-up and binding need a phone or email no
 * account holds (ALREADY_REGISTERED), password recovery one an account holds (CONTACT_NOT_FOUND).
 */
async function checkScene(db: Database, scene: CodeScene, key: AccountKey) {
  // Sign-in codes and the bank phone of a real-name check go to any phone.
  if (scene === 'login' || scene === 'realName') return
  const exists = await accountExists(db, key)
  if ((scene === 'register' || scene === 'bind') && exists) throw new AppError('ALREADY_REGISTERED')
  if (scene === 'resetPassword' && !exists) throw new AppError('CONTACT_NOT_FOUND')
}

export interface PhoneCodeRequest {
  region: string
  phone: string
  scene: CodeScene
  captchaToken: string
}

/** An SMS code to a given phone, paid for with a captcha token. */
export async function sendPhoneCode(deps: VerifyDeps, request: PhoneCodeRequest, origin: ClientOrigin, locale: Locale): Promise<CodeSent> {
  const phone: Phone = await resolvePhone(deps.db, request.region, request.phone, locale)
  await spendCaptchaToken(deps, origin, request.captchaToken)
  await checkScene(deps.db, request.scene, { phoneE164: phone.phoneE164 })
  return sendCode(deps, { scene: request.scene, channel: 'sms', to: phone.phoneE164 }, origin, locale, mask(phone.phone))
}

export interface EmailCodeRequest {
  email: string
  scene: CodeScene
  captchaToken: string
}

/** An email code to a given address, paid for with a captcha token. */
export async function sendEmailCode(deps: VerifyDeps, request: EmailCodeRequest, origin: ClientOrigin, locale: Locale): Promise<CodeSent> {
  const email = normaliseEmail(request.email)
  await spendCaptchaToken(deps, origin, request.captchaToken)
  await checkScene(deps.db, request.scene, { email })
  return sendCode(deps, { scene: request.scene, channel: 'email', to: email }, origin, locale, maskEmail(email))
}

/** A code to the logged-in user's own phone or email (CONTACT_NOT_BOUND when none is bound). */
export async function sendPassCode(
  deps: VerifyDeps,
  userId: string,
  channel: 'sms' | 'email',
  scene: PassCodeScene,
  origin: ClientOrigin,
  locale: Locale,
): Promise<CodeSent> {
  const user = await findUserById(deps.db, userId)
  if (!user) throw new AppError('SESSION_INVALID')
  if (channel === 'sms') {
    if (!user.phoneE164 || !user.phone) throw new AppError('CONTACT_NOT_BOUND')
    return sendCode(deps, { scene, channel, to: user.phoneE164 }, origin, locale, mask(user.phone))
  }
  if (!user.email) throw new AppError('CONTACT_NOT_BOUND')
  return sendCode(deps, { scene, channel, to: user.email }, origin, locale, maskEmail(user.email))
}
