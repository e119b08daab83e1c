import { IDENTITY_CHECK_DAILY_FAILURES, type IdentityMethod, type IdentityMethods, type IdentityPass } from '@ess/contract'
import { verifyPassword, passwordWork } from '../../infra/crypto/password-hash'
import type { PasswordWorkPlace } from '../../infra/crypto/password-work'
import { mask } from '../../infra/crypto/mask'
import { AppError } from '../../lib/app-error'
import type { ClientOrigin } from '../../lib/client-origin'
import { chinaDay, clearFailures, countToday, lockState, recordFailure } from '../../lib/throttle'
import type { CheckInput } from '../certification/service'
import { findCertification } from '../certification/queries'
import { userLockout } from '../login/service'
import { normaliseName } from '../roster/identity'
import { findEmployeeByIdNo } from '../roster/queries'
import type { Auth } from '../session/service'
import { maskEmail } from '../user/contact'
import { findUserById } from '../user/queries'
import { useCode } from '../verify/codes'
import type { SecurityDeps } from './deps'
import { findPasswordHash, insertSecurityEvent } from './queries'
import { currentWindow, openWindow } from './window'

type Login = Pick<Auth, 'userId' | 'familyId'>

const failuresKey = (userId: string) => `security:check:fail:${userId}`

/** Refuses once the user failed IDENTITY_CHECK_DAILY_FAILURES checks today (China time), whatever the method. */
async function refuseIfTooMany(deps: SecurityDeps, userId: string): Promise<void> {
  const failures = Number((await deps.kv.get(`${failuresKey(userId)}:${chinaDay(deps.now())}`)) ?? 0)
  if (failures >= IDENTITY_CHECK_DAILY_FAILURES) throw new AppError('IDENTITY_CHECK_TOO_MANY')
}

/** A failed check: counted toward today's cap and recorded in the user's security history. */
async function countFailure(deps: SecurityDeps, userId: string, origin: ClientOrigin): Promise<void> {
  const now = deps.now()
  await countToday(deps.kv, failuresKey(userId), now)
  await insertSecurityEvent(deps.db, userId, 'identityCheckFailed', origin, now)
}

/** Runs a check; a refusal of the kinds listed counts as a failed check before it is answered. */
async function counted<T>(deps: SecurityDeps, userId: string, origin: ClientOrigin, failures: readonly string[], check: () => Promise<T>): Promise<T> {
  try {
    return await check()
  } catch (error) {
    if (error instanceof AppError && failures.includes(error.errorCode)) await countFailure(deps, userId, origin)
    throw error
  }
}

async function pass(deps: SecurityDeps, auth: Login, method: IdentityMethod, origin: ClientOrigin): Promise<IdentityPass> {
  const now = deps.now()
  await insertSecurityEvent(deps.db, auth.userId, 'identityVerified', origin, now)
  return openWindow(deps.kv, auth, method, now)
}

/** The ways this account can verify: only those it has (SPEC §5: no phone, no SMS option). */
export async function identityMethods(deps: SecurityDeps, auth: Login): Promise<IdentityMethods> {
  const [user, record, privileged] = await Promise.all([
    findUserById(deps.db, auth.userId),
    findCertification(deps.db, auth.userId),
    currentWindow(deps.kv, auth, deps.now()),
  ])
  if (!user) throw new AppError('SESSION_INVALID')
  const methods: IdentityMethods['methods'] = []
  if (user.phone) methods.push({ method: 'sms', target: mask(user.phone) })
  if (user.email) methods.push({ method: 'email', target: maskEmail(user.email) })
  if (user.hasPassword) methods.push({ method: 'password', target: null })
  if (record) methods.push({ method: 'idNumber', target: null }, { method: 'bankCard', target: null })
  return { methods, privileged: privileged ?? null, hasPhone: !!user.phone, hasEmail: !!user.email, hasPassword: user.hasPassword }
}

/**
 * Checks the account's current password for a user who is signed in. A wrong one counts toward
 * the sign-in lockout (the same five tries as sign-in) and toward the daily cap of checks.
 */
export async function verifyCurrentPassword(deps: SecurityDeps, userId: string, sealed: string, origin: ClientOrigin, place: PasswordWorkPlace): Promise<void> {
  const hash = await findPasswordHash(deps.db, userId)
  if (!hash) throw new AppError('IDENTITY_METHOD_UNAVAILABLE')
  const lockout = userLockout(userId)
  const lock = await lockState(deps.kv, lockout, deps.now())
  const password = deps.passwordKey.decryptPassword(sealed)
  if (lock.remainingMs) throw new AppError('ACCOUNT_LOCKED')
  if (!(await verifyPassword(hash, password, place))) {
    const locked = await recordFailure(deps.kv, lockout, deps.now())
    await countFailure(deps, userId, origin)
    if (locked) await insertSecurityEvent(deps.db, userId, 'accountLocked', origin, deps.now())
    throw new AppError(locked ? 'ACCOUNT_LOCKED' : 'WRONG_OLD_PASSWORD')
  }
  await clearFailures(deps.kv, lockout, lock.failures)
}

/** validUserPassword. */
export async function checkPassword(deps: SecurityDeps, auth: Login, input: { password: string; keyId?: string }, origin: ClientOrigin): Promise<IdentityPass> {
  return passwordWork.within(async (place) => {
    deps.passwordKey.assertKeyId(input.keyId)
    await refuseIfTooMany(deps, auth.userId)
    await verifyCurrentPassword(deps, auth.userId, input.password, origin, place)
    return pass(deps, auth, 'password', origin)
  })
}

/** Where the user's own codes go: their phone or email (IDENTITY_METHOD_UNAVAILABLE when not bound). */
export async function ownContact(deps: SecurityDeps, userId: string, channel: 'sms' | 'email'): Promise<string> {
  const user = await findUserById(deps.db, userId)
  if (!user) throw new AppError('SESSION_INVALID')
  const to = channel === 'sms' ? user.phoneE164 : user.email
  if (!to) throw new AppError('IDENTITY_METHOD_UNAVAILABLE')
  return to
}

const WRONG_CODE = ['WRONG_VERIFICATION_CODE', 'CODE_EXPIRED'] as const

/** validOldPhoneCheckPassCode / validOldEmailCheckPassCode: the code of scene verifyIdentity sent to the user's own contact. */
export async function checkPassCode(deps: SecurityDeps, auth: Login, channel: 'sms' | 'email', passCode: string, origin: ClientOrigin): Promise<IdentityPass> {
  await refuseIfTooMany(deps, auth.userId)
  const to = await ownContact(deps, auth.userId, channel)
  await counted(deps, auth.userId, origin, WRONG_CODE, () => useCode(deps, { scene: 'verifyIdentity', channel, to }, passCode))
  return pass(deps, auth, channel, origin)
}

/**
 * security/validIdentityByRealName: the name and ID number (and, by bank card, the card and the
 * code sent to the bank's phone) must be those of the user's OWN real-name record: the employee
 * they verified as, and the card they verified with. Any mismatch answers REAL_NAME_FAILED.
 */
export async function checkRealName(deps: SecurityDeps, auth: Login, input: CheckInput, origin: ClientOrigin): Promise<IdentityPass> {
  await refuseIfTooMany(deps, auth.userId)
  const record = await findCertification(deps.db, auth.userId)
  if (!record) throw new AppError('IDENTITY_METHOD_UNAVAILABLE')
  return counted(deps, auth.userId, origin, [...WRONG_CODE, 'REAL_NAME_FAILED'], async () => {
    if (input.method === 'bankCard') await useCode(deps, { scene: 'realName', channel: 'sms', to: `+86${input.bankPhone}` }, input.code)
    const found = await findEmployeeByIdNo(deps.db, deps.hmacKey, record.employee.idType, input.idNo)
    let match = !!found && found.id === record.employee.id && normaliseName(found.name) === normaliseName(input.name)
    if (match && input.method === 'bankCard') {
      if (found?.phone && found.phone !== input.bankPhone) match = false
      if (record.bankCardCipher && deps.fieldCipher.decrypt(record.bankCardCipher, `certification.bankCard:${auth.userId}`) !== input.cardNo) match = false
    }
    if (!match) throw new AppError('REAL_NAME_FAILED')
    return pass(deps, auth, input.method, origin)
  })
}
