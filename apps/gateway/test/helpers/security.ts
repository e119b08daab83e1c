import { type LoginState, calls } from '@ess/contract'
import type { NewUser } from '../../src/modules/user/queries'
import { hashPassword } from '../../src/infra/crypto/password-hash'
import { seedAccount, uniquePhone } from './accounts'
import type { TestApp } from './app'
import { callApi, payloadOf } from './calls'
import { latestCode } from './flows'
import { sealPassword } from './password'

/** A password that passes SPEC §5 and the account-security policy (not common, nothing personal). */
export const GOOD_PASSWORD = 'Plum-Orbit-73'

/** An account with a phone (unless an email alone is asked for) and this password, and a login of it. */
export async function accountWithPassword(t: TestApp, password = GOOD_PASSWORD, user: Partial<NewUser> = {}): Promise<LoginState & { phone: string | undefined }> {
  const phone = user.email && !user.phone ? undefined : (user.phone ?? uniquePhone())
  const login = await seedAccount(t, { ...(phone ? { phone, phoneRegion: 'CN', phoneE164: `+86${phone}` } : {}), passwordHash: await hashPassword(password), ...user })
  return { ...login, phone }
}

export const seal = (t: TestApp, password: string) => sealPassword(t.app.passwordKey.publicKeyPem, password)

/** Opens the privileged window of a login with its password. */
export async function verifyByPassword(t: TestApp, token: string, password = GOOD_PASSWORD) {
  return payloadOf(await callApi(t.app, calls.validUserPassword, { password: await seal(t, password) }, { token }))
}

/** Asks for a code to the user's own phone (or email) for a scene and reads it from the outbox. */
export async function ownCode(t: TestApp, token: string, to: string, scene: 'verifyIdentity' | 'updatePassword' | 'cancelAccount', channel: 'sms' | 'email' = 'sms') {
  const call = channel === 'sms' ? calls.sendPhonePassCode : calls.sendEmailPassCode
  payloadOf(await callApi(t.app, call, { scene }, { token }))
  return latestCode(t.app, to)
}

/** Whether a token still opens the account (getUserInfo answers 200). */
export async function tokenWorks(t: TestApp, token: string): Promise<boolean> {
  const response = await callApi(t.app, calls.getUserInfo, undefined, { token })
  return response.statusCode === 200
}
