import type { LoginSignupResult, LoginState, Locale } from '@ess/contract'
import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../../db/client'
import type { HmacKey } from '../../infra/crypto/hmac-key'
import { hashPassword, needsRehash, verifyPassword, passwordWork } from '../../infra/crypto/password-hash'
import type { PasswordKey } from '../../infra/crypto/password-key'
import type { Kv } from '../../infra/kv'
import { AppError } from '../../lib/app-error'
import type { ClientOrigin } from '../../lib/client-origin'
import { sha256Hex } from '../../lib/digest'
import { type Lockout, clearFailures, lockState, recordFailure } from '../../lib/throttle'
import { checkSignUpAgreements, recordSignatures } from '../agreement/signatures'
import { insertSecurityEvent } from '../security/queries'
import { startSession } from '../session/service'
import { type Phone, accountKeyOf, resolvePhone } from '../user/contact'
import { type AccountKey, findCredentials, insertUser, updatePasswordHash } from '../user/queries'
import { spendCaptchaToken } from '../verify/captcha'
import { useCode } from '../verify/codes'
import { mask } from '../../infra/crypto/mask'
import { countSignInFailure } from '../../infra/observe/signals'
import { recordCollection } from '../privacy/ledger'

export interface LoginDeps {
  db: Database
  kv: Kv
  now: () => Date
  hmacKey: HmacKey
  passwordKey: PasswordKey
  log: FastifyBaseLogger
}

/** Failed password sign-ins before an account is locked, and for how long (as Keycloak's brute-force detection). */
export const LOGIN_LOCKOUT = { maxFailures: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000 } as const

/**
 * What failures are counted against: the account when it exists (whichever of its phone, email or
 * username was typed), else the name typed, so an unknown account locks exactly like a real one.
 */
const lockoutOf = (userId: string | undefined, key: AccountKey): Lockout =>
  userId ? userLockout(userId) : { key: `login:name:${sha256Hex(JSON.stringify(key))}`, ...LOGIN_LOCKOUT }

/** The sign-in lockout of an account: a wrong password anywhere (sign-in, identity check, binding) counts here. */
export const userLockout = (userId: string): Lockout => ({ key: `login:user:${userId}`, ...LOGIN_LOCKOUT })

/**
 * Password sign-in. The answer never tells whether the account exists: an unknown account, one
 * without a password and a wrong password all answer WRONG_CREDENTIALS after the same argon2id
 * work (a dummy hash), and all lock the same way (ACCOUNT_LOCKED).
 */
export async function loginByAccount(
  deps: LoginDeps,
  input: { account: string; password: string; keyId?: string; captchaToken: string },
  origin: ClientOrigin,
): Promise<LoginState> {
  const userId = await checkAccountPassword(deps, input, origin)
  return startSession(deps.db, userId, origin, deps.now())
}

/**
 * The password check of a sign-in (also of binding a third-party account to an existing account):
 * the captcha token spent, the lockout, the password; answers the account's id.
 */
export async function checkAccountPassword(
  deps: LoginDeps,
  input: { account: string; password: string; keyId?: string; captchaToken: string },
  origin: ClientOrigin,
): Promise<string> {
  // A place in the password-hashing line first: when it is full the answer is PASSWORD_WORK_BUSY
  // at once, before the captcha token is spent, so the portal's retry after Retry-After can pass.
  return passwordWork.within(async (place) => {
    // Before the captcha token is spent: the client seals again with the new key and retries.
    deps.passwordKey.assertKeyId(input.keyId)
    const key = accountKeyOf(input.account)
    const account = await findCredentials(deps.db, key)
    const lockout = lockoutOf(account?.id, key)
    // The token is spent and the account's lock read in one KV round trip (issued in the same tick:
    // Redis auto-pipelining sends them as one write); nothing of the account is used, and no
    // password decrypted, unless the token was good.
    const [, lock] = await Promise.all([spendCaptchaToken(deps, origin, input.captchaToken), lockState(deps.kv, lockout, deps.now())])
    const password = deps.passwordKey.decryptPassword(input.password)
    if (lock.remainingMs) throw new AppError('ACCOUNT_LOCKED')

    // Verified even when there is no account (against a dummy hash): the same work either way.
    const verified = await verifyPassword(account?.passwordHash, password, place)
    if (!account || !verified) {
      const locked = await recordFailure(deps.kv, lockout, deps.now())
      deps.log.info({ locked }, 'password sign-in refused')
      countSignInFailure(locked)
      // The account's own history shows the failed try (and the lock) on its devices screen.
      if (account) await insertSecurityEvent(deps.db, account.id, locked ? 'accountLocked' : 'signInFailed', origin, deps.now())
      throw new AppError(locked ? 'ACCOUNT_LOCKED' : 'WRONG_CREDENTIALS')
    }
    await clearFailures(deps.kv, lockout, lock.failures)
    if (account.passwordHash && needsRehash(account.passwordHash)) {
      await updatePasswordHash(deps.db, account.id, await hashPassword(password, place), deps.now())
    }
    return account.id
  })
}

/**
 * SMS-code sign-in (scene `login`): logs in the account of the phone, or creates it, in which case
 * the agreements of set 1 must be ticked (checked before the code is used up).
 */
export async function loginSignupByPhoneCode(
  deps: LoginDeps,
  input: { region: string; phone: string; code: string; agreementIds?: string[] },
  origin: ClientOrigin,
  locale: Locale,
): Promise<LoginSignupResult> {
  const now = deps.now()
  const phone = await resolvePhone(deps.db, input.region, input.phone, locale)
  const existing = await findCredentials(deps.db, { phoneE164: phone.phoneE164 })
  const versionIds = existing ? [] : await checkSignUpAgreements(deps.db, input.agreementIds, locale, now)
  await useCode(deps, { scene: 'login', channel: 'sms', to: phone.phoneE164 }, input.code)
  return signInOrCreateByPhone(deps, phone, existing?.id, versionIds, origin, now)
}

/**
 * Signs in to the account of a phone the caller proved (an SMS code, WeChat's phone-number
 * verification), or creates it with the agreements of set 1 the user ticked (`versionIds`, checked
 * by the caller before the proof was spent).
 */
export async function signInOrCreateByPhone(
  deps: Pick<LoginDeps, 'db'>,
  phone: Phone,
  existingId: string | undefined,
  versionIds: number[],
  origin: ClientOrigin,
  now: Date,
): Promise<LoginSignupResult> {
  if (existingId) return { ...(await startSession(deps.db, existingId, origin, now)), created: false }

  return deps.db.transaction(async (tx) => {
    const userId = await insertUser(tx, { ...phone, createdAt: now, updatedAt: now })
    if (!userId) {
      // Created by a concurrent request: the proof was of the phone, so sign in to that account.
      const raced = await findCredentials(tx, { phoneE164: phone.phoneE164 })
      if (!raced) throw new AppError('ALREADY_REGISTERED')
      return { ...(await startSession(tx, raced.id, origin, now)), created: false }
    }
    await recordSignatures(tx, userId, versionIds, origin, now)
    await recordCollection(tx, userId, 'register', [{ type: 'phone', masked: mask(phone.phone) }], now)
    return { ...(await startSession(tx, userId, origin, now)), created: true }
  })
}
