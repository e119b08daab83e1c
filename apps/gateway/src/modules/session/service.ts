import { randomUUID } from 'node:crypto'
import { ACCESS_TOKEN_TTL_S, type LoginState, REAL_NAME_VALIDITY_DAYS, REFRESH_TOKEN_TTL_S } from '@ess/contract'
import type { Database } from '../../db/client'
import type { ClientOrigin } from '../../lib/client-origin'
import { AppError } from '../../lib/app-error'
import { newToken, sha256Hex } from '../../lib/digest'
import type { Kv } from '../../infra/kv/kv'
import { StampedCache, userChanged } from './user-stamp'
import { type AccessRow, findByRefreshHash, isAccountDisabled, findSessionForAccess, insertSession, markRotated, revokeFamily, revokeOtherFamilies, revokeUserSessions, touchSession } from './queries'

/** The login session of an authenticated request. */
export interface Auth {
  userId: string
  sessionId: string
  familyId: string
  certified: boolean
  /**
   * The user's stamp as the access check read it (user-stamp.ts): the request's other reads of
   * what this process keeps of the user check against it instead of reading the KV again.
   */
  stamp?: string
}

const seconds = (s: number) => s * 1000

/** Real-name verification counts for REAL_NAME_VALIDITY_DAYS (SPEC §4). */
export function certificationExpired(certifiedAt: Date | null, now: Date): boolean {
  return !certifiedAt || now.getTime() - certifiedAt.getTime() > REAL_NAME_VALIDITY_DAYS * 86_400_000
}

export interface StartOptions {
  /** The login a rotated pair belongs to; a new login otherwise. */
  familyId?: string
  /** False for a quick login: no refresh token (SPEC §3). */
  withRefresh?: boolean
}

/**
 * Makes a token pair for a user and keeps their digests. Every sign-in, registration and refresh
 * comes here, after its own checks (password, code, ticket): a disabled account (a support agent's
 * action, issue 34) is refused here, once, with SPEC §8's 100400 (ACCOUNT_DISABLED) — so only the
 * one who proved to hold the account learns it is disabled.
 */
export async function startSession(
  db: Database,
  userId: string,
  origin: ClientOrigin,
  now: Date,
  { familyId = randomUUID(), withRefresh = true }: StartOptions = {},
): Promise<LoginState> {
  if (await isAccountDisabled(db, userId)) throw new AppError('ACCOUNT_DISABLED')
  const accessToken = newToken()
  const refreshToken = withRefresh ? newToken() : ''
  await insertSession(db, {
    familyId,
    userId,
    accessHash: sha256Hex(accessToken),
    refreshHash: withRefresh ? sha256Hex(refreshToken) : null,
    accessExpiresAt: new Date(now.getTime() + seconds(ACCESS_TOKEN_TTL_S)),
    refreshExpiresAt: withRefresh ? new Date(now.getTime() + seconds(REFRESH_TOKEN_TTL_S)) : null,
    createdAt: now,
    ip: origin.ip,
    deviceId: origin.deviceId,
    client: origin.client,
    userAgent: origin.userAgent ?? '',
  })
  return {
    userId,
    accessToken,
    refreshToken,
    expiresIn: ACCESS_TOKEN_TTL_S,
    refreshExpiresIn: withRefresh ? REFRESH_TOKEN_TTL_S : 0,
  }
}

/**
 * How precisely "last active" is kept: a pair's row is written when its last recorded use is older
 * than this, so a busy session costs one small write per five minutes, not one per call.
 */
export const SESSION_ACTIVITY_GRANULARITY_MS = 5 * 60_000

/** What the access checks read, kept per process (StampedCache, by the access token's digest). */
export type AccessCache = StampedCache<AccessRow>

export const newAccessCache = (kv: Kv): AccessCache => new StampedCache<AccessRow>(kv, 'access')

/** The session of an access token, when it is live. */
export async function authenticate(db: Database, cache: AccessCache, accessToken: string, now: Date): Promise<Auth | undefined> {
  const found = await authenticateAccess(db, cache, accessToken, now)
  return 'auth' in found ? found.auth : undefined
}

/**
 * Why a token is refused (both the SPEC's 401): SESSION_ENDED when its session was ended while
 * the token was live — revoked by the user's own action (sign-out from another device, password
 * changed or reset, consent withdrawn) or deleted with a cancelled account — SESSION_INVALID
 * otherwise (missing, unknown, expired, or used up by a refresh). SPEC §8's 100400
 * (ACCOUNT_DISABLED: account abnormal, with the hotline) when the account was disabled by a support agent, whatever the state
 * of the token's session (its sessions were ended with it).
 */
export type SessionRefusal = 'SESSION_INVALID' | 'SESSION_ENDED' | 'ACCOUNT_DISABLED'

/** Ended, not merely used up: a refresh marks its old pair revoked and rotated. */
const endedByAction = (row: { revokedAt: Date | null; rotatedAt: Date | null }) => !!row.revokedAt && !row.rotatedAt

const endedKey = (digest: string) => `session:ended:${digest}`

/**
 * The rows of a cancelled account's sessions go with it: their token digests are kept as ended,
 * each until it would have expired, so a device still holding one is told its session was ended
 * (a gateway with the memory KV forgets them on restart; such a device is then told its session is
 * invalid, as before).
 */
export async function rememberEndedTokens(kv: Kv, tokens: ReadonlyArray<{ digest: string; expiresAt: Date }>, now: Date): Promise<void> {
  await Promise.all(tokens.map(({ digest, expiresAt }) => kv.set(endedKey(digest), '1', Math.max(1, expiresAt.getTime() - now.getTime()))))
}

const refusalOfUnknown = async (kv: Kv | undefined, digest: string): Promise<SessionRefusal> =>
  kv && (await kv.get(endedKey(digest))) ? 'SESSION_ENDED' : 'SESSION_INVALID'

/**
 * The session of an access token and whether a current required agreement waits for the user's
 * signature (430 for most calls): one statement, or none while this process's copy is current
 * (the user's stamp unchanged; see user-stamp.ts). Revocation and expiry are checked on every call.
 * The stamp read is kept in the Auth, for the request's other stamped reads of the user.
 */
export async function authenticateAccess(
  db: Database,
  cache: AccessCache,
  accessToken: string,
  now: Date,
  /** Given, an unknown token is looked up among the ended ones (rememberEndedTokens). */
  kv?: Kv,
): Promise<{ auth: Auth; pendingRequired: boolean } | { refused: SessionRefusal }> {
  const accessHash = sha256Hex(accessToken)
  const found = await cache.read(accessHash, now, () => findSessionForAccess(db, accessHash, now), (row) => row.userId)
  const row = found?.value
  if (!row) return { refused: await refusalOfUnknown(kv, accessHash) }
  if (row.disabledAt) return { refused: 'ACCOUNT_DISABLED' }
  if (endedByAction(row)) return { refused: 'SESSION_ENDED' }
  if (row.revokedAt || row.accessExpiresAt <= now) return { refused: 'SESSION_INVALID' }
  const lastActive = (row.lastActiveAt ?? row.createdAt).getTime()
  if (now.getTime() - lastActive >= SESSION_ACTIVITY_GRANULARITY_MS) {
    await touchSession(db, row.sessionId, now)
    cache.update(accessHash, { ...row, lastActiveAt: now })
  }
  return {
    auth: {
      userId: row.userId,
      sessionId: row.sessionId,
      familyId: row.familyId,
      certified: row.certificationStatus === 1 && !certificationExpired(row.certifiedAt, now),
      stamp: found.stamp,
    },
    pendingRequired: row.pendingRequired,
  }
}

/**
 * Rotates a refresh token: the pair it belongs to is used up and a new pair of the same login is
 * made. A refresh token that was already used means it was copied: the whole login is revoked.
 */
export async function refreshSession(db: Database, kv: Kv, refreshToken: string, origin: ClientOrigin, now: Date): Promise<LoginState> {
  const digest = sha256Hex(refreshToken)
  const row = await findByRefreshHash(db, digest)
  if (!row) throw new AppError(await refusalOfUnknown(kv, digest))
  // A disabled account's ended logins answer what its live ones do: the account is abnormal.
  if (row.revokedAt && !row.rotatedAt && (await isAccountDisabled(db, row.userId))) throw new AppError('ACCOUNT_DISABLED')
  // A call without the user's session: it announces its own changes (user-stamp.ts).
  const revokeLogin = async () => {
    await revokeFamily(db, row.userId, row.familyId, now)
    await userChanged(kv, row.userId)
  }
  if (row.rotatedAt) {
    await revokeLogin()
    throw new AppError('SESSION_INVALID')
  }
  if (endedByAction(row)) throw new AppError('SESSION_ENDED')
  if (row.revokedAt || !row.refreshExpiresAt || row.refreshExpiresAt <= now) throw new AppError('SESSION_INVALID')
  const rotated = await db.transaction(async (tx) => {
    if (!(await markRotated(tx, row.id, now))) return undefined
    return startSession(tx, row.userId, origin, now, { familyId: row.familyId })
  })
  if (rotated) {
    // The old pair's access token is revoked with it.
    await userChanged(kv, row.userId)
    return rotated
  }
  // Another refresh with the same token won the race: a copy is in use.
  await revokeLogin()
  throw new AppError('SESSION_INVALID')
}

/** Ends a login (every pair of its family). */
export const endSession = (db: Database, auth: Auth, now: Date) => revokeFamily(db, auth.userId, auth.familyId, now)

/** Ends every login of the user. */
export const endAllSessions = (db: Database, userId: string, now: Date) => revokeUserSessions(db, userId, now)

/** Ends every login of the user but this one. */
export const endOtherSessions = (db: Database, auth: Pick<Auth, 'userId' | 'familyId'>, now: Date) => revokeOtherFamilies(db, auth.userId, auth.familyId, now)
