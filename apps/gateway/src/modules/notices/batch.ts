import { randomUUID } from 'node:crypto'
import { type NoticeDelivery, type NoticeKind, type NoticeRecipient, type NoticeTarget, PUSH_KINDS, type PushKind, type RecipientOutcome, type SendNoticeBody, type SentNotice } from '@ess/contract'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { clientCompany, employee, noticeBatch, noticeRecipient, outboxMessage, pushSetting, userCertification } from '../../db/schema'
import { AppError } from '../../lib/app-error'
import { sha256Hex } from '../../lib/digest'
import type { Fanout } from './fanout'
import type { NoticeText } from './service'
import { templateText } from './templates'

export interface BatchDeps {
  db: Database
  now: () => Date
  fanout: Fanout
}

/** A notice to a list of employees, as the notices API (and later the console) hands it over. */
export interface BatchRequest {
  /** Who sends it (a notices-API app id, or `console`); idempotency keys and reads are per source. */
  source: string
  /** A push kind, or `system` from the console (nobody switches it off). */
  kind: PushKind | Extract<NoticeKind, 'system'>
  /** The batch's id when the caller chose it (a planned console notice); a new one otherwise. */
  id?: string
  text: NoticeText
  target?: NoticeTarget
  recipients: readonly NoticeRecipient[]
  idempotencyKey?: string
  /** What makes two requests with one key the same request (the exact body). */
  requestHash: string
  /** A console notice: its audience and operator; its answer keeps the counts, not each recipient (an audience may be the whole roster). */
  console?: { audience: { type: 'all' | 'company' | 'list'; companyCode?: string }; createdBy: string }
}

const pairKey = (companyCode: string, employeeNo: string) => `${companyCode}\u0000${employeeNo}`

/**
 * The account linked (by a real-name verification) to each employee of the list that has one:
 * company code + employee number → user id. One query for the whole list.
 */
async function linkedAccounts(db: Database, recipients: readonly NoticeRecipient[]): Promise<Map<string, string>> {
  const pairs = [...new Map(recipients.map((r) => [pairKey(r.companyCode, r.employeeNo), r])).values()]
  if (!pairs.length) return new Map()
  // The list as one JSON parameter joined as a table: a thousand (code, number) pairs in an IN
  // list overflow PGlite's parser stack.
  const list = JSON.stringify(pairs.map((p) => ({ c: p.companyCode, n: p.employeeNo })))
  const rows = await db
    .select({ companyCode: clientCompany.code, employeeNo: employee.employeeNo, userId: userCertification.userId })
    .from(sql`jsonb_to_recordset(${list}::jsonb) as wanted(c text, n text)`)
    .innerJoin(clientCompany, sql`${clientCompany.code} = wanted.c`)
    .innerJoin(employee, and(eq(employee.companyId, clientCompany.id), sql`${employee.employeeNo} = wanted.n`))
    .innerJoin(userCertification, eq(userCertification.employeeId, employee.id))
  return new Map(rows.map((row) => [pairKey(row.companyCode, row.employeeNo), row.userId]))
}

/** Of these users, those who switched `kind` off (a system notice: nobody). */
async function switchedOff(db: Database, kind: BatchRequest['kind'], userIds: string[]): Promise<Set<string>> {
  if (!userIds.length || !(PUSH_KINDS as readonly string[]).includes(kind)) return new Set()
  const rows = await db
    .select({ userId: pushSetting.userId })
    .from(pushSetting)
    .where(and(eq(pushSetting.kind, kind as PushKind), eq(pushSetting.enabled, false), inArray(pushSetting.userId, userIds)))
  return new Set(rows.map((row) => row.userId))
}

/** The first answer of the source's request with this key; IDEMPOTENCY_KEY_CONFLICT when that request was another. */
async function earlierAnswer(db: Database, source: string, key: string, requestHash: string): Promise<SentNotice | undefined> {
  const [earlier] = await db
    .select({ answer: noticeBatch.answer, requestHash: noticeBatch.requestHash })
    .from(noticeBatch)
    .where(and(eq(noticeBatch.source, source), eq(noticeBatch.idempotencyKey, key)))
  if (!earlier) return undefined
  if (earlier.requestHash !== requestHash) throw new AppError('IDEMPOTENCY_KEY_CONFLICT')
  return earlier.answer
}

/**
 * Accepts a notice for a list of employees: resolves each through the roster and the real-name
 * link, skips those without an account, those who switched the kind off and repeats, and writes
 * the batch, its recipients and the fan-out job in one transaction (all or nothing). The answer is
 * kept: the same Idempotency-Key again answers it without a second batch; with another body it
 * is refused.
 */
export async function acceptBatch(deps: BatchDeps, request: BatchRequest): Promise<SentNotice> {
  const { db } = deps
  if (request.idempotencyKey) {
    const earlier = await earlierAnswer(db, request.source, request.idempotencyKey, request.requestHash)
    if (earlier) return earlier
  }
  const outcomes = await resolveRecipients(db, request)
  // pg-boss's own statements must not wait behind the transaction (PGlite is one connection).
  await deps.fanout.started()
  const stored = await db.transaction((tx) => storeBatch({ ...deps, db: tx }, request, outcomes))
  if (!stored) return (await earlierAnswer(db, request.source, request.idempotencyKey as string, request.requestHash)) as SentNotice
  deps.fanout.wake()
  return stored
}

export type RecipientOutcomes = Array<RecipientOutcome & { userId: string | null }>

/**
 * Each recipient's outcome: queued (with the linked account), or skipped — duplicate, noAccount
 * (not on the roster or no real-name link), switchedOff (the kind is off in their push settings).
 */
export async function resolveRecipients(db: Database, request: Pick<BatchRequest, 'kind' | 'recipients'>): Promise<RecipientOutcomes> {
  const linked = await linkedAccounts(db, request.recipients)
  const off = await switchedOff(db, request.kind, [...new Set(linked.values())])
  const seen = new Set<string>()
  const outcomes: Array<RecipientOutcome & { userId: string | null }> = request.recipients.map(({ companyCode, employeeNo }) => {
    const key = pairKey(companyCode, employeeNo)
    const userId = linked.get(key)
    const base = { companyCode, employeeNo }
    if (seen.has(key)) return { ...base, status: 'skipped', reason: 'duplicate', userId: null }
    seen.add(key)
    if (!userId) return { ...base, status: 'skipped', reason: 'noAccount', userId: null }
    if (off.has(userId)) return { ...base, status: 'skipped', reason: 'switchedOff', userId: null }
    return { ...base, status: 'queued', userId }
  })
  return outcomes
}

/**
 * Writes the batch, its recipients and the fan-out job in the caller's transaction (`deps.db`);
 * the fan-out's job store must be started (fanout.started()) before that transaction opened.
 * Undefined when the source's Idempotency-Key was taken meanwhile.
 */
export async function storeBatch(deps: BatchDeps, request: BatchRequest, outcomes: RecipientOutcomes): Promise<SentNotice | undefined> {
  const queued = outcomes.filter((o) => o.status === 'queued').length
  const id = request.id ?? randomUUID()
  const answer: SentNotice = {
    id,
    queued,
    skipped: outcomes.length - queued,
    recipients: request.console ? [] : outcomes.map(({ userId: _, ...outcome }) => outcome),
  }
  const now = deps.now()
  const tx = deps.db
  {
    const [batch] = await tx
      .insert(noticeBatch)
      .values({
        id,
        source: request.source,
        idempotencyKey: request.idempotencyKey ?? null,
        requestHash: request.requestHash,
        kind: request.kind,
        titleZh: request.text.title['zh-CN'],
        titleEn: request.text.title['en-US'],
        bodyZh: request.text.body['zh-CN'],
        bodyEn: request.text.body['en-US'],
        target: request.target ?? null,
        audience: request.console?.audience ?? null,
        createdBy: request.console?.createdBy ?? null,
        answer,
        createdAt: now,
        fannedOutAt: queued ? null : now,
      })
      .onConflictDoNothing()
      .returning({ id: noticeBatch.id })
    // The same key raced in from another call (or gateway), which won: its answer.
    if (!batch) return undefined
    await tx.insert(noticeRecipient).values(
      outcomes.map((outcome, position) => ({
        batchId: id,
        position,
        companyCode: outcome.companyCode,
        employeeNo: outcome.employeeNo,
        userId: outcome.userId,
        inbox: outcome.status === 'queued' ? ('pending' as const) : ('skipped' as const),
        wechat: 'none' as const,
        reason: outcome.reason ?? null,
      })),
    )
    if (queued) await deps.fanout.enqueue(tx, id)
    return answer
  }
}

/** The text of a request: its own words in both languages, or a template's. */
export function requestText(body: SendNoticeBody): NoticeText {
  if (body.templateId) return templateText(body.templateId, body.params ?? {})
  return { title: body.title as NoticeText['title'], body: body.body as NoticeText['body'] }
}

export const hashOf = (rawBody: string | undefined) => sha256Hex(rawBody ?? '')

const WECHAT_STATE = { queued: 'pending', delivered: 'sent', failed: 'failed' } as const

/** Delivery state of a batch the source sent, per recipient and channel; NOT_FOUND for another's or none. */
export async function batchDelivery(db: Database, source: string, id: string): Promise<NoticeDelivery> {
  const [batch] = await db
    .select({ id: noticeBatch.id, kind: noticeBatch.kind, createdAt: noticeBatch.createdAt, fannedOutAt: noticeBatch.fannedOutAt })
    .from(noticeBatch)
    .where(and(eq(noticeBatch.id, id), eq(noticeBatch.source, source)))
  if (!batch) throw new AppError('NOT_FOUND')
  const rows = await db
    .select({
      companyCode: noticeRecipient.companyCode,
      employeeNo: noticeRecipient.employeeNo,
      reason: noticeRecipient.reason,
      inbox: noticeRecipient.inbox,
      wechat: noticeRecipient.wechat,
      message: outboxMessage.state,
    })
    .from(noticeRecipient)
    .leftJoin(outboxMessage, eq(outboxMessage.id, noticeRecipient.wechatMessageId))
    .where(eq(noticeRecipient.batchId, id))
    .orderBy(asc(noticeRecipient.position))
  return {
    id: batch.id,
    // The notices API sends push kinds only (a system notice comes from the console, another source).
    kind: batch.kind as PushKind,
    createdAt: batch.createdAt.toISOString(),
    complete: !!batch.fannedOutAt,
    recipients: rows.map((row) => ({
      companyCode: row.companyCode,
      employeeNo: row.employeeNo,
      status: row.reason ? 'skipped' : 'queued',
      ...(row.reason ? { reason: row.reason as RecipientOutcome['reason'] } : {}),
      inbox: row.inbox,
      // A queued subscribe message's state is its queue message's: sent once WeChat took it.
      wechat: row.wechat === 'pending' && row.message ? WECHAT_STATE[row.message] : row.wechat,
    })),
  }
}
