import { type Locale, type NoticeKind, type NoticeList, PUSH_KINDS, type PushKind, type PushSettings } from '@ess/contract'
import type { Database } from '../../db/client'
import { AppError } from '../../lib/app-error'
import { findUserById } from '../user/queries'
import { disabledKinds, insertNotice, listNotices, markRead, upsertPushSetting } from './queries'

export interface NoticeDeps {
  db: Database
  now: () => Date
}

export async function getPushSettings(db: Database, userId: string): Promise<PushSettings> {
  const off = new Set(await disabledKinds(db, userId))
  return PUSH_KINDS.map((kind) => ({ kind, enabled: !off.has(kind) }))
}

export async function setPushSetting(deps: NoticeDeps, userId: string, kind: PushKind, enabled: boolean): Promise<PushSettings> {
  await upsertPushSetting(deps.db, userId, kind, enabled, deps.now())
  return getPushSettings(deps.db, userId)
}

export interface NoticeText {
  title: Record<Locale, string>
  body: Record<Locale, string>
}

/**
 * Puts a notice in a user's inbox (the one function modules call, beside the notifier). A push
 * kind the user switched off is not stored; security notices always are.
 */
export async function publishNotice(db: Database, userId: string, kind: NoticeKind, text: NoticeText, now: Date): Promise<boolean> {
  if (kind !== 'security' && kind !== 'system' && (await disabledKinds(db, userId)).includes(kind)) return false
  await insertNotice(db, {
    userId,
    kind,
    titleZh: text.title['zh-CN'],
    titleEn: text.title['en-US'],
    bodyZh: text.body['zh-CN'],
    bodyEn: text.body['en-US'],
    createdAt: now,
  })
  return true
}

/** A notice to every user (user id null), written once per seed key; answers the rows written. */
export async function publishBroadcast(db: Database, seedKey: string, kind: NoticeKind, text: NoticeText, at: Date): Promise<number> {
  return insertNotice(db, {
    seedKey,
    kind,
    titleZh: text.title['zh-CN'],
    titleEn: text.title['en-US'],
    bodyZh: text.body['zh-CN'],
    bodyEn: text.body['en-US'],
    createdAt: at,
  })
}

async function visibleNotices(db: Database, userId: string) {
  const user = await findUserById(db, userId)
  if (!user) throw new AppError('SESSION_INVALID')
  return listNotices(db, userId, await disabledKinds(db, userId), user.createdAt)
}

export async function getNotices(db: Database, userId: string, locale: Locale): Promise<NoticeList> {
  const rows = await visibleNotices(db, userId)
  const en = locale === 'en-US'
  return {
    unread: rows.filter((row) => !row.readAt).length,
    notices: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      title: en ? row.titleEn : row.titleZh,
      body: en ? row.bodyEn : row.bodyZh,
      at: row.createdAt.toISOString(),
      read: !!row.readAt,
      ...(row.target ? { target: row.target } : {}),
    })),
  }
}

/** Marks one notice, or every notice the user sees, read; NOT_FOUND for a notice not theirs. */
export async function readNotices(deps: NoticeDeps, userId: string, id: string | undefined): Promise<{ unread: number }> {
  const rows = await visibleNotices(deps.db, userId)
  const unread = rows.filter((row) => !row.readAt)
  if (id !== undefined && !rows.some((row) => row.id === id)) throw new AppError('NOT_FOUND')
  const ids = id === undefined ? unread.map((row) => row.id) : unread.some((row) => row.id === id) ? [id] : []
  await markRead(deps.db, userId, ids, deps.now())
  return { unread: unread.length - ids.length }
}

/**
 * The demo "salary released" notice (a broadcast of kind salary), so a person trying the portal
 * finds one in the inbox. Dated at the first start; shown to accounts made within 30 days of it.
 */
export function seedNotices(db: Database, now = new Date()): Promise<number> {
  return publishBroadcast(
    db,
    'demo-salary-released',
    'salary',
    {
      title: { 'zh-CN': '本月工资已发放', 'en-US': "This month's salary has been paid" },
      body: {
        'zh-CN': '您本月的工资已发放至工资卡，可在首页“工资条”查看明细。如有疑问，请联系人力资源服务热线。',
        'en-US': "This month's salary has been paid into your salary account. See the details under Payslips on Home; for questions, call the HR service hotline.",
      },
    },
    now,
  )
}
