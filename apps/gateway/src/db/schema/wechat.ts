import { LOCALES } from '@ess/contract'
import { sql } from 'drizzle-orm'
import { index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { appUser } from './user'

/**
 * The mini-program's open id of a user, per mini-program app (an environment has its own app, SPEC
 * §3), bound when the user signs in through WeChat in the mini-program; the latest account signed in
 * from that WeChat user holds it. WeChat's session key is never kept. Deleted with the user.
 */
export const wechatMiniAccount = pgTable(
  'wechat_mini_account',
  {
    appId: text().notNull(),
    openId: text().notNull(),
    /** The same person across the provider's apps, when WeChat gives it (an open-platform account). */
    unionId: text(),
    userId: uuid()
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    boundAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.openId] })],
)

/**
 * One allowed subscribe message (WeChat's one-time subscription): the user accepted the template
 * in `wx.requestSubscribeMessage` from the mini-program as `openId`, in `locale`. A notice of the template's
 * kind uses one up (`usedFor`: the batch and user it went out for, unique, so a fan-out run twice
 * cannot use two for one notice). Deleted with the user.
 */
export const wechatSubscribeAccept = pgTable(
  'wechat_subscribe_accept',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    appId: text().notNull(),
    openId: text().notNull(),
    templateId: text().notNull(),
    /** The language the employee used when accepting: the message's language (WeChat's lang). */
    locale: text({ enum: LOCALES }).notNull(),
    acceptedAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    usedFor: text(),
  },
  (t) => [
    index('wechat_subscribe_accept_unused_idx').on(t.userId, t.appId, t.templateId, t.acceptedAt).where(sql`${t.usedAt} is null`),
    uniqueIndex('wechat_subscribe_accept_used_for_key').on(t.usedFor),
  ],
)
