import { type SQL, and, count, desc, eq, gte, lt, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { auditLog } from '../../db/schema'

export interface AuditFilter {
  operator?: string
  action?: string
  resourceType?: string
  from?: string
  to?: string
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

function whereOf(filter: AuditFilter): SQL | undefined {
  const conditions: SQL[] = []
  if (filter.operator) {
    conditions.push(UUID.test(filter.operator) ? eq(auditLog.operatorId, filter.operator.toLowerCase()) : eq(auditLog.operatorEmail, filter.operator.toLowerCase()))
  }
  if (filter.action) conditions.push(eq(auditLog.action, filter.action))
  if (filter.resourceType) conditions.push(eq(auditLog.resourceType, filter.resourceType))
  if (filter.from) conditions.push(gte(auditLog.at, new Date(filter.from)))
  if (filter.to) conditions.push(lt(auditLog.at, new Date(filter.to)))
  return conditions.length ? and(...conditions) : undefined
}

const columns = {
  id: auditLog.id,
  at: auditLog.at,
  operatorId: auditLog.operatorId,
  operatorEmail: auditLog.operatorEmail,
  roles: auditLog.roles,
  action: auditLog.action,
  resourceType: auditLog.resourceType,
  resourceId: auditLog.resourceId,
  before: auditLog.before,
  after: auditLog.after,
  changed: auditLog.changed,
  reason: auditLog.reason,
  ip: auditLog.ip,
  userAgent: auditLog.userAgent,
  traceId: auditLog.traceId,
}

export type AuditRow = Awaited<ReturnType<typeof listAudit>>['rows'][number]

/** A page of the log, newest first, and how many rows the filter matches. */
export async function listAudit(db: Database, filter: AuditFilter, page: number, pageSize: number) {
  const where = whereOf(filter)
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(columns)
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(auditLog).where(where),
  ])
  return { rows, total }
}

/** The rows of a filter, newest first, in batches by id (keyset: steady cost however deep). */
export async function* auditBatches(db: Database, filter: AuditFilter, batchSize: number, maxRows: number) {
  let beforeId: number | undefined
  let sent = 0
  while (sent < maxRows) {
    const where = and(whereOf(filter), beforeId === undefined ? undefined : lt(auditLog.id, beforeId))
    const rows = await db
      .select(columns)
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.id))
      .limit(Math.min(batchSize, maxRows - sent))
    if (!rows.length) return
    yield rows
    sent += rows.length
    beforeId = rows[rows.length - 1].id
  }
}

/** Raw statement used by the tests to show the database refuses it. */
export const tamperStatements = {
  update: sql`update audit_log set action = 'tampered'`,
  delete: sql`delete from audit_log`,
  truncate: sql`truncate audit_log`,
}
