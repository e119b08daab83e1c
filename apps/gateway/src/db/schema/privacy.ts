import { PRIVACY_INFO_TYPES, PRIVACY_SCENES } from '@ess/contract'
import { index, integer, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { appUser } from './user'

/**
 * The collection ledger: one row per collection of one type of personal information about a user
 * (registration, real-name verification, profile edits, avatar, codes sent, third-party binding).
 * Written only through `recordCollection` (modules/privacy/ledger.ts). Sign-ins are not written
 * here: the first token pair of each login (`user_session`) already keeps its device id and
 * address, and the privacy queries read them from there.
 * `masked` is the value as shown back to the user (never the value itself).
 */
export const collectionRecord = pgTable(
  'collection_record',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid()
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    infoType: text({ enum: PRIVACY_INFO_TYPES }).notNull(),
    scene: text({ enum: PRIVACY_SCENES }).notNull(),
    at: timestamp({ withTimezone: true }).notNull(),
    /** How many values of the type this collection took (e.g. the fields of one profile edit). */
    count: smallint().notNull().default(1),
    masked: text(),
  },
  (t) => [index('collection_record_user_at_idx').on(t.userId, t.at)],
)
