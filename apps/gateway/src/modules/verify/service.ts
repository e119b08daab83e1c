import type { CodeScene, CodeSent, Locale, PassCodeScene } from '@ess/contract'
import type { Database } from '../../db/client'
import { mask } from '../../infra/crypto/mask'
import { AppError } from '../../lib/app-error'
import type { ClientOrigin } from '../../lib/client-origin'
import { type Phone, maskEmail, normaliseEmail, resolvePhone } from '../user/contact'
import { type AccountKey, accountExists, findCredentials, findUserById } from '../user/queries'
import { type Collected, recordCollection } from '../privacy/ledger'
import { type CaptchaDeps, spendCaptchaToken } from './captcha'
import { afterAnswer } from '../../infra/notifier/background'
import { type CodeDeps, type Delivery, sendCode } from './codes'

export type VerifyDeps = CodeDeps & CaptchaDeps & { db: Database }

/**
 * Whether and how a scene sends to this destination: sign-up and binding need a phone or email no
 * account holds (ALREADY_REGISTERED). Password recovery answers the same whether an account holds
 * it or not — the code is sent after the answer when one does, and never otherwise — so the call
 * cannot be used to learn who is registered (Kratos' and Keycloak's recovery behave alike).
 */
async function checkScene(db: Database, scene: CodeScene, key: AccountKey): Promise<Delivery> {
  // Sign-in codes and the bank phone of a real-name check go to any phone.
  if (scene === 'login' || scene === 'realName') return 'await'
  const exists = await accountExists(db, key)
  if ((scene === 'register' || scene === 'bind') && exists) throw new AppError('ALREADY_REGISTERED')
  if (scene === 'resetPassword') return exists ? 'background' : 'never'
  return 'await'
}

/**
 * A code sent to a phone or email an account holds (sign-in, recovery) is a collection of that
 * account's contact (privacy ledger). For recovery it is written only once the answer is written
 * (like the code's delivery), so recovery answers alike whether an account holds the contact or
 * not. Codes to a contact no account holds yet (sign-up, binding) are recorded by the registration
 * or binding itself.
 */
async function recordForAccount(deps: VerifyDeps, scene: CodeScene, key: AccountKey, collected: Collected): Promise<void> {
  if (scene !== 'login' && scene !== 'resetPassword') return
  const write = async () => {
    const account = await findCredentials(deps.db, key)
    if (account) await recordCollection(deps.db, account.id, 'codeSent', [collected], deps.now())
  }
  const warn = (error: unknown) => deps.log.warn({ err: error }, 'code collection not recorded')
  if (scene === 'login') return write().catch(warn)
  if (!deps.answered) throw new Error('recovery needs deps.answered')
  afterAnswer(deps.answered(), write, warn)
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
  const delivery = await checkScene(deps.db, request.scene, { phoneE164: phone.phoneE164 })
  const sent = await sendCode(deps, { scene: request.scene, channel: 'sms', to: phone.phoneE164 }, origin, locale, mask(phone.phone), delivery)
  if (delivery !== 'never') await recordForAccount(deps, request.scene, { phoneE164: phone.phoneE164 }, { type: 'phone', masked: mask(phone.phone) })
  return sent
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
  const delivery = await checkScene(deps.db, request.scene, { email })
  const sent = await sendCode(deps, { scene: request.scene, channel: 'email', to: email }, origin, locale, maskEmail(email), delivery)
  if (delivery !== 'never') await recordForAccount(deps, request.scene, { email }, { type: 'email', masked: maskEmail(email) })
  return sent
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
    const sent = await sendCode(deps, { scene, channel, to: user.phoneE164 }, origin, locale, mask(user.phone))
    await recordCollection(deps.db, userId, 'codeSent', [{ type: 'phone', masked: mask(user.phone) }], deps.now())
    return sent
  }
  if (!user.email) throw new AppError('CONTACT_NOT_BOUND')
  const sent = await sendCode(deps, { scene, channel, to: user.email }, origin, locale, maskEmail(user.email))
  await recordCollection(deps.db, userId, 'codeSent', [{ type: 'email', masked: maskEmail(user.email) }], deps.now())
  return sent
}
