import { boolean, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { cmsArticle } from './cms'
import { appUser } from './user'

/**
 * "Was this helpful?" on a help question: one row per question and voter, replaced when the voter
 * votes again. The voter is `u:<user id>` for a logged-in user (the row goes with the account),
 * else `d:<SHA-256 of the device id>` (no device id is kept in clear).
 */
export const helpFeedback = pgTable(
  'help_feedback',
  {
    informationId: text()
      .notNull()
      .references(() => cmsArticle.id, { onDelete: 'cascade' }),
    voter: text().notNull(),
    userId: uuid().references(() => appUser.id, { onDelete: 'cascade' }),
    helpful: boolean().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.informationId, t.voter] }), index('help_feedback_user_idx').on(t.userId)],
)
