import { THIRD_PARTY_PROVIDERS } from '@ess/contract'
import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { appUser } from './user'

/**
 * A third-party account (WeChat, QQ, Weibo) bound to a user: one per provider per user, and one
 * user per external account. The subject is the provider's stable id (WeChat unionid or openid, QQ
 * openid, Weibo uid); the provider's tokens are never kept. Deleted with the user (cancellation).
 */
export const externalAccount = pgTable(
  'external_account',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    provider: text({ enum: THIRD_PARTY_PROVIDERS }).notNull(),
    subject: text().notNull(),
    /** The nickname at the provider when bound (shown masked). */
    nickname: text().notNull().default(''),
    boundAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('external_account_provider_subject_key').on(t.provider, t.subject),
    uniqueIndex('external_account_user_provider_key').on(t.userId, t.provider),
  ],
)
