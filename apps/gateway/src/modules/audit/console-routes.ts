import { Readable } from 'node:stream'
import { AUDIT_EXPORT_MAX_ROWS, type AuditEntry, OPERATOR_AUDIT_ACTIONS, consoleAuditCalls as calls } from '@ess/contract'
import type { FastifyInstance } from 'fastify'
import { registerConsoleCall } from '../../lib/console-route'
import { CSV_BOM, csvLine } from './csv'
import { type AuditFilter, type AuditRow, auditBatches, listAudit } from './queries'
import { recordAudit } from './record'

const entryOf = (row: AuditRow): AuditEntry => ({
  id: String(row.id),
  at: row.at.toISOString(),
  operatorId: row.operatorId,
  operatorEmail: row.operatorEmail,
  roles: row.roles as AuditEntry['roles'],
  action: row.action,
  resourceType: row.resourceType,
  resourceId: row.resourceId,
  before: row.before ?? null,
  after: row.after ?? null,
  changed: row.changed,
  reason: row.reason,
  ip: row.ip,
  userAgent: row.userAgent,
  traceId: row.traceId,
})

const CSV_HEADER = ['at', 'operatorEmail', 'operatorId', 'roles', 'action', 'resourceType', 'resourceId', 'changed', 'before', 'after', 'reason', 'ip', 'userAgent', 'traceId']
const EXPORT_BATCH = 1000

const csvRow = (row: AuditRow) =>
  csvLine([row.at.toISOString(), row.operatorEmail, row.operatorId, row.roles.join(' '), row.action, row.resourceType, row.resourceId, row.changed.join(' '), row.before, row.after, row.reason, row.ip, row.userAgent, row.traceId])

/** The audit log for auditors and admins: /app/console/audit (packages/contract/src/console/audit.ts). */
export default async function auditConsoleRoutes(fastify: FastifyInstance) {
  registerConsoleCall(fastify, calls.consoleAuditList, async (request) => {
    const { page, pageSize, ...filter } = request.query
    const { rows, total } = await listAudit(fastify.db, filter, page, pageSize)
    return { items: rows.map(entryOf), total }
  })

  registerConsoleCall(fastify, calls.consoleAuditExport, async (request, reply) => {
    const filter: AuditFilter = request.query
    // Who took a copy of the log, and of what, is itself in the log (before the copy leaves).
    await fastify.db.transaction((tx) => recordAudit(tx, request, { action: OPERATOR_AUDIT_ACTIONS.auditExported, resourceType: 'audit_log', after: { filter } }))
    const db = fastify.db
    async function* lines() {
      yield CSV_BOM + csvLine(CSV_HEADER)
      for await (const batch of auditBatches(db, filter, EXPORT_BATCH, AUDIT_EXPORT_MAX_ROWS)) yield batch.map(csvRow).join('')
    }
    const day = fastify.now().toISOString().slice(0, 10)
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="audit-${day}.csv"`)
      .header('cache-control', 'no-store')
    return reply.send(Readable.from(lines()))
  })
}
