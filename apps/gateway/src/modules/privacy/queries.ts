import type { PrivacyInfoType, PrivacyScene } from '@ess/contract'
import { and, desc, eq, gte, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { collectionRecord, userSession } from '../../db/schema'

/**
 * Sign-ins are read from the login sessions, not written to the ledger: the first token pair of a
 * login (a session family) keeps when it started, its network address and device id. Refreshing
 * adds pairs to the same family, so only each family's earliest row counts. The password sign-in,
 * a measured hot path, thus writes nothing for the ledger.
 */
const SIGN_IN_TYPES: readonly PrivacyInfoType[] = ['deviceId', 'ipAddress']

export interface TypeTotal {
  type: PrivacyInfoType
  count: number
  lastAt: Date | null
}

/** Per type: values collected since a time and the latest collection, ledger and sign-ins together. */
export async function totalsSince(db: Database, userId: string, since: Date): Promise<Map<PrivacyInfoType, TypeTotal>> {
  const ledger = await db
    .select({
      type: collectionRecord.infoType,
      count: sql<number>`sum(${collectionRecord.count})::int`,
      lastAt: sql<Date>`max(${collectionRecord.at})`.mapWith(collectionRecord.at),
    })
    .from(collectionRecord)
    .where(and(eq(collectionRecord.userId, userId), gte(collectionRecord.at, since)))
    .groupBy(collectionRecord.infoType)
  const totals = new Map<PrivacyInfoType, TypeTotal>(ledger.map((row) => [row.type, { type: row.type, count: Number(row.count), lastAt: row.lastAt }]))

  // One row per login (a user has tens or hundreds a year), counted here rather than in SQL.
  const signIns = await signInsSince(db, userId, since, Number.POSITIVE_INFINITY)
  const count = signIns.length
  if (count) {
    const lastAt = signIns[0]?.at ?? null
    for (const type of SIGN_IN_TYPES) {
      const known = totals.get(type)
      totals.set(type, {
        type,
        count: (known?.count ?? 0) + count,
        lastAt: known?.lastAt && lastAt && known.lastAt > lastAt ? known.lastAt : (lastAt ?? known?.lastAt ?? null),
      })
    }
  }
  return totals
}

export interface SignIn {
  at: Date
  ip: string
  deviceId: string
}

/** The first pair of each login started since a time, newest first. */
export async function signInsSince(db: Database, userId: string, since: Date, limit: number): Promise<SignIn[]> {
  const rows = await db
    .selectDistinctOn([userSession.familyId], { at: userSession.createdAt, ip: userSession.ip, deviceId: userSession.deviceId })
    .from(userSession)
    .where(eq(userSession.userId, userId))
    .orderBy(userSession.familyId, userSession.createdAt)
  return rows
    .filter((row) => row.at >= since)
    .sort((a, b) => b.at.getTime() - a.at.getTime())
    .slice(0, limit)
}

export interface LedgerRow {
  at: Date
  scene: PrivacyScene
  masked: string | null
  count: number
}

/** The ledger rows of one type since a time, newest first. */
export function ledgerRows(db: Database, userId: string, type: PrivacyInfoType, since: Date, limit: number): Promise<LedgerRow[]> {
  return db
    .select({ at: collectionRecord.at, scene: collectionRecord.scene, masked: collectionRecord.masked, count: collectionRecord.count })
    .from(collectionRecord)
    .where(and(eq(collectionRecord.userId, userId), eq(collectionRecord.infoType, type), gte(collectionRecord.at, since)))
    .orderBy(desc(collectionRecord.at), desc(collectionRecord.id))
    .limit(limit)
}

/** Every ledger row of a user (the copy of my data). */
export function allLedgerRows(db: Database, userId: string) {
  return db
    .select({ type: collectionRecord.infoType, at: collectionRecord.at, scene: collectionRecord.scene, masked: collectionRecord.masked, count: collectionRecord.count })
    .from(collectionRecord)
    .where(eq(collectionRecord.userId, userId))
    .orderBy(desc(collectionRecord.at), desc(collectionRecord.id))
}
