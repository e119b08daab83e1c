import { randomBytes, timingSafeEqual } from 'node:crypto'
import path from 'node:path'
import { GRANT_CODE_TTL_S, type InnerJumpDestination } from '@ess/contract'
import { and, eq, gt, isNull } from 'drizzle-orm'
import type { Database } from '../../db/client'
import type { Kv } from '../../infra/kv'
import { lockState } from '../../lib/throttle'
import { userLockout } from '../login/service'
import { authApp, grantCodeTable } from '../../db/schema'
import { loadOrCreateKeyFile } from '../../infra/crypto/key-file'
import { mask } from '../../infra/crypto/mask'
import { AppError } from '../../lib/app-error'
import { newToken, sha256Hex } from '../../lib/digest'
import { findCertification } from '../certification/queries'
import { certificationExpired } from '../certification/service'
import { maskName } from '../roster/identity'
import { findUserById } from '../user/queries'

/** The provider's older user center: the app that redeems the codes of inner jumps. */
export const LEGACY_APP_ID = 'ouc'

/** The page of the older system each inner-jump destination opens (the `redirect` parameter). */
export const DESTINATION_REDIRECTS: Record<InnerJumpDestination, string> = {
  payment: '/salary/payslip',
  insurance: '/insurance/overview',
  medClaims: '/claims/apply',
  checkUp: '/checkup/booking',
}

/**
 * The legacy app's secret, made at first start in `<keys>/legacy-app.secret` (never in the repo);
 * the gateway keeps only its SHA-256 in `auth_app`. Operators hand the file's value to the older
 * system, which authenticates its exchange calls with it.
 */
export function loadLegacySecret(keysDir: string): string {
  return loadAppSecret(keysDir, 'legacy-app.secret')
}

/** An app's secret, made at first start in `<KEYS_DIR>/<file>` (DATA_DIR/keys by default). */
export function loadAppSecret(keysDir: string, file: string): string {
  return loadOrCreateKeyFile(path.join(keysDir, file), () => randomBytes(32).toString('base64url')).trim()
}

/** Registers (or re-keys) an app by the SHA-256 of its secret. */
export async function registerApp(db: Database, id: string, name: string, secret: string): Promise<void> {
  const secretHash = sha256Hex(secret)
  await db.insert(authApp).values({ id, name, secretHash }).onConflictDoUpdate({ target: authApp.id, set: { secretHash } })
}

export function registerLegacyApp(db: Database, secret: string): Promise<void> {
  return registerApp(db, LEGACY_APP_ID, 'Legacy user center', secret)
}

/**
 * auth/grantCode: a one-time code for an app, bound to the user (and to the destination of an inner
 * jump, which needs a valid real-name verification: CERTIFICATION_REQUIRED otherwise).
 */
export async function issueGrantCode(
  db: Database,
  auth: { userId: string; certified: boolean },
  input: { authAppId: string; dest?: InnerJumpDestination },
  now: Date,
): Promise<{ code: string; expiresIn: typeof GRANT_CODE_TTL_S; redirect: string | null }> {
  const [app] = await db.select({ id: authApp.id }).from(authApp).where(eq(authApp.id, input.authAppId))
  if (!app) throw new AppError('UNKNOWN_AUTH_APP')
  if (input.dest && !auth.certified) throw new AppError('CERTIFICATION_REQUIRED')
  const code = newToken()
  await db.insert(grantCodeTable).values({
    codeHash: sha256Hex(code),
    userId: auth.userId,
    appId: app.id,
    dest: input.dest ?? null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + GRANT_CODE_TTL_S * 1000),
  })
  return { code, expiresIn: GRANT_CODE_TTL_S, redirect: input.dest ? DESTINATION_REDIRECTS[input.dest] : null }
}

/** `Authorization: Basic base64(appId:secret)` checked against the app's secret hash (constant time). */
export async function authenticateApp(db: Database, authorization: string | undefined): Promise<string> {
  const match = /^Basic ([A-Za-z0-9+/=]+)$/.exec(authorization ?? '')
  const [appId, secret] = match ? Buffer.from(match[1], 'base64').toString('utf8').split(':', 2) : []
  if (!appId || !secret) throw new AppError('APP_CREDENTIALS_INVALID')
  const [app] = await db.select().from(authApp).where(eq(authApp.id, appId))
  const given = Buffer.from(sha256Hex(secret), 'hex')
  const known = Buffer.from(app?.secretHash ?? sha256Hex(`no-app:${appId}`), 'hex')
  if (!app || !timingSafeEqual(given, known)) throw new AppError('APP_CREDENTIALS_INVALID')
  return app.id
}

export interface RedeemedIdentity {
  userId: string
  appId: string
  dest: string | null
  phone: string | null
  certified: boolean
  name: string | null
  employeeNo: string | null
  companyName: string | null
}

/**
 * The exchange: an app redeems a code issued to it, once, before it expires, unless the account is
 * locked (ACCOUNT_ABNORMAL); nothing is spent on a refusal. Answers who the user is (masked contacts; the employee record when verified).
 */
export async function redeemGrantCode(db: Database, kv: Kv, appId: string, code: string, now: Date): Promise<RedeemedIdentity> {
  const usable = and(eq(grantCodeTable.codeHash, sha256Hex(code)), eq(grantCodeTable.appId, appId), isNull(grantCodeTable.usedAt), gt(grantCodeTable.expiresAt, now))
  // An account locked by failed sign-ins is not handed to another system (ACCOUNT_ABNORMAL, SPEC
  // §8's 100400); the code stays unspent, so the refusal changes nothing.
  const [pending] = await db.select({ userId: grantCodeTable.userId }).from(grantCodeTable).where(usable)
  if (!pending) throw new AppError('GRANT_CODE_INVALID')
  if ((await lockState(kv, userLockout(pending.userId), now)).remainingMs > 0) throw new AppError('ACCOUNT_ABNORMAL')
  const [used] = await db.update(grantCodeTable).set({ usedAt: now }).where(usable).returning({ userId: grantCodeTable.userId, dest: grantCodeTable.dest })
  if (!used) throw new AppError('GRANT_CODE_INVALID')
  const user = await findUserById(db, used.userId)
  if (!user) throw new AppError('GRANT_CODE_INVALID')
  const record = await findCertification(db, used.userId)
  const certified = !!record && !certificationExpired(record, now)
  return {
    userId: used.userId,
    appId,
    dest: used.dest,
    phone: user.phone ? mask(user.phone) : null,
    certified,
    name: certified && record ? maskName(record.employee.name) : null,
    employeeNo: certified && record ? record.employee.employeeNo : null,
    companyName: certified && record ? record.company.nameZh : null,
  }
}
