import { GRANT_CODE_TTL_S, type LoginState, SIGNATURE_WINDOW_MS } from '@ess/contract'
import { and, eq, gt, isNull } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { grantCodeTable } from '../../db/schema'
import { AppError } from '../../lib/app-error'
import type { ClientOrigin } from '../../lib/client-origin'
import { newToken, sha256Hex } from '../../lib/digest'
import { startSession } from '../session/service'
import { findUserById } from '../user/queries'

/** The health mini-program: the partner app whose users may come back by quick login ('hm'). */
export const HEALTH_MINI_APP_ID = 'hm'
/** How a hand-back code is marked among the one-time codes. */
const HANDBACK = 'handback'

/**
 * A partner app's server asks for a hand-back token for a user it knows (by the userId it learnt
 * from an exchange): single use, GRANT_CODE_TTL_S, kept only as a SHA-256.
 */
export async function issueHandback(db: Database, appId: string, userId: string, now: Date): Promise<{ token: string; expiresIn: number }> {
  if (appId !== HEALTH_MINI_APP_ID) throw new AppError('FORBIDDEN')
  if (!(await findUserById(db, userId).catch(() => undefined))) throw new AppError('QUICK_LOGIN_FAILED')
  const token = newToken()
  await db.insert(grantCodeTable).values({
    codeHash: sha256Hex(token),
    userId,
    appId,
    dest: HANDBACK,
    createdAt: now,
    expiresAt: new Date(now.getTime() + GRANT_CODE_TTL_S * 1000),
  })
  return { token, expiresIn: GRANT_CODE_TTL_S }
}

/**
 * ssoLogin (SPEC §4 quick login, §7): redeems a hand-back token once, before it expires, with a
 * request timestamp inside the signature window; starts a login without a refresh token.
 */
export async function quickLogin(db: Database, input: { token: string; timestamp: number }, origin: ClientOrigin, now: Date): Promise<LoginState> {
  if (Math.abs(now.getTime() - input.timestamp) > SIGNATURE_WINDOW_MS) throw new AppError('QUICK_LOGIN_FAILED')
  const [used] = await db
    .update(grantCodeTable)
    .set({ usedAt: now })
    .where(
      and(
        eq(grantCodeTable.codeHash, sha256Hex(input.token)),
        eq(grantCodeTable.appId, HEALTH_MINI_APP_ID),
        eq(grantCodeTable.dest, HANDBACK),
        isNull(grantCodeTable.usedAt),
        gt(grantCodeTable.expiresAt, now),
      ),
    )
    .returning({ userId: grantCodeTable.userId })
  if (!used) throw new AppError('QUICK_LOGIN_FAILED')
  return startSession(db, used.userId, origin, now, { withRefresh: false })
}
