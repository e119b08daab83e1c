import { SECURITY_EVENT_TYPES } from '@ess/contract'
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { appUser } from './user'

/**
 * The argon2id hashes of an account's earlier passwords (PASSWORD_HISTORY_SIZE - 1 are kept
 * besides the current one), so a new password cannot be one of the last ones.
 */
export const passwordHistory = pgTable(
  'password_history',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid()
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    passwordHash: text().notNull(),
    /** When this password stopped being the current one. */
    replacedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('password_history_user_idx').on(t.userId, t.replacedAt)],
)

/**
 * What happened to an account's security, for the user's own sign-in history (devices screen):
 * failed sign-ins, lockouts, identity checks, changes of password, phone and email, devices signed
 * out. Successful sign-ins are not written here: the login sessions themselves record them.
 */
export const securityEvent = pgTable(
  'security_event',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid()
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    type: text({ enum: SECURITY_EVENT_TYPES }).notNull(),
    at: timestamp({ withTimezone: true }).notNull(),
    ip: text().notNull(),
    deviceId: text().notNull(),
    client: text().notNull(),
    userAgent: text().notNull().default(''),
  },
  (t) => [index('security_event_user_at_idx').on(t.userId, t.at)],
)

/**
 * What is kept of a cancelled account (SPEC §1): no personal data, only that an account ended,
 * when, and on whose request — the audit line security and the law ask for. The account row and
 * everything that references it are deleted.
 */
export const accountCancellation = pgTable('account_cancellation', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  /** The id the account had (no foreign key: the account is gone). */
  userId: uuid().notNull(),
  cancelledAt: timestamp({ withTimezone: true }).notNull(),
  /** 'self': the holder, after the identity check and the agreement. */
  requestedBy: text({ enum: ['self'] }).notNull(),
  /** The `_c` client type the request came from (h5, weapp, ios, android). */
  client: text().notNull(),
})
