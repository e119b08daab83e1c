import { NOTICE_KINDS, PUSH_KINDS } from '@ess/contract'
import { boolean, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { appUser } from './user'

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
    titleZh: text().notNull(),
    titleEn: text().notNull(),
    bodyZh: text().notNull(),
    bodyEn: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('notice_user_created_idx').on(t.userId, t.createdAt)],
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
