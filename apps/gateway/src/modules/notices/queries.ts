import { NOTICE_LIST_LIMIT, type NoticeKind, type PushKind } from '@ess/contract'
import { and, desc, eq, isNull, notInArray, or, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { notice, noticeRead, pushSetting } from '../../db/schema'

/** The kinds a user switched off. */
export async function disabledKinds(db: Database, userId: string): Promise<PushKind[]> {
  const rows = await db
    .select({ kind: pushSetting.kind })
    .from(pushSetting)
    .where(and(eq(pushSetting.userId, userId), eq(pushSetting.enabled, false)))
  return rows.map((row) => row.kind)
}

export async function upsertPushSetting(db: Database, userId: string, kind: PushKind, enabled: boolean, now: Date): Promise<void> {
  await db
    .insert(pushSetting)
    .values({ userId, kind, enabled, updatedAt: now })
    .onConflictDoUpdate({ target: [pushSetting.userId, pushSetting.kind], set: { enabled, updatedAt: now } })
}

export type NewNotice = typeof notice.$inferInsert

/** Inserts a notice (nothing when its seed key is already there); answers the rows written. */
export async function insertNotice(db: Database, row: NewNotice): Promise<number> {
  const written = await db.insert(notice).values(row).onConflictDoNothing().returning({ id: notice.id })
  return written.length
}

/**
 * Notices a user sees: their own, and the broadcasts from 30 days before the account was made on,
 * of the kinds not switched off.
 */
const visible = (userId: string, hidden: readonly NoticeKind[], since: Date) =>
  and(
    or(
      eq(notice.userId, userId),
      and(isNull(notice.userId), sql`${notice.createdAt} >= ${new Date(since.getTime() - 30 * 86_400_000).toISOString()}`),
    ),
    hidden.length ? notInArray(notice.kind, [...hidden]) : undefined,
  )

export async function listNotices(db: Database, userId: string, hidden: readonly NoticeKind[], since: Date) {
  return db
    .select({
      id: notice.id,
      kind: notice.kind,
      titleZh: notice.titleZh,
      titleEn: notice.titleEn,
      bodyZh: notice.bodyZh,
      bodyEn: notice.bodyEn,
      createdAt: notice.createdAt,
      target: notice.target,
      readAt: noticeRead.readAt,
    })
    .from(notice)
    .leftJoin(noticeRead, and(eq(noticeRead.noticeId, notice.id), eq(noticeRead.userId, userId)))
    .where(visible(userId, hidden, since))
    .orderBy(desc(notice.createdAt))
    .limit(NOTICE_LIST_LIMIT)
}

/** Marks notices read (the ones given, which must be visible to the user). */
export async function markRead(db: Database, userId: string, noticeIds: string[], now: Date): Promise<void> {
  if (!noticeIds.length) return
  await db
    .insert(noticeRead)
    .values(noticeIds.map((noticeId) => ({ noticeId, userId, readAt: now })))
    .onConflictDoNothing()
}

