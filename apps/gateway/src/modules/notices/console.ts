import { randomUUID } from 'node:crypto'
import {
  CONSOLE_NOTICE_AUDIT_ACTIONS as A,
  CONSOLE_NOTICE_SOURCE,
  type ConsoleNoticeBody,
  type ConsoleNoticeItem,
  type NoticeAudience,
  type NoticeReach,
  type NoticeRecipient,
} from '@ess/contract'
import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { clientCompany, cmsSchedule, employee, noticeBatch, noticeRecipient, userCertification } from '../../db/schema'
import { AppError } from '../../lib/app-error'
import { sha256Hex } from '../../lib/digest'
import type { ContentAudit } from '../cms/audit-port'
import type { ContentScheduler } from '../cms/schedule'
import { type BatchDeps, type RecipientOutcomes, resolveRecipients, storeBatch } from './batch'

/**
 * The console's notices (issue 34): an audience resolved to company code + employee number pairs
 * and handed to the notices API's own path (resolveRecipients + storeBatch of batch.ts: the same
 * batch, recipients, fan-out job and inbox rows), now or at a planned time (the content planner,
 * modules/cms/schedule.ts, resource `notice`, action `send`).
 */

export interface ConsoleNoticeDeps extends BatchDeps {
  scheduler: ContentScheduler
}

/** Everyone or a company: the employees with an account linked by a real-name verification. */
async function linkedEmployees(db: Database, companyCode?: string): Promise<NoticeRecipient[]> {
  return db
    .select({ companyCode: clientCompany.code, employeeNo: employee.employeeNo })
    .from(userCertification)
    .innerJoin(employee, eq(employee.id, userCertification.employeeId))
    .innerJoin(clientCompany, eq(clientCompany.id, employee.companyId))
    .where(companyCode ? eq(clientCompany.code, companyCode) : undefined)
    .orderBy(clientCompany.code, employee.employeeNo)
}

export async function audienceRecipients(db: Database, audience: NoticeAudience): Promise<NoticeRecipient[]> {
  if (audience.type === 'list') return audience.recipients
  if (audience.type === 'company') {
    const [company] = await db.select({ id: clientCompany.id }).from(clientCompany).where(eq(clientCompany.code, audience.companyCode))
    if (!company) throw new AppError('NOTICE_COMPANY_UNKNOWN')
    return linkedEmployees(db, audience.companyCode)
  }
  return linkedEmployees(db)
}

const reachOf = (outcomes: RecipientOutcomes): NoticeReach => ({
  targeted: outcomes.length,
  reachable: outcomes.filter((o) => o.status === 'queued').length,
  skippedNoAccount: outcomes.filter((o) => o.reason === 'noAccount').length,
  skippedSwitchedOff: outcomes.filter((o) => o.reason === 'switchedOff').length,
  skippedDuplicate: outcomes.filter((o) => o.reason === 'duplicate').length,
})

async function outcomesOf(db: Database, body: ConsoleNoticeBody) {
  const recipients = await audienceRecipients(db, body.audience)
  if (!recipients.length) throw new AppError('NOTICE_NOBODY')
  return resolveRecipients(db, { kind: body.kind, recipients })
}

export async function previewNotice(db: Database, body: ConsoleNoticeBody): Promise<NoticeReach> {
  return reachOf(await outcomesOf(db, body))
}

const audienceOf = (audience: NoticeAudience) => (audience.type === 'company' ? { type: audience.type, companyCode: audience.companyCode } : { type: audience.type })

/** What the audit row keeps of a notice (the list of a list audience: its size only). */
const auditSnapshot = (body: ConsoleNoticeBody, extra: Record<string, unknown>) => ({
  kind: body.kind,
  title: body.title,
  target: body.target ?? null,
  audience: { ...audienceOf(body.audience), ...(body.audience.type === 'list' ? { size: body.audience.recipients.length } : {}) },
  ...extra,
})

/** Writes the batch of a notice in `tx` (its fan-out job too) with its audit row; the fan-out's job store must be started. */
async function storeNotice(deps: BatchDeps, tx: Database, body: ConsoleNoticeBody, outcomes: RecipientOutcomes, by: { id: string; batchId: string }, audit: ContentAudit, action: string) {
  const answer = await storeBatch({ ...deps, db: tx }, {
    id: by.batchId,
    source: CONSOLE_NOTICE_SOURCE,
    kind: body.kind,
    text: { title: body.title, body: body.body },
    target: body.target,
    recipients: [],
    requestHash: sha256Hex(JSON.stringify(body)),
    console: { audience: audienceOf(body.audience), createdBy: by.id },
  }, outcomes)
  if (!answer) throw new Error('console notice batch id taken')
  await audit(tx, { action, resourceType: 'notice', resourceId: by.batchId, after: auditSnapshot(body, reachOf(outcomes)) })
}

export async function sendNotice(deps: ConsoleNoticeDeps, operatorId: string, body: ConsoleNoticeBody, audit: ContentAudit): Promise<ConsoleNoticeItem> {
  const outcomes = await outcomesOf(deps.db, body)
  const batchId = randomUUID()
  // pg-boss's own statements must not wait behind the transaction (PGlite is one connection).
  await deps.fanout.started()
  await deps.db.transaction((tx) => storeNotice(deps, tx, body, outcomes, { id: operatorId, batchId }, audit, A.sent))
  deps.fanout.wake()
  return (await listConsoleNotices(deps.db, { batchId }))[0]
}

export async function scheduleNotice(
  deps: ConsoleNoticeDeps,
  operator: { id: string; roles: readonly string[] },
  body: ConsoleNoticeBody & { sendAt: string },
  audit: ContentAudit,
): Promise<ConsoleNoticeItem> {
  const runAt = new Date(body.sendAt)
  if (runAt.getTime() <= deps.now().getTime()) throw new AppError('NOTICE_SEND_AT_PAST')
  const { sendAt: _, ...notice } = body
  // The audience must name somebody now (a company that exists); it is resolved again when sent.
  await outcomesOf(deps.db, notice)
  const batchId = randomUUID()
  await deps.scheduler.prepare()
  await deps.fanout.started()
  const schedule = await deps.db.transaction(async (tx) => {
    const planned = await deps.scheduler.plan(tx, { resourceType: 'notice', resourceId: batchId, action: 'send', runAt, snapshot: notice, createdBy: operator.id, createdRoles: [...operator.roles] })
    await audit(tx, { action: A.scheduled, resourceType: 'notice', resourceId: batchId, after: auditSnapshot(notice, { sendAt: runAt.toISOString(), scheduleId: planned.id }) })
    return planned
  })
  return (await listConsoleNotices(deps.db, { scheduleId: schedule.id }))[0]
}

export async function cancelScheduledNotice(deps: ConsoleNoticeDeps, scheduleId: number, audit: ContentAudit): Promise<ConsoleNoticeItem> {
  const [row] = await deps.db.select({ resourceId: cmsSchedule.resourceId }).from(cmsSchedule).where(and(eq(cmsSchedule.id, scheduleId), eq(cmsSchedule.resourceType, 'notice')))
  if (!row) throw new AppError('NOTICE_NOT_FOUND')
  await deps.db.transaction(async (tx) => {
    await deps.scheduler.cancel(tx, { id: scheduleId, resourceType: 'notice', resourceId: row.resourceId })
    await audit(tx, { action: A.cancelled, resourceType: 'notice', resourceId: row.resourceId, before: { state: 'scheduled' }, after: { state: 'cancelled' } })
  })
  return (await listConsoleNotices(deps.db, { scheduleId }))[0]
}

/** The planned run: the audience as it is now, through the same path as a notice sent at once. */
export function handlePlannedNotices(deps: ConsoleNoticeDeps) {
  deps.scheduler.handle('notice', 'send', async (tx, row, audit) => {
    const body = row.snapshot as ConsoleNoticeBody
    const outcomes = await outcomesOf(tx, body)
    await storeNotice(deps, tx, body, outcomes, { id: row.createdBy ?? '', batchId: row.resourceId }, audit, A.scheduledSent)
    // The worker polls; nudge it once this run's transaction is likely committed.
    setTimeout(() => deps.fanout.wake(), 50).unref()
    return []
  })
}

/** Whether a planned notice waits (the fan-out's job store must be up before its run's transaction: PGlite is one connection). */
export async function plannedNoticesPending(db: Database) {
  const [row] = await db.select({ id: cmsSchedule.id }).from(cmsSchedule).where(and(eq(cmsSchedule.resourceType, 'notice'), eq(cmsSchedule.state, 'pending'))).limit(1)
  return !!row
}

const STATE_OF_SCHEDULE = { pending: 'scheduled', cancelled: 'cancelled', failed: 'failed' } as const

/** The console's notices, newest first: batches (with counts) and planned ones not (yet) sent. */
export async function listConsoleNotices(db: Database, only: { batchId?: string; scheduleId?: number } = {}): Promise<ConsoleNoticeItem[]> {
  const schedules = await db
    .select()
    .from(cmsSchedule)
    .where(and(eq(cmsSchedule.resourceType, 'notice'), only.scheduleId ? eq(cmsSchedule.id, only.scheduleId) : undefined, only.batchId ? eq(cmsSchedule.resourceId, only.batchId) : undefined))
    .orderBy(desc(cmsSchedule.id))
    .limit(only.scheduleId || only.batchId ? 1 : 100)
  const batchIds = only.batchId ? [only.batchId] : only.scheduleId ? schedules.map((s) => s.resourceId) : undefined
  const counts = db
    .select({
      batchId: noticeRecipient.batchId,
      targeted: sql<number>`count(*)::int`.as('targeted'),
      delivered: sql<number>`count(*) filter (where ${noticeRecipient.inbox} = 'delivered')::int`.as('delivered'),
      switchedOff: sql<number>`count(*) filter (where ${noticeRecipient.reason} = 'switchedOff')::int`.as('switched_off'),
      other: sql<number>`count(*) filter (where ${noticeRecipient.inbox} = 'skipped' and ${noticeRecipient.reason} is distinct from 'switchedOff')::int`.as('other'),
    })
    .from(noticeRecipient)
    .groupBy(noticeRecipient.batchId)
    .as('counts')
  const batches = await db
    .select({ batch: noticeBatch, counts: { targeted: counts.targeted, delivered: counts.delivered, switchedOff: counts.switchedOff, other: counts.other } })
    .from(noticeBatch)
    .leftJoin(counts, eq(counts.batchId, noticeBatch.id))
    .where(and(eq(noticeBatch.source, CONSOLE_NOTICE_SOURCE), batchIds ? (batchIds.length ? inArray(noticeBatch.id, batchIds) : sql`false`) : undefined))
    .orderBy(desc(noticeBatch.createdAt))
    .limit(100)
  const scheduleOf = new Map(schedules.map((s) => [s.resourceId, s]))
  const sent: ConsoleNoticeItem[] = batches.map(({ batch, counts: c }) => ({
    id: batch.id,
    kind: batch.kind as ConsoleNoticeItem['kind'],
    title: { 'zh-CN': batch.titleZh, 'en-US': batch.titleEn },
    audience: batch.audience?.type ?? 'list',
    companyCode: batch.audience?.companyCode ?? null,
    state: batch.fannedOutAt ? 'sent' : 'sending',
    sendAt: batch.createdAt.toISOString(),
    createdBy: batch.createdBy,
    scheduleId: scheduleOf.get(batch.id)?.id ?? null,
    targeted: c?.targeted ?? 0,
    delivered: c?.delivered ?? 0,
    skippedSwitchedOff: c?.switchedOff ?? 0,
    skippedOther: c?.other ?? 0,
  }))
  const sentIds = new Set(sent.map((item) => item.id))
  const planned: ConsoleNoticeItem[] = schedules
    .filter((s) => !sentIds.has(s.resourceId) && s.state !== 'done')
    .map((s) => {
      const body = s.snapshot as ConsoleNoticeBody
      return {
        id: s.resourceId,
        kind: body.kind,
        title: body.title,
        audience: body.audience.type,
        companyCode: body.audience.type === 'company' ? body.audience.companyCode : null,
        state: STATE_OF_SCHEDULE[s.state as keyof typeof STATE_OF_SCHEDULE],
        sendAt: s.runAt.toISOString(),
        createdBy: s.createdBy,
        scheduleId: s.id,
        targeted: 0,
        delivered: 0,
        skippedSwitchedOff: 0,
        skippedOther: 0,
      }
    })
  return [...planned, ...sent].sort((a, b) => b.sendAt.localeCompare(a.sendAt))
}
