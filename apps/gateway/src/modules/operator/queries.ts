import type { ConsoleRole, Locale } from '@ess/contract'
import { and, asc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { operator, operatorEnrollment, operatorPasskey, operatorRecoveryCode, operatorRole, operatorSession } from '../../db/schema'

/** What the console's checks read of an operator at each call (roles change, operators get disabled). */
export interface OperatorRecord {
  id: string
  email: string
  displayName: string
  status: 'invited' | 'active' | 'disabled'
  locale: Locale
  roles: ConsoleRole[]
}

const rolesColumn = sql<ConsoleRole[]>`coalesce((select array_agg(${operatorRole.role} order by ${operatorRole.role}) from ${operatorRole} where ${operatorRole.operatorId} = ${operator.id}), '{}')`

const recordColumns = {
  id: operator.id,
  email: operator.email,
  displayName: operator.displayName,
  status: operator.status,
  locale: operator.locale,
  roles: rolesColumn,
}

export async function findOperator(db: Database, id: string): Promise<OperatorRecord | undefined> {
  const [row] = await db.select(recordColumns).from(operator).where(eq(operator.id, id))
  return row
}

export async function findOperatorByEmail(db: Database, email: string) {
  const [row] = await db
    .select({ ...recordColumns, passwordHash: operator.passwordHash, totpSecret: operator.totpSecret })
    .from(operator)
    .where(eq(operator.email, email))
  return row
}

export async function findSecrets(db: Database, id: string) {
  const [row] = await db
    .select({ passwordHash: operator.passwordHash, totpSecret: operator.totpSecret, totpLastStep: operator.totpLastStep })
    .from(operator)
    .where(eq(operator.id, id))
  return row
}

/**
 * Moves the operator's last accepted TOTP time step forward to `step`; false when a code of that
 * step or a later one was already accepted (a reused code, or a concurrent use of the same one).
 */
export async function claimTotpStep(db: Database, id: string, step: number): Promise<boolean> {
  const rows = await db
    .update(operator)
    .set({ totpLastStep: step })
    .where(and(eq(operator.id, id), or(isNull(operator.totpLastStep), lt(operator.totpLastStep, step))))
    .returning({ id: operator.id })
  return rows.length === 1
}

export async function markSignedIn(db: Database, id: string, at: Date) {
  await db.update(operator).set({ lastSignInAt: at }).where(eq(operator.id, id))
}

export async function insertOperator(db: Database, input: { email: string; displayName: string; roles: readonly ConsoleRole[]; now: Date }) {
  const [row] = await db
    .insert(operator)
    .values({ email: input.email, displayName: input.displayName, createdAt: input.now, updatedAt: input.now })
    .returning({ id: operator.id })
  await db.insert(operatorRole).values(input.roles.map((role) => ({ operatorId: row.id, role })))
  return row.id
}

export async function setPassword(db: Database, id: string, passwordHash: string, now: Date) {
  await db.update(operator).set({ passwordHash, updatedAt: now }).where(eq(operator.id, id))
}

export async function activate(db: Database, id: string, input: { passwordHash: string; totpSecret: string; totpLastStep: number; now: Date }) {
  await db
    .update(operator)
    .set({ status: 'active', passwordHash: input.passwordHash, totpSecret: input.totpSecret, totpLastStep: input.totpLastStep, updatedAt: input.now })
    .where(eq(operator.id, id))
}

// Recovery codes.

export async function replaceRecoveryCodes(db: Database, operatorId: string, hashes: string[], now: Date) {
  await db.delete(operatorRecoveryCode).where(eq(operatorRecoveryCode.operatorId, operatorId))
  await db.insert(operatorRecoveryCode).values(hashes.map((codeHash) => ({ operatorId, codeHash, createdAt: now })))
}

/** Marks an unused code used; false when there is none such (wrong, or used already, or concurrently). */
export async function useRecoveryCode(db: Database, operatorId: string, codeHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(operatorRecoveryCode)
    .set({ usedAt: now })
    .where(and(eq(operatorRecoveryCode.operatorId, operatorId), eq(operatorRecoveryCode.codeHash, codeHash), isNull(operatorRecoveryCode.usedAt)))
    .returning({ id: operatorRecoveryCode.id })
  return rows.length === 1
}

export async function countUnusedRecoveryCodes(db: Database, operatorId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(operatorRecoveryCode)
    .where(and(eq(operatorRecoveryCode.operatorId, operatorId), isNull(operatorRecoveryCode.usedAt)))
  return row?.count ?? 0
}

// Passkeys.

export async function listPasskeys(db: Database, operatorId: string) {
  return db
    .select({
      id: operatorPasskey.id,
      publicKey: operatorPasskey.publicKey,
      counter: operatorPasskey.counter,
      transports: operatorPasskey.transports,
      name: operatorPasskey.name,
      createdAt: operatorPasskey.createdAt,
      lastUsedAt: operatorPasskey.lastUsedAt,
    })
    .from(operatorPasskey)
    .where(eq(operatorPasskey.operatorId, operatorId))
    .orderBy(asc(operatorPasskey.createdAt))
}

export async function insertPasskey(
  db: Database,
  row: { id: string; operatorId: string; publicKey: string; counter: number; transports: string[]; name: string; createdAt: Date },
) {
  await db.insert(operatorPasskey).values(row)
}

export async function passkeyUsed(db: Database, id: string, counter: number, at: Date) {
  await db.update(operatorPasskey).set({ counter, lastUsedAt: at }).where(eq(operatorPasskey.id, id))
}

// Enrollment.

export async function insertEnrollment(db: Database, row: { tokenHash: string; operatorId: string; totpSecret: string; expiresAt: Date; createdAt: Date }) {
  await db.insert(operatorEnrollment).values(row)
}

export async function findEnrollment(db: Database, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ operatorId: operatorEnrollment.operatorId, totpSecret: operatorEnrollment.totpSecret, email: operator.email, status: operator.status })
    .from(operatorEnrollment)
    .innerJoin(operator, eq(operator.id, operatorEnrollment.operatorId))
    .where(and(eq(operatorEnrollment.tokenHash, tokenHash), isNull(operatorEnrollment.usedAt), gt(operatorEnrollment.expiresAt, now)))
  return row
}

/** Uses up every open link of the operator (a renewed link, a reset second factor). */
export async function voidEnrollments(db: Database, operatorId: string, now: Date) {
  await db.update(operatorEnrollment).set({ usedAt: now }).where(and(eq(operatorEnrollment.operatorId, operatorId), isNull(operatorEnrollment.usedAt)))
}

/** Uses the link up; false when it was used (or expired) meanwhile. */
export async function useEnrollment(db: Database, tokenHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(operatorEnrollment)
    .set({ usedAt: now })
    .where(and(eq(operatorEnrollment.tokenHash, tokenHash), isNull(operatorEnrollment.usedAt), gt(operatorEnrollment.expiresAt, now)))
    .returning({ operatorId: operatorEnrollment.operatorId })
  return rows.length === 1
}

// Sessions (the listing; liveness is in the KV).

export async function insertSession(db: Database, row: { id: string; operatorId: string; createdAt: Date; expiresAt: Date; ip: string; userAgent: string }) {
  await db.insert(operatorSession).values(row)
}

export async function listOpenSessions(db: Database, operatorId: string, now: Date) {
  return db
    .select({ id: operatorSession.id, createdAt: operatorSession.createdAt, ip: operatorSession.ip, userAgent: operatorSession.userAgent })
    .from(operatorSession)
    .where(and(eq(operatorSession.operatorId, operatorId), isNull(operatorSession.endedAt), gt(operatorSession.expiresAt, now)))
    .orderBy(asc(operatorSession.createdAt))
}

export async function endSessionRows(db: Database, operatorId: string, ids: readonly string[], now: Date) {
  if (!ids.length) return
  for (const id of ids) {
    await db
      .update(operatorSession)
      .set({ endedAt: now })
      .where(and(eq(operatorSession.id, id), eq(operatorSession.operatorId, operatorId), isNull(operatorSession.endedAt)))
  }
}
