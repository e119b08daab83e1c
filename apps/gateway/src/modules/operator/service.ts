import { randomBytes, randomInt } from 'node:crypto'
import {
  CONSOLE_CHALLENGE_MS,
  CONSOLE_ENROLLMENT_MS,
  CONSOLE_RECOVERY_CODE_COUNT,
  type ConsoleFactor,
  type ConsoleRole,
  type ConsoleSignedIn,
  type Locale,
  OPERATOR_AUDIT_ACTIONS,
  type WebAuthnResponse,
  operatorPasswordRule,
  toFieldIssues,
} from '@ess/contract'
import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../../db/client'
import type { FieldCipher } from '../../infra/crypto/field-cipher'
import type { HmacKey } from '../../infra/crypto/hmac-key'
import { hashPassword, verifyPassword } from '../../infra/crypto/password-hash'
import type { PasswordKey } from '../../infra/crypto/password-key'
import type { Kv } from '../../infra/kv'
import { AppError } from '../../lib/app-error'
import { sha256Hex } from '../../lib/digest'
import { type Lockout, clearFailures, liveRecord, lockState, putRecord, recordFailure } from '../../lib/throttle'
import { type AuditInput, type AuditOrigin, insertAudit } from '../audit/record'
import { LOGIN_LOCKOUT } from '../login/service'
import { isCommonPassword } from '../security/password'
import {
  type OperatorRecord,
  activate,
  claimTotpStep,
  findEnrollment,
  findOperator,
  findOperatorByEmail,
  findSecrets,
  insertEnrollment,
  insertOperator,
  listPasskeys,
  markSignedIn,
  replaceRecoveryCodes,
  setPassword,
  useEnrollment,
  useRecoveryCode,
  voidEnrollments,
} from './queries'
import { type ConsoleSession, endConsoleSessions, idleExpiresAt, listConsoleSessions, startConsoleSession, stepUpConsoleSession } from './session'
import { checkTotp, newTotpSecret, totpUri } from './totp'
import { type RelyingParty, authenticationOptions, verifyAuthentication } from './webauthn'

export interface OperatorDeps {
  db: Database
  kv: Kv
  now: () => Date
  hmacKey: HmacKey
  passwordKey: PasswordKey
  fieldCipher: FieldCipher
  rp: RelyingParty
  log: FastifyBaseLogger
}

/** Where a call comes from, for the session and the audit rows. */
export type OperatorOrigin = AuditOrigin

const A = OPERATOR_AUDIT_ACTIONS

/** Failures (password or second factor) lock an operator as they lock an employee (login/service.ts). */
export const operatorLockout = (operatorId: string): Lockout => ({ key: `console:login:${operatorId}`, ...LOGIN_LOCKOUT })
/** An unknown email locks like a real one, so the answer tells nothing about which exist. */
const emailLockout = (email: string): Lockout => ({ key: `console:login:email:${sha256Hex(email)}`, ...LOGIN_LOCKOUT })

const actorOf = (operator: Pick<OperatorRecord, 'id' | 'email' | 'roles'>) => ({ id: operator.id, email: operator.email, roles: operator.roles })

const audit = (deps: { db: Database; now: () => Date }, origin: OperatorOrigin, input: AuditInput & { actor: AuditInput['actor'] }, db: Database = deps.db) =>
  insertAudit(db, origin, input, deps.now())

const sealTotp = (deps: OperatorDeps, operatorId: string, secret: string) => deps.fieldCipher.encrypt(secret, `operator.totp:${operatorId}`)
const openTotp = (deps: OperatorDeps, operatorId: string, sealed: string) => deps.fieldCipher.decrypt(sealed, `operator.totp:${operatorId}`)

// Sign-in, step 1.

interface ChallengeRecord {
  operatorId: string
}
const challengeKey = (challenge: string) => `console:challenge:${sha256Hex(challenge)}`

/**
 * The password step. Unknown email, an operator not (or no longer) active and a wrong password
 * answer alike (WRONG_CREDENTIALS, after the same argon2id work) and lock alike (ACCOUNT_LOCKED).
 * Answers a single-use challenge for the second factor: nothing else can be done with it.
 */
export async function passwordStep(deps: OperatorDeps, input: { email: string; password: string; keyId?: string }, origin: OperatorOrigin) {
  deps.passwordKey.assertKeyId(input.keyId)
  const found = await findOperatorByEmail(deps.db, input.email)
  const usable = found && found.status === 'active' ? found : undefined
  const lockout = usable ? operatorLockout(usable.id) : emailLockout(input.email)
  const lock = await lockState(deps.kv, lockout, deps.now())
  const password = deps.passwordKey.decryptPassword(input.password)
  const actor = found ? actorOf(found) : null
  if (lock.remainingMs) {
    await audit(deps, origin, { action: A.signInFailed, resourceType: 'operator', resourceId: found?.id, after: { step: 'password', locked: true }, actor })
    throw new AppError('ACCOUNT_LOCKED', { retryAfterS: Math.ceil(lock.remainingMs / 1000) })
  }
  const verified = await verifyPassword(usable?.passwordHash, password)
  if (!usable || !verified) {
    await refuse(deps, lockout, origin, actor, 'password', found?.id)
  }
  await clearFailures(deps.kv, lockout, lock.failures)
  const challenge = randomBytes(32).toString('base64url')
  const now = deps.now()
  await putRecord(deps.kv, challengeKey(challenge), { operatorId: usable!.id } satisfies ChallengeRecord, now, CONSOLE_CHALLENGE_MS)
  const factors: ConsoleFactor[] = ['totp', 'recovery']
  if ((await listPasskeys(deps.db, usable!.id)).length) factors.push('passkey')
  return { challenge, factors, expiresAt: new Date(now.getTime() + CONSOLE_CHALLENGE_MS).toISOString() }
}

/** Counts a failure, audits it (and the lock it caused), and refuses. */
async function refuse(
  deps: OperatorDeps,
  lockout: Lockout,
  origin: OperatorOrigin,
  actor: AuditInput['actor'],
  step: string,
  operatorId: string | undefined,
  refusal: 'WRONG_CREDENTIALS' | 'WRONG_SECOND_FACTOR' | 'TOTP_CODE_REUSED' | 'PASSKEY_FAILED' = 'WRONG_CREDENTIALS',
): Promise<never> {
  const locked = await recordFailure(deps.kv, lockout, deps.now())
  await audit(deps, origin, { action: A.signInFailed, resourceType: 'operator', resourceId: operatorId, after: { step, refusal }, actor })
  if (locked) {
    await audit(deps, origin, { action: A.locked, resourceType: 'operator', resourceId: operatorId, after: { lockedForS: LOGIN_LOCKOUT.lockMs / 1000 }, actor })
    throw new AppError('ACCOUNT_LOCKED', { retryAfterS: LOGIN_LOCKOUT.lockMs / 1000 })
  }
  throw new AppError(refusal)
}

// Sign-in, step 2.

async function readChallenge(deps: OperatorDeps, challenge: string) {
  const record = liveRecord<ChallengeRecord>(await deps.kv.get(challengeKey(challenge)), deps.now())
  const operator = record && (await findOperator(deps.db, record.operatorId))
  if (!record || !operator || operator.status !== 'active') throw new AppError('CONSOLE_CHALLENGE_INVALID')
  const lockout = operatorLockout(operator.id)
  const lock = await lockState(deps.kv, lockout, deps.now())
  if (lock.remainingMs) throw new AppError('ACCOUNT_LOCKED', { retryAfterS: Math.ceil(lock.remainingMs / 1000) })
  return { operator, lockout, failures: lock.failures }
}

/** The second factor passed: the challenge is used up, and the session starts (its row and the audit row in one transaction). */
async function finishSignIn(
  deps: OperatorDeps,
  challenge: string,
  state: Awaited<ReturnType<typeof readChallenge>>,
  factor: ConsoleFactor,
  origin: OperatorOrigin,
): Promise<{ answer: ConsoleSignedIn; cookie: string }> {
  if (!(await deps.kv.take(challengeKey(challenge)))) throw new AppError('CONSOLE_CHALLENGE_INVALID')
  await clearFailures(deps.kv, state.lockout, state.failures)
  const now = deps.now()
  const started = await deps.db.transaction(async (tx) => {
    const made = await startConsoleSession({ db: tx, kv: deps.kv }, state.operator.id, origin, now)
    await markSignedIn(tx, state.operator.id, now)
    await audit(deps, origin, { action: A.signIn, resourceType: 'operator', resourceId: state.operator.id, after: { factor, sessionId: made.session.id }, actor: actorOf(state.operator) }, tx)
    return made
  })
  return { answer: signedInAnswer(state.operator, started.session), cookie: started.cookie }
}

export function signedInAnswer(operator: OperatorRecord, session: ConsoleSession): ConsoleSignedIn {
  return {
    operator: { id: operator.id, email: operator.email, displayName: operator.displayName, roles: operator.roles, locale: operator.locale },
    csrfToken: session.csrfToken,
    session: { id: session.id, idleExpiresAt: new Date(idleExpiresAt(session)).toISOString(), expiresAt: new Date(session.expiresAt).toISOString() },
  }
}

/** A TOTP code of the operator: right, of a step not used before, and claimed (so never twice). */
async function totpVerdict(deps: OperatorDeps, operatorId: string, code: string): Promise<'ok' | 'wrong' | 'reused'> {
  const secrets = await findSecrets(deps.db, operatorId)
  if (!secrets?.totpSecret) return 'wrong'
  const checked = await checkTotp(openTotp(deps, operatorId, secrets.totpSecret), code, deps.now(), secrets.totpLastStep)
  if (!checked.ok) return checked.reason
  return (await claimTotpStep(deps.db, operatorId, checked.step)) ? 'ok' : 'reused'
}

export async function totpStep(deps: OperatorDeps, input: { challenge: string; code: string }, origin: OperatorOrigin) {
  const state = await readChallenge(deps, input.challenge)
  const verdict = await totpVerdict(deps, state.operator.id, input.code)
  if (verdict !== 'ok') {
    await refuse(deps, state.lockout, origin, actorOf(state.operator), 'totp', state.operator.id, verdict === 'reused' ? 'TOTP_CODE_REUSED' : 'WRONG_SECOND_FACTOR')
  }
  return finishSignIn(deps, input.challenge, state, 'totp', origin)
}

const recoveryHash = (deps: { hmacKey: HmacKey }, operatorId: string, code: string) => deps.hmacKey.digest('console-recovery-code', `${operatorId}:${code}`)

export async function recoveryStep(deps: OperatorDeps, input: { challenge: string; code: string }, origin: OperatorOrigin) {
  const state = await readChallenge(deps, input.challenge)
  if (!(await useRecoveryCode(deps.db, state.operator.id, recoveryHash(deps, state.operator.id, input.code), deps.now()))) {
    await refuse(deps, state.lockout, origin, actorOf(state.operator), 'recovery', state.operator.id, 'WRONG_SECOND_FACTOR')
  }
  await audit(deps, origin, { action: A.recoveryCodeUsed, resourceType: 'operator', resourceId: state.operator.id, actor: actorOf(state.operator) })
  return finishSignIn(deps, input.challenge, state, 'recovery', origin)
}

export async function passkeyOptions(deps: OperatorDeps, input: { challenge: string }) {
  const state = await readChallenge(deps, input.challenge)
  return authenticationOptions(deps, deps.rp, state.operator.id, `sign-in:${sha256Hex(input.challenge)}`)
}

export async function passkeyStep(deps: OperatorDeps, input: { challenge: string; response: WebAuthnResponse }, origin: OperatorOrigin) {
  const state = await readChallenge(deps, input.challenge)
  try {
    await verifyAuthentication(deps, deps.rp, state.operator.id, `sign-in:${sha256Hex(input.challenge)}`, input.response)
  } catch (error) {
    if (!(error instanceof AppError)) throw error
    await refuse(deps, state.lockout, origin, actorOf(state.operator), 'passkey', state.operator.id, 'PASSKEY_FAILED')
  }
  return finishSignIn(deps, input.challenge, state, 'passkey', origin)
}

// Step-up.

export async function stepUp(
  deps: OperatorDeps,
  session: ConsoleSession,
  operator: OperatorRecord,
  input: { code: string } | { passkey: WebAuthnResponse },
  origin: OperatorOrigin,
): Promise<{ stepUpUntil: string }> {
  const lockout = operatorLockout(operator.id)
  const lock = await lockState(deps.kv, lockout, deps.now())
  if (lock.remainingMs) throw new AppError('ACCOUNT_LOCKED', { retryAfterS: Math.ceil(lock.remainingMs / 1000) })
  let refusal: 'WRONG_SECOND_FACTOR' | 'TOTP_CODE_REUSED' | 'PASSKEY_FAILED' | undefined
  if ('code' in input) {
    const verdict = await totpVerdict(deps, operator.id, input.code)
    if (verdict !== 'ok') refusal = verdict === 'reused' ? 'TOTP_CODE_REUSED' : 'WRONG_SECOND_FACTOR'
  } else {
    try {
      await verifyAuthentication(deps, deps.rp, operator.id, `step-up:${session.id}`, input.passkey)
    } catch (error) {
      if (!(error instanceof AppError)) throw error
      refusal = 'PASSKEY_FAILED'
    }
  }
  if (refusal) {
    const locked = await recordFailure(deps.kv, lockout, deps.now())
    await audit(deps, origin, { action: A.stepUpFailed, resourceType: 'operator', resourceId: operator.id, after: { refusal }, actor: actorOf(operator) })
    if (locked) {
      await audit(deps, origin, { action: A.locked, resourceType: 'operator', resourceId: operator.id, after: { lockedForS: LOGIN_LOCKOUT.lockMs / 1000 }, actor: actorOf(operator) })
      throw new AppError('ACCOUNT_LOCKED', { retryAfterS: LOGIN_LOCKOUT.lockMs / 1000 })
    }
    throw new AppError(refusal)
  }
  await clearFailures(deps.kv, lockout, lock.failures)
  const until = await stepUpConsoleSession(deps.kv, session, deps.now())
  await audit(deps, origin, { action: A.stepUp, resourceType: 'operator', resourceId: operator.id, after: { factor: 'code' in input ? 'totp' : 'passkey' }, actor: actorOf(operator) })
  return { stepUpUntil: new Date(until).toISOString() }
}

export const stepUpPasskeyOptions = (deps: OperatorDeps, session: ConsoleSession) =>
  authenticationOptions(deps, deps.rp, session.operatorId, `step-up:${session.id}`)

// Sessions.

export async function signOut(deps: OperatorDeps, operator: OperatorRecord, sessionId: string, origin: OperatorOrigin) {
  await deps.db.transaction(async (tx) => {
    await endConsoleSessions({ db: tx, kv: deps.kv }, operator.id, [sessionId], deps.now())
    await audit(deps, origin, { action: A.signOut, resourceType: 'operator_session', resourceId: sessionId, actor: actorOf(operator) }, tx)
  })
}

export async function ownSessions(deps: OperatorDeps, operatorId: string, currentId: string) {
  const live = await listConsoleSessions(deps, operatorId, deps.now())
  return live.map(({ id, createdAt, ip, userAgent, record }) => ({
    id,
    createdAt: createdAt.toISOString(),
    lastSeenAt: new Date(record.lastSeenAt).toISOString(),
    idleExpiresAt: new Date(idleExpiresAt(record)).toISOString(),
    expiresAt: new Date(record.expiresAt).toISOString(),
    ip,
    userAgent,
    current: id === currentId,
  }))
}

export async function revokeOwnSession(deps: OperatorDeps, operator: OperatorRecord, sessionId: string, origin: OperatorOrigin) {
  const live = await listConsoleSessions(deps, operator.id, deps.now())
  if (!live.some((session) => session.id === sessionId)) throw new AppError('SESSION_NOT_FOUND')
  await deps.db.transaction(async (tx) => {
    await endConsoleSessions({ db: tx, kv: deps.kv }, operator.id, [sessionId], deps.now())
    await audit(deps, origin, { action: A.sessionRevoked, resourceType: 'operator_session', resourceId: sessionId, actor: actorOf(operator) }, tx)
  })
}

// Passwords and recovery codes.

/**
 * A new operator password, decrypted and checked: the employees' rule and 12 characters at least
 * (VALIDATION_FAILED with the field), not a common password, not containing the email's name.
 */
export async function checkOperatorPassword(password: string, email: string, locale: Locale, field = 'password'): Promise<string> {
  const checked = operatorPasswordRule.safeParse(password)
  if (!checked.success) {
    throw new AppError('VALIDATION_FAILED', { fields: toFieldIssues(checked.error.issues.map((issue) => ({ ...issue, path: [field] })), locale) })
  }
  if (await isCommonPassword(password)) throw new AppError('PASSWORD_TOO_COMMON')
  const name = email.slice(0, email.lastIndexOf('@')).toLowerCase()
  if (name.length >= 4 && password.toLowerCase().includes(name)) throw new AppError('PASSWORD_CONTAINS_PERSONAL')
  return password
}

const RECOVERY_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789'

/** Ten fresh codes (`xxxxx-xxxxx`, 50 random bits each); the caller stores their hashes. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: CONSOLE_RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)])
    return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`
  })
}

async function storeRecoveryCodes(deps: OperatorDeps, db: Database, operatorId: string, codes: string[]) {
  const hashes = codes.map((code) => recoveryHash(deps, operatorId, code.replace('-', '')))
  await replaceRecoveryCodes(db, operatorId, hashes, deps.now())
}

export async function regenerateRecoveryCodes(deps: OperatorDeps, operator: OperatorRecord, origin: OperatorOrigin) {
  const codes = newRecoveryCodes()
  await deps.db.transaction(async (tx) => {
    await storeRecoveryCodes(deps, tx, operator.id, codes)
    await audit(deps, origin, { action: A.recoveryCodesRegenerated, resourceType: 'operator', resourceId: operator.id, actor: actorOf(operator) }, tx)
  })
  return { recoveryCodes: codes }
}

/** Changes the password (the current one proven; a wrong one counts towards the lockout) and ends the other sessions. */
export async function changePassword(
  deps: OperatorDeps,
  operator: OperatorRecord,
  sessionId: string,
  input: { currentPassword: string; newPassword: string; keyId?: string },
  origin: OperatorOrigin,
  locale: Locale,
) {
  deps.passwordKey.assertKeyId(input.keyId)
  const current = deps.passwordKey.decryptPassword(input.currentPassword)
  const next = deps.passwordKey.decryptPassword(input.newPassword)
  const lockout = operatorLockout(operator.id)
  const lock = await lockState(deps.kv, lockout, deps.now())
  if (lock.remainingMs) throw new AppError('ACCOUNT_LOCKED', { retryAfterS: Math.ceil(lock.remainingMs / 1000) })
  const secrets = await findSecrets(deps.db, operator.id)
  if (!(await verifyPassword(secrets?.passwordHash, current))) {
    const locked = await recordFailure(deps.kv, lockout, deps.now())
    if (locked) {
      await audit(deps, origin, { action: A.locked, resourceType: 'operator', resourceId: operator.id, actor: actorOf(operator) })
      throw new AppError('ACCOUNT_LOCKED', { retryAfterS: LOGIN_LOCKOUT.lockMs / 1000 })
    }
    throw new AppError('WRONG_OLD_PASSWORD')
  }
  await checkOperatorPassword(next, operator.email, locale, 'newPassword')
  if (next === current) throw new AppError('PASSWORD_SAME_AS_CURRENT')
  const passwordHash = await hashPassword(next)
  const others = (await listConsoleSessions(deps, operator.id, deps.now())).map((s) => s.id).filter((id) => id !== sessionId)
  await deps.db.transaction(async (tx) => {
    await setPassword(tx, operator.id, passwordHash, deps.now())
    await endConsoleSessions({ db: tx, kv: deps.kv }, operator.id, others, deps.now())
    await audit(deps, origin, { action: A.passwordChanged, resourceType: 'operator', resourceId: operator.id, after: { otherSessionsEnded: others.length }, actor: actorOf(operator) }, tx)
  })
  return { changed: true as const, otherSessionsEnded: others.length }
}

// Enrollment.

/**
 * Adds an operator (or renews the link of one not yet enrolled) and answers a one-time
 * enrollment token (24 h). The token's digest and a fresh TOTP secret (sealed) are kept.
 */
export async function inviteOperator(
  deps: Pick<OperatorDeps, 'db' | 'now' | 'fieldCipher'>,
  input: { email: string; roles: readonly ConsoleRole[]; displayName?: string },
  origin: OperatorOrigin,
  by: AuditInput['actor'],
): Promise<{ operatorId: string; token: string; expiresAt: Date }> {
  const email = input.email.trim().toLowerCase()
  const now = deps.now()
  const token = randomBytes(32).toString('base64url')
  const tokenHash = sha256Hex(token)
  const expiresAt = new Date(now.getTime() + CONSOLE_ENROLLMENT_MS)
  const operatorId = await deps.db.transaction(async (tx) => {
    const existing = await findOperatorByEmail(tx, email)
    if (existing && existing.status !== 'invited') throw new AppError('ALREADY_REGISTERED')
    const id = existing?.id ?? (await insertOperator(tx, { email, displayName: input.displayName ?? email.slice(0, email.indexOf('@')), roles: input.roles, now }))
    const totpSecret = deps.fieldCipher.encrypt(newTotpSecret(), `operator.enrollment:${tokenHash}`)
    // A renewed link replaces the earlier ones: only the newest works.
    await voidEnrollments(tx, id, now)
    await insertEnrollment(tx, { tokenHash, operatorId: id, totpSecret, expiresAt, createdAt: now })
    await insertAudit(tx, origin, { action: A.enrollmentIssued, resourceType: 'operator', resourceId: id, after: { email, roles: [...input.roles], expiresAt: expiresAt.toISOString() }, actor: by }, now)
    return id
  })
  return { operatorId, token, expiresAt }
}

async function openEnrollment(deps: OperatorDeps, token: string) {
  const tokenHash = sha256Hex(token)
  const found = await findEnrollment(deps.db, tokenHash, deps.now())
  if (!found || found.status !== 'invited') throw new AppError('ENROLLMENT_INVALID')
  return { ...found, tokenHash, secret: deps.fieldCipher.decrypt(found.totpSecret, `operator.enrollment:${tokenHash}`) }
}

export async function enrollmentInfo(deps: OperatorDeps, token: string) {
  const found = await openEnrollment(deps, token)
  return { email: found.email, totpUri: totpUri(found.email, found.secret), totpSecret: found.secret }
}

/** Sets the password and the authenticator (proven by a code), uses the link up, hands out the recovery codes. */
export async function enroll(deps: OperatorDeps, token: string, input: { password: string; keyId?: string; totpCode: string }, origin: OperatorOrigin, locale: Locale) {
  deps.passwordKey.assertKeyId(input.keyId)
  const found = await openEnrollment(deps, token)
  const password = await checkOperatorPassword(deps.passwordKey.decryptPassword(input.password), found.email, locale)
  const checked = await checkTotp(found.secret, input.totpCode, deps.now(), null)
  if (!checked.ok) throw new AppError('WRONG_SECOND_FACTOR')
  const passwordHash = await hashPassword(password)
  const codes = newRecoveryCodes()
  await deps.db.transaction(async (tx) => {
    if (!(await useEnrollment(tx, found.tokenHash, deps.now()))) throw new AppError('ENROLLMENT_INVALID')
    await activate(tx, found.operatorId, { passwordHash, totpSecret: sealTotp(deps, found.operatorId, found.secret), totpLastStep: checked.step, now: deps.now() })
    await storeRecoveryCodes(deps, tx, found.operatorId, codes)
    const operator = await findOperator(tx, found.operatorId)
    await audit(deps, origin, { action: A.enrolled, resourceType: 'operator', resourceId: found.operatorId, actor: operator ? actorOf(operator) : null }, tx)
  })
  return { recoveryCodes: codes }
}
