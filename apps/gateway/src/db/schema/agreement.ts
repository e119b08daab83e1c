import { AGREEMENT_CODES, AGREEMENT_TYPES } from '@ess/contract'
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'

/** A kind of agreement (user, privacy, cancellation) and the set it belongs to (getAppAgreements type). */
export const agreement = pgTable('agreement', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  code: text({ enum: AGREEMENT_CODES }).notNull().unique(),
  setType: text({ enum: AGREEMENT_TYPES }).notNull(),
  sortOrder: integer().notNull(),
})

/**
 * A published version of an agreement. A version never changes once published (users sign a
 * version: a later `user_agreement` row references `agreement_version.id`); a new text is a new
 * version. The current version is the latest one published up to now.
 */
export const agreementVersion = pgTable(
  'agreement_version',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    agreementId: integer()
      .notNull()
      .references(() => agreement.id),
    version: text().notNull(),
    publishedAt: timestamp({ withTimezone: true }).notNull(),
    required: boolean().notNull(),
    nameZh: text().notNull(),
    nameEn: text().notNull(),
    /** Markdown (headings, paragraphs, lists, bold). */
    bodyZh: text().notNull(),
    bodyEn: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('agreement_version_agreement_version_key').on(t.agreementId, t.version),
    index('agreement_version_current_idx').on(t.agreementId, t.publishedAt),
  ],
)

/** The draft of an agreement's next version (issue 33), edited in the console; one per agreement. */
export const agreementDraft = pgTable('agreement_draft', {
  agreementId: integer()
    .primaryKey()
    .references(() => agreement.id),
  nameZh: text().notNull(),
  nameEn: text().notNull(),
  bodyZh: text().notNull(),
  bodyEn: text().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull(),
  updatedBy: text(),
})
