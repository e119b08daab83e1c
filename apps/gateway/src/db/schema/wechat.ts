import { pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
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
