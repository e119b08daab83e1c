import { consoleNoticeCalls as calls } from '@ess/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { registerConsoleCall } from '../../lib/console-route'
import { operatorOf } from '../../plugins/console-auth'
import type { ContentAudit } from '../cms/audit-port'
import { recordAudit } from '../audit/record'
import { type ConsoleNoticeDeps, cancelScheduledNotice, listConsoleNotices, previewNotice, scheduleNotice, sendNotice } from './console'

/** The console's notices to employees (admin): /app/console/notices/* (packages/contract/src/console/notices.ts). */
export default async function noticeConsoleRoutes(fastify: FastifyInstance, { deps }: { deps: ConsoleNoticeDeps }) {
  const auditOf =
    (request: FastifyRequest): ContentAudit =>
    (tx, entry) =>
      recordAudit(tx, request, entry)

  registerConsoleCall(fastify, calls.consoleNoticeList, async () => ({ items: await listConsoleNotices(fastify.db) }))

  registerConsoleCall(fastify, calls.consoleNoticePreview, (request) => previewNotice(fastify.db, request.body))

  registerConsoleCall(fastify, calls.consoleNoticeSend, (request) => sendNotice(deps, operatorOf(request).id, request.body, auditOf(request)))

  registerConsoleCall(fastify, calls.consoleNoticeSchedule, (request) => scheduleNotice(deps, operatorOf(request), request.body, auditOf(request)))

  registerConsoleCall(fastify, calls.consoleNoticeCancel, (request) => cancelScheduledNotice(deps, request.params.scheduleId, auditOf(request)))
}
