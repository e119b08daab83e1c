import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { appUser } from './user'

/**
 * A session of the sample micro-assistant (modules/assistant): opened by redeeming a one-time code
 * of the portal, used by the assistant's signed calls until it expires. Only the SHA-256 of the
 * token is kept; the signing key is derived from the assistant's secret and this digest, so it is
 * not stored either. The sessions go with the account (a cancelled account asks nothing more).
 */
export const assistantSession = pgTable(
  'assistant_session',
  {
    tokenHash: text().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    /** The client's conversation id (the portal's device id). */
    sessionId: text().notNull(),
    /** 'mp' (mini-program) or 'h5'. */
    source: text({ enum: ['mp', 'h5'] }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('assistant_session_user_idx').on(t.userId), index('assistant_session_expires_idx').on(t.expiresAt)],
)
