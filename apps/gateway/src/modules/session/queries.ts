import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { preparedStatement } from '../../db/prepared'
import { agreement, agreementVersion, appUser, userAgreement, userSession } from '../../db/schema'

export type SessionRow = typeof userSession.$inferInsert

const SESSION_FIELDS = [
  'familyId',
  'userId',
  'accessHash',
  'refreshHash',
  'accessExpiresAt',
  'refreshExpiresAt',
  'createdAt',
  'ip',
  'deviceId',
  'client',
  'userAgent',
] as const satisfies ReadonlyArray<keyof SessionRow>
type NewSession = Pick<SessionRow, (typeof SESSION_FIELDS)[number]>

/**
 * The refresh expiry is null after a quick login, which drizzle's timestamp encoder of a placeholder
 * cannot take: that one placeholder is sent as is (an ISO text or null), typed by the SQL.
 */
const insertStatement = preparedStatement((db) =>
  db
    .insert(userSession)
    .values({
      ...Object.fromEntries(SESSION_FIELDS.map((field) => [field, sql.placeholder(field)])),
      refreshExpiresAt: sql`${sql.placeholder('refreshExpiresAt')}::timestamptz`,
    } as unknown as SessionRow)
    .prepare('insert_session'),
)

/** Keeps a new session (a prepared statement: every sign-in and refresh makes one). */
export async function insertSession(db: Database, row: NewSession) {
  await insertStatement(db).execute({
    ...Object.fromEntries(SESSION_FIELDS.map((field) => [field, row[field] ?? null])),
    refreshExpiresAt: row.refreshExpiresAt?.toISOString() ?? null,
  })
}

/**
 * Whether a current required agreement of set 1 (the app's) waits for the user's signature: the
 * newest published version of each agreement of the set (as listCurrentVersions picks it) that is
 * required and not signed by the user. One subquery, so that access checks cost one statement.
 */
const pendingRequired = sql<boolean>`exists (
  select 1 from (
    select distinct on (${agreement.id}) ${agreementVersion.id} as id, ${agreementVersion.required} as required
    from ${agreement} join ${agreementVersion} on ${agreementVersion.agreementId} = ${agreement.id}
    where ${agreement.setType} = '1' and ${agreementVersion.publishedAt} <= ${sql.placeholder('now')}
    order by ${agreement.id}, ${agreementVersion.publishedAt} desc, ${agreementVersion.id} desc
  ) current_version
  where current_version.required
    and not exists (select 1 from ${userAgreement} where ${userAgreement.userId} = ${userSession.userId} and ${userAgreement.agreementVersionId} = current_version.id)
)`

/** Prepared: every signed-in call asks it (the access guard). */
const sessionByAccess = preparedStatement((db) =>
  db
    .select({
      sessionId: userSession.id,
      familyId: userSession.familyId,
      userId: userSession.userId,
      certificationStatus: appUser.certificationStatus,
      certifiedAt: appUser.certifiedAt,
      disabledAt: appUser.disabledAt,
      createdAt: userSession.createdAt,
      lastActiveAt: userSession.lastActiveAt,
      accessExpiresAt: userSession.accessExpiresAt,
      revokedAt: userSession.revokedAt,
      rotatedAt: userSession.rotatedAt,
      pendingRequired,
    })
    .from(userSession)
    .innerJoin(appUser, eq(appUser.id, userSession.userId))
    .where(eq(userSession.accessHash, sql.placeholder('accessHash')))
    .prepare('session_by_access'),
)

/**
 * The session of an access token digest, live or not (the caller checks its revocation and expiry,
 * so that the row can be kept), with what access checks need of its user: the certification and
 * whether a required agreement published by `now` waits for a signature. One statement.
 */
export async function findSessionForAccess(db: Database, accessHash: string, now: Date) {
  const [row] = await sessionByAccess(db).execute({ accessHash, now: now.toISOString() })
  return row
}

export type AccessRow = NonNullable<Awaited<ReturnType<typeof findSessionForAccess>>>

/** Whether a support agent disabled the account (issue 34): a sign-in is refused then. */
export async function isAccountDisabled(db: Database, userId: string): Promise<boolean> {
  const [row] = await db.select({ disabledAt: appUser.disabledAt }).from(appUser).where(eq(appUser.id, userId))
  return !!row?.disabledAt
}

export async function findByRefreshHash(db: Database, refreshHash: string) {
  const [row] = await db
    .select({
      id: userSession.id,
      familyId: userSession.familyId,
      userId: userSession.userId,
      refreshExpiresAt: userSession.refreshExpiresAt,
      rotatedAt: userSession.rotatedAt,
      revokedAt: userSession.revokedAt,
    })
    .from(userSession)
    .where(eq(userSession.refreshHash, refreshHash))
  return row
}

/** Marks a pair as used up by a refresh; false when it already was (or was revoked): a reuse. */
export async function markRotated(db: Database, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(userSession)
    .set({ rotatedAt: now, revokedAt: now })
    .where(and(eq(userSession.id, id), isNull(userSession.rotatedAt), isNull(userSession.revokedAt)))
    .returning({ id: userSession.id })
  return rows.length === 1
}

/** Revokes the live pairs of the matching sessions; answers how many logins (families) that ended. */
async function revokeWhere(db: Database, where: ReturnType<typeof and>, now: Date): Promise<number> {
  const rows = await db
    .update(userSession)
    .set({ revokedAt: now })
    .where(and(where, isNull(userSession.revokedAt)))
    .returning({ familyId: userSession.familyId })
  return new Set(rows.map((row) => row.familyId)).size
}

/** Revokes one login of a user (the user narrows the look-up to the index's prefix). */
export const revokeFamily = (db: Database, userId: string, familyId: string, now: Date) =>
  revokeWhere(db, and(eq(userSession.userId, userId), eq(userSession.familyId, familyId)), now)

export const revokeUserSessions = (db: Database, userId: string, now: Date) => revokeWhere(db, eq(userSession.userId, userId), now)

/** Live (not revoked, not expired) pairs of a user: tests and account screens. */
export async function countLiveSessions(db: Database, userId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(userSession)
    .where(and(eq(userSession.userId, userId), isNull(userSession.revokedAt), gt(userSession.accessExpiresAt, now)))
  return row.count
}

/**
 * The token digests of a user's pairs not used up by a refresh and not expired (revoked ones too:
 * they were ended), each with the time it would expire.
 */
export async function unexpiredTokenDigests(db: Database, userId: string, now: Date): Promise<Array<{ digest: string; expiresAt: Date }>> {
  const rows = await db
    .select({ accessHash: userSession.accessHash, accessExpiresAt: userSession.accessExpiresAt, refreshHash: userSession.refreshHash, refreshExpiresAt: userSession.refreshExpiresAt })
    .from(userSession)
    .where(and(eq(userSession.userId, userId), isNull(userSession.rotatedAt)))
  return rows.flatMap((row) => [
    ...(row.accessExpiresAt > now ? [{ digest: row.accessHash, expiresAt: row.accessExpiresAt }] : []),
    ...(row.refreshHash && row.refreshExpiresAt && row.refreshExpiresAt > now ? [{ digest: row.refreshHash, expiresAt: row.refreshExpiresAt }] : []),
  ])
}

/** Records that a pair was used (the devices screen's "last active"). */
export async function touchSession(db: Database, sessionId: string, now: Date): Promise<void> {
  await db.update(userSession).set({ lastActiveAt: now }).where(eq(userSession.id, sessionId))
}

/** Revokes every login of a user but one (the current). */
export const revokeOtherFamilies = (db: Database, userId: string, keepFamilyId: string, now: Date) =>
  revokeWhere(db, and(eq(userSession.userId, userId), ne(userSession.familyId, keepFamilyId)), now)
