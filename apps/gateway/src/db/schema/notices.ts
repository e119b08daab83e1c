import { NOTICE_INBOX_STATES, NOTICE_KINDS, NOTICE_WECHAT_STATES, type NoticeTarget, PUSH_KINDS, type SentNotice } from '@ess/contract'
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { appUser } from './user'

/**
 * A notice sent to a list of employees (by a provider's system through the notices API, or later by
 * an operator): its text, the first answer (kept for a retried call with the same Idempotency-Key),
 * and whether its fan-out into the inboxes is over. The fan-out is a pg-boss job naming it.
 */
export const noticeBatch = pgTable(
  'notice_batch',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Who sent it: a notices-API app id. */
    source: text().notNull(),
    idempotencyKey: text(),
    /** SHA-256 of the request body: the same key with another body is refused. */
    requestHash: text().notNull(),
    /** A push kind, or `system` (a console notice nobody can switch off). */
    kind: text({ enum: NOTICE_KINDS }).notNull(),
    titleZh: text().notNull(),
    titleEn: text().notNull(),
    bodyZh: text().notNull(),
    bodyEn: text().notNull(),
    target: jsonb().$type<NoticeTarget>(),
    answer: jsonb().$type<SentNotice>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    /** When every queued recipient's inbox row was written. */
    fannedOutAt: timestamp({ withTimezone: true }),
    /** A console notice's audience (everyone, a company, a list) as the operator chose it; null from the notices API. */
    audience: jsonb().$type<{ type: 'all' | 'company' | 'list'; companyCode?: string }>(),
    /** The operator who sent (or planned) a console notice. */
    createdBy: uuid(),
  },
  (t) => [uniqueIndex('notice_batch_source_key').on(t.source, t.idempotencyKey)],
)

/** One recipient of a batch, in the order of the request, and its delivery per channel. */
export const noticeRecipient = pgTable(
  'notice_recipient',
  {
    batchId: uuid()
      .notNull()
      .references(() => noticeBatch.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    companyCode: text().notNull(),
    employeeNo: text().notNull(),
    userId: uuid().references(() => appUser.id, { onDelete: 'set null' }),
    inbox: text({ enum: NOTICE_INBOX_STATES }).notNull(),
    wechat: text({ enum: NOTICE_WECHAT_STATES }).notNull().default('none'),
    /** The subscribe message queued for it (outbox_message), whose state is the WeChat delivery. */
    wechatMessageId: integer(),
    /** Why it was skipped (noAccount, switchedOff, duplicate). */
    reason: text(),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.position] })],
)

/** A push kind a user switched (absent: on, the default). */
export const pushSetting = pgTable(
  'push_setting',
  {
    userId: uuid()
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    kind: text({ enum: PUSH_KINDS }).notNull(),
    enabled: boolean().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
)

/**
 * A notice of the inbox: to one user, or to every user when `userId` is null (a broadcast, such as
 * "salary released"). Texts in both languages; shown to a user whose push setting of the kind is on
 * (security notices always).
 */
export const notice = pgTable(
  'notice',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid().references(() => appUser.id, { onDelete: 'cascade' }),
    kind: text({ enum: NOTICE_KINDS }).notNull(),
    /** A stable key of a seeded broadcast, so the seed writes it once. */
    seedKey: text().unique(),
    /** The batch it came from: one inbox row per batch and user, however often the fan-out runs. */
    batchId: uuid().references(() => noticeBatch.id, { onDelete: 'set null' }),
    /** Where the notice leads (a portal route or an inner jump). */
    target: jsonb().$type<NoticeTarget>(),
    titleZh: text().notNull(),
    titleEn: text().notNull(),
    bodyZh: text().notNull(),
    bodyEn: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('notice_user_created_idx').on(t.userId, t.createdAt), uniqueIndex('notice_batch_user_key').on(t.batchId, t.userId)],
)

/** When a user read a notice. */
export const noticeRead = pgTable(
  'notice_read',
  {
    noticeId: uuid()
      .notNull()
      .references(() => notice.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    readAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.noticeId, t.userId] })],
)
