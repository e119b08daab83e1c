import { type ConsoleOperatorItem, type ConsoleRole, OPERATOR_ADMIN_AUDIT_ACTIONS as A } from '@ess/contract'
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { operator, operatorEnrollment, operatorPasskey, operatorRecoveryCode, operatorRole } from '../../db/schema'
import { AppError } from '../../lib/app-error'
import { type AuditInput, insertAudit } from '../audit/record'
import { enrollmentLink } from './cli'
import { type OperatorRecord, findOperator, voidEnrollments } from './queries'
import { type OperatorDeps, type OperatorOrigin, inviteOperator, ownSessions } from './service'
import { endConsoleSessions, listConsoleSessions } from './session'

/**
 * Operators' management (issue 34): what an admin does to other operators. Every change is one
 * transaction with its audit row. The last-admin rule is checked under a lock on the admins' rows,
 * so two admins demoting each other at once cannot leave the console without one.
 */

type Actor = NonNullable<AuditInput['actor']>
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const rolesColumn = sql<ConsoleRole[]>`coalesce((select array_agg(${operatorRole.role} order by ${operatorRole.role}) from ${operatorRole} where ${operatorRole.operatorId} = ${operator.id}), '{}')`

async function rowsOf(db: Database, id?: string) {
  const openLink = db
    .select({ operatorId: operatorEnrollment.operatorId, expiresAt: sql<Date>`max(${operatorEnrollment.expiresAt})`.as('expires_at') })
    .from(operatorEnrollment)
    .where(isNull(operatorEnrollment.usedAt))
    .groupBy(operatorEnrollment.operatorId)
    .as('open_link')
  return db
    .select({
      id: operator.id,
      email: operator.email,
      displayName: operator.displayName,
      status: operator.status,
      roles: rolesColumn,
      lastSignInAt: operator.lastSignInAt,
      createdAt: operator.createdAt,
      enrollmentExpiresAt: openLink.expiresAt,
    })
    .from(operator)
    .leftJoin(openLink, eq(openLink.operatorId, operator.id))
    .where(id ? eq(operator.id, id) : undefined)
    .orderBy(asc(operator.email))
}

const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null)

async function itemsOf(deps: OperatorDeps, rows: Awaited<ReturnType<typeof rowsOf>>): Promise<ConsoleOperatorItem[]> {
  const now = deps.now()
  return Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      email: row.email,
      displayName: row.displayName,
      roles: row.roles,
      status: row.status,
      lastSignInAt: iso(row.lastSignInAt),
      createdAt: row.createdAt.toISOString(),
      sessions: row.status === 'active' ? (await listConsoleSessions(deps, row.id, now)).length : 0,
      enrollmentExpiresAt: row.status === 'invited' && row.enrollmentExpiresAt && new Date(row.enrollmentExpiresAt) > now ? iso(row.enrollmentExpiresAt) : null,
    })),
  )
}

export async function listOperators(deps: OperatorDeps) {
  return itemsOf(deps, await rowsOf(deps.db))
}

async function itemOf(deps: OperatorDeps, id: string) {
  const [item] = await itemsOf(deps, await rowsOf(deps.db, id))
  if (!item) throw new AppError('OPERATOR_NOT_FOUND')
  return item
}

/** The operator of a path, locked for this transaction; OPERATOR_NOT_FOUND when there is none. */
async function targetOf(tx: Database, id: string): Promise<OperatorRecord> {
  if (!UUID.test(id)) throw new AppError('OPERATOR_NOT_FOUND')
  // Every admin's row is locked first (in one order), then the target's: the last-admin count below stays true until commit.
  await tx.execute(sql`select ${operator.id} from ${operator} where ${operator.id} in (select ${operatorRole.operatorId} from ${operatorRole} where ${operatorRole.role} = 'admin') or ${operator.id} = ${id} order by ${operator.id} for update`)
  const found = await findOperator(tx, id)
  if (!found) throw new AppError('OPERATOR_NOT_FOUND')
  return found
}

/** Refuses when `target` is the only active admin (it is about to be disabled, reset or demoted). */
async function keepAnAdmin(tx: Database, target: OperatorRecord) {
  if (target.status !== 'active' || !target.roles.includes('admin')) return
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(operator)
    .innerJoin(operatorRole, and(eq(operatorRole.operatorId, operator.id), eq(operatorRole.role, 'admin')))
    .where(and(eq(operator.status, 'active'), ne(operator.id, target.id)))
  if (!row || row.count === 0) throw new AppError('LAST_ADMIN')
}

async function endAllSessions(deps: OperatorDeps, tx: Database, operatorId: string) {
  const ids = (await listConsoleSessions({ db: tx, kv: deps.kv }, operatorId, deps.now())).map((session) => session.id)
  await endConsoleSessions({ db: tx, kv: deps.kv }, operatorId, ids, deps.now())
  return ids.length
}

const audit = (deps: OperatorDeps, tx: Database, origin: OperatorOrigin, actor: Actor, input: AuditInput) => insertAudit(tx, origin, { ...input, actor }, deps.now())

/** Invites an operator with these roles (an operator not yet enrolled gets the roles and a new link, the earlier one void). */
export async function inviteByAdmin(
  deps: OperatorDeps,
  actor: Actor,
  input: { email: string; displayName?: string; roles: readonly ConsoleRole[] },
  origin: OperatorOrigin,
) {
  try {
    const made = await deps.db.transaction(async (tx) => {
      const [existing] = await tx.select({ id: operator.id, status: operator.status }).from(operator).where(eq(operator.email, input.email))
      if (existing?.status === 'invited') {
        await tx.delete(operatorRole).where(eq(operatorRole.operatorId, existing.id))
        await tx.insert(operatorRole).values(input.roles.map((role) => ({ operatorId: existing.id, role })))
        if (input.displayName) await tx.update(operator).set({ displayName: input.displayName, updatedAt: deps.now() }).where(eq(operator.id, existing.id))
      }
      return inviteOperator({ ...deps, db: tx }, input, origin, actor)
    })
    return { id: made.operatorId, enrollmentUrl: enrollmentLink(deps.rp.origin, made.token), expiresAt: made.expiresAt.toISOString() }
  } catch (error) {
    if (error instanceof AppError && error.errorCode === 'ALREADY_REGISTERED') throw new AppError('OPERATOR_EXISTS')
    throw error
  }
}

export async function changeRoles(deps: OperatorDeps, actor: Actor, id: string, roles: readonly ConsoleRole[], origin: OperatorOrigin) {
  await deps.db.transaction(async (tx) => {
    const target = await targetOf(tx, id)
    if (!roles.includes('admin')) await keepAnAdmin(tx, target)
    if (JSON.stringify(target.roles) === JSON.stringify([...roles].sort())) return
    await tx.delete(operatorRole).where(eq(operatorRole.operatorId, id))
    await tx.insert(operatorRole).values(roles.map((role) => ({ operatorId: id, role })))
    await tx.update(operator).set({ updatedAt: deps.now() }).where(eq(operator.id, id))
    await audit(deps, tx, origin, actor, { action: A.rolesChanged, resourceType: 'operator', resourceId: id, before: { roles: target.roles }, after: { roles: [...roles].sort() } })
  })
  return itemOf(deps, id)
}

export async function setStatus(deps: OperatorDeps, actor: Actor, id: string, status: 'active' | 'disabled', origin: OperatorOrigin) {
  await deps.db.transaction(async (tx) => {
    const target = await targetOf(tx, id)
    if (target.status === status) return
    if (status === 'disabled') {
      if (target.id === actor.id) throw new AppError('OPERATOR_SELF')
      await keepAnAdmin(tx, target)
    } else if (target.status === 'invited') {
      throw new AppError('OPERATOR_NOT_ENROLLED')
    }
    await tx.update(operator).set({ status, updatedAt: deps.now() }).where(eq(operator.id, id))
    const sessionsEnded = status === 'disabled' ? await endAllSessions(deps, tx, id) : 0
    await audit(deps, tx, origin, actor, {
      action: status === 'disabled' ? A.disabled : A.enabled,
      resourceType: 'operator',
      resourceId: id,
      before: { status: target.status },
      after: { status, ...(status === 'disabled' ? { sessionsEnded } : {}) },
    })
  })
  return itemOf(deps, id)
}

/**
 * Resets the second factor: the authenticator, passkeys, recovery codes and password go, the
 * sessions end, the operator is back to invited with a new enrollment link (24 h) that sets the
 * password and the authenticator again, as the first time.
 */
export async function resetSecondFactor(deps: OperatorDeps, actor: Actor, id: string, origin: OperatorOrigin) {
  const made = await deps.db.transaction(async (tx) => {
    const target = await targetOf(tx, id)
    if (target.id === actor.id) throw new AppError('OPERATOR_SELF')
    await keepAnAdmin(tx, target)
    const now = deps.now()
    const sessionsEnded = await endAllSessions(deps, tx, id)
    await tx.update(operator).set({ status: 'invited', passwordHash: null, totpSecret: null, totpLastStep: null, updatedAt: now }).where(eq(operator.id, id))
    const passkeys = await tx.delete(operatorPasskey).where(eq(operatorPasskey.operatorId, id)).returning({ id: operatorPasskey.id })
    await tx.delete(operatorRecoveryCode).where(eq(operatorRecoveryCode.operatorId, id))
    await voidEnrollments(tx, id, now)
    await audit(deps, tx, origin, actor, {
      action: A.factorReset,
      resourceType: 'operator',
      resourceId: id,
      before: { status: target.status },
      after: { status: 'invited', passkeysRemoved: passkeys.length, sessionsEnded },
    })
    return inviteOperator({ ...deps, db: tx }, { email: target.email, roles: target.roles }, origin, actor)
  })
  return { id, enrollmentUrl: enrollmentLink(deps.rp.origin, made.token), expiresAt: made.expiresAt.toISOString() }
}

export async function operatorSessions(deps: OperatorDeps, id: string, currentSessionId: string) {
  if (!UUID.test(id) || !(await findOperator(deps.db, id))) throw new AppError('OPERATOR_NOT_FOUND')
  return ownSessions(deps, id, currentSessionId)
}

export async function revokeOperatorSession(deps: OperatorDeps, actor: Actor, id: string, sessionId: string, origin: OperatorOrigin) {
  if (!UUID.test(id) || !(await findOperator(deps.db, id))) throw new AppError('OPERATOR_NOT_FOUND')
  const live = await listConsoleSessions(deps, id, deps.now())
  if (!live.some((session) => session.id === sessionId)) throw new AppError('SESSION_NOT_FOUND')
  await deps.db.transaction(async (tx) => {
    await endConsoleSessions({ db: tx, kv: deps.kv }, id, [sessionId], deps.now())
    await audit(deps, tx, origin, actor, { action: A.sessionRevokedByAdmin, resourceType: 'operator_session', resourceId: sessionId, after: { operatorId: id } })
  })
}

