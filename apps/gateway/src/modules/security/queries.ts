import { PASSWORD_HISTORY_SIZE, type SecurityEventType } from '@ess/contract'
import { and, asc, desc, eq, gt, inArray, isNull, min, or, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { appUser, passwordHistory, securityEvent, userSession } from '../../db/schema'
import type { ClientOrigin } from '../../lib/client-origin'

/** The current password hash of an account (null for an account made by SMS code). */
export async function findPasswordHash(db: Database, userId: string): Promise<string | null | undefined> {
  const [row] = await db.select({ passwordHash: appUser.passwordHash }).from(appUser).where(eq(appUser.id, userId))
  return row?.passwordHash
}

/** The hashes of the passwords the account had before the current one, newest first. */
export async function listEarlierPasswords(db: Database, userId: string): Promise<string[]> {
  const rows = await db
    .select({ passwordHash: passwordHistory.passwordHash })
    .from(passwordHistory)
    .where(eq(passwordHistory.userId, userId))
    .orderBy(desc(passwordHistory.replacedAt), desc(passwordHistory.id))
    .limit(PASSWORD_HISTORY_SIZE - 1)
  return rows.map((row) => row.passwordHash)
}

/**
 * Replaces the password: the one it replaces goes to the history, which keeps only the
 * PASSWORD_HISTORY_SIZE - 1 newest. Run inside the transaction of the change.
 */
export async function replacePassword(db: Database, userId: string, oldHash: string | null, newHash: string, now: Date): Promise<void> {
  await db.update(appUser).set({ passwordHash: newHash, updatedAt: now }).where(eq(appUser.id, userId))
  if (!oldHash) return
  await db.insert(passwordHistory).values({ userId, passwordHash: oldHash, replacedAt: now })
  const keep = db
    .select({ id: passwordHistory.id })
    .from(passwordHistory)
    .where(eq(passwordHistory.userId, userId))
    .orderBy(desc(passwordHistory.replacedAt), desc(passwordHistory.id))
    .limit(PASSWORD_HISTORY_SIZE - 1)
  await db.delete(passwordHistory).where(and(eq(passwordHistory.userId, userId), sql`${passwordHistory.id} not in (${keep})`))
}

export async function insertSecurityEvent(db: Database, userId: string, type: SecurityEventType, origin: ClientOrigin, at: Date): Promise<void> {
  await db.insert(securityEvent).values({ userId, type, at, ip: origin.ip, deviceId: origin.deviceId, client: origin.client, userAgent: origin.userAgent ?? '' })
}

export async function listSecurityEvents(db: Database, userId: string, since: Date, limit: number) {
  return db
    .select({ type: securityEvent.type, at: securityEvent.at, ip: securityEvent.ip, client: securityEvent.client, userAgent: securityEvent.userAgent })
    .from(securityEvent)
    .where(and(eq(securityEvent.userId, userId), gt(securityEvent.at, since)))
    .orderBy(desc(securityEvent.at), desc(securityEvent.id))
    .limit(limit)
}

/**
 * The live logins of a user: the one unrevoked pair of each family whose access or refresh token
 * is still valid, with when the family began (its first pair) and was last used.
 */
export async function listLiveLogins(db: Database, userId: string, now: Date) {
  const live = await db
    .select({
      familyId: userSession.familyId,
      ip: userSession.ip,
      client: userSession.client,
      userAgent: userSession.userAgent,
      createdAt: userSession.createdAt,
      lastActiveAt: userSession.lastActiveAt,
    })
    .from(userSession)
    .where(
      and(
        eq(userSession.userId, userId),
        isNull(userSession.revokedAt),
        or(gt(userSession.accessExpiresAt, now), gt(userSession.refreshExpiresAt, now)),
      ),
    )
  if (live.length === 0) return []
  const started = await db
    .select({ familyId: userSession.familyId, signedInAt: min(userSession.createdAt) })
    .from(userSession)
    .where(and(eq(userSession.userId, userId), inArray(userSession.familyId, live.map((row) => row.familyId))))
    .groupBy(userSession.familyId)
  const startOf = new Map(started.map((row) => [row.familyId, row.signedInAt]))
  return live.map((row) => ({ ...row, signedInAt: startOf.get(row.familyId) ?? row.createdAt }))
}

/** The sign-ins since a time: the first pair of every login begun then (a refresh is no sign-in). */
export async function listSignIns(db: Database, userId: string, since: Date, limit: number) {
  const first = db
    .selectDistinctOn([userSession.familyId], {
      at: userSession.createdAt,
      ip: userSession.ip,
      client: userSession.client,
      userAgent: userSession.userAgent,
    })
    .from(userSession)
    .where(eq(userSession.userId, userId))
    .orderBy(userSession.familyId, asc(userSession.createdAt))
    .as('first_pair')
  return db.select().from(first).where(gt(first.at, since)).orderBy(desc(first.at)).limit(limit)
}
